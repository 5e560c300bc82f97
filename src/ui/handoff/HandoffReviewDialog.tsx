import { useState } from 'react';
import { finishHandoffReview } from '../../state/actions/actions';
import { useBaton } from '../../state/store/useBaton';
import { Dialog } from '../overlay/Dialog';
import './handoffReview.css';

export const EMPTY_REVIEW_MESSAGE = 'The document is empty. Write the handoff, or Cancel.';

/**
 * "Review handoff before starting": the captured document in an editor. "Start new
 * session" continues with the edited text; Cancel (or Esc) cancels the handoff. An
 * empty document is not accepted here: the editor stays open and says why.
 */
export function HandoffReviewDialog() {
  const review = useBaton((s) => s.handoffReview);
  if (!review) return null;
  return <ReviewEditor document={review.document} />;
}

function ReviewEditor({ document }: { document: string }) {
  const [text, setText] = useState(document);
  const [problem, setProblem] = useState<string | null>(null);

  const start = () => {
    if (!text.trim()) {
      setProblem(EMPTY_REVIEW_MESSAGE);
      return;
    }
    finishHandoffReview(text);
  };

  return (
    <Dialog
      title="Review handoff document"
      className="handoff-review-dialog"
      onClose={() => finishHandoffReview(undefined)}
    >
      <p className="muted">Edit what the new session starts from. Nothing is sent until you start it.</p>
      <label className="handoff-review-label">
        Handoff document
        <textarea
          className="handoff-review-text"
          value={text}
          rows={18}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
        />
      </label>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={() => finishHandoffReview(undefined)}>
          Cancel
        </button>
        <button type="button" className="primary" onClick={start}>
          Start new session
        </button>
      </div>
    </Dialog>
  );
}
