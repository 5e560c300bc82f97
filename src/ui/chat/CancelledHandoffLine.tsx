import { useId, useState } from 'react';
import { startHandoff } from '../../state/actions/actions';
import { selectHandoffActive } from '../../state/store/selectors';
import { useBaton } from '../../state/store/useBaton';
import { PlainText } from '../text/PlainText';
import './cancelledHandoff.css';

/**
 * What a cancelled handoff leaves in the transcript: one line. What the model had written
 * opens on request (it was sent nowhere and counts for nothing); the handoff can be asked
 * for again from here.
 */
export function CancelledHandoffLine({ partial }: { partial: string }) {
  const [open, setOpen] = useState(false);
  const handoffActive = useBaton(selectHandoffActive);
  const documentId = useId();
  return (
    <section className="cancelled-handoff" aria-label="Cancelled handoff">
      <p className="cancelled-handoff-line">
        <span>Cancelled handoff</span>
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          aria-controls={documentId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide' : 'Reopen'}
        </button>
        <button
          type="button"
          className="link-button"
          disabled={handoffActive}
          onClick={() => void startHandoff('')}
        >
          Hand off again
        </button>
      </p>
      {open && (
        <section id={documentId} className="cancelled-handoff-document" aria-label="Partial handoff document">
          <pre>
            <PlainText text={partial || 'Nothing was written before the handoff was cancelled.'} />
          </pre>
        </section>
      )}
    </section>
  );
}
