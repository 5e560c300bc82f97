import { useEffect, useState } from 'react';
import type { HandoffState } from '../../core/handoff/handoffState';
import type { Message } from '../../core/types/message';
import { textOf } from '../../core/types/messageText';
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
  return (
    <div className="handoff-progress" role="progressbar" aria-label="Handoff progress">
      <span className="spinner" aria-hidden="true" />
      <span>{generatingLine(handoff, streaming?.message, now)} · Esc to cancel</span>
      <button type="button" onClick={() => stop()}>
        Cancel
      </button>
    </div>
  );
}

/** What the handoff is doing now: a condensing pass, or writing the document. */
function generatingLine(
  handoff: Extract<HandoffState, { status: 'generating' }>,
  message: Message | undefined,
  now: number,
): string {
  if (handoff.condensing) {
    const { done, total } = handoff.condensing;
    return `Condensing ${Math.min(done + 1, total)} of ${total}… · the conversation is longer than the model's window`;
  }
  const seconds = Math.max(0, Math.floor((now - handoff.startedAt) / 1000));
  // The API reports a token or so at the start and the real count only at the end; until
  // then estimate about four characters a token, never showing less than reported.
  const estimate = Math.ceil((message ? textOf(message).length : 0) / 4);
  const tokens = Math.max(message?.usage?.output ?? 0, estimate);
  return `Writing handoff document · ${seconds}s · ${tokens} tokens`;
}
