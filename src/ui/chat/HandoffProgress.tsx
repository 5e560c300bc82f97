import { useEffect, useState } from 'react';
import { textOf } from '../../core/session/types';
import { stop } from '../../state/actions/actions';
import { useBaton } from '../../state/store/useBaton';

/** The progress line while the document is written: elapsed time, tokens so far, how to cancel. */
export function HandoffProgress() {
  const handoff = useBaton((s) => s.handoff);
  const streaming = useBaton((s) => s.streaming);
  const [now, setNow] = useState(() => Date.now());
  const generating = handoff.status === 'generating';

  useEffect(() => {
    if (!generating) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      clearInterval(timer);
    };
  }, [generating]);

  if (handoff.status === 'switching') {
    return (
      <div className="handoff-progress" role="progressbar" aria-label="Handoff progress">
        Starting the new session…
      </div>
    );
  }
  if (handoff.status !== 'generating') return null;
  if (handoff.condensing) {
    const { done, total } = handoff.condensing;
    return (
      <div className="handoff-progress" role="progressbar" aria-label="Handoff progress">
        <span className="spinner" aria-hidden="true" />
        <span>
          Condensing {Math.min(done + 1, total)} of {total}… · the conversation is longer than the model's
          window · Esc to cancel
        </span>
        <button type="button" onClick={() => stop()}>
          Cancel
        </button>
      </div>
    );
  }
  const seconds = Math.max(0, Math.floor((now - handoff.startedAt) / 1000));
  const message = streaming?.message;
  // The API reports a token or so at the start and the real count only at the end; until
  // then estimate about four characters a token, never showing less than reported.
  const estimate = Math.ceil((message ? textOf(message).length : 0) / 4);
  const tokens = Math.max(message?.usage?.output ?? 0, estimate);
  return (
    <div className="handoff-progress" role="progressbar" aria-label="Handoff progress">
      <span className="spinner" aria-hidden="true" />
      <span>
        Writing handoff document · {seconds}s · {tokens} tokens · Esc to cancel
      </span>
      <button type="button" onClick={() => stop()}>
        Cancel
      </button>
    </div>
  );
}
