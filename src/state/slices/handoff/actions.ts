/**
 * The handoff slice's actions: the review editor. A handoff with review on waits in
 * reviewDocument until the user answers (finishHandoffReview) or the handoff is aborted;
 * the answer is handoff state, so nothing outside the store holds the promise.
 */
import type { HandoffReviewer } from '../../../core/handoff/handoffMachine';
import { get, set } from '../../store/storeAccess';

/** Opens the review editor and waits for "Start new session" (the text) or Cancel (undefined). */
export const reviewDocument: HandoffReviewer = (document, signal) =>
  new Promise((resolve) => {
    // A review still open (never, in practice) is cancelled rather than left waiting.
    get().answerReview?.(undefined);
    set({ handoffReview: { document }, answerReview: resolve });
    signal.addEventListener('abort', () => {
      if (get().answerReview === resolve) finishHandoffReview(undefined);
    });
  });

/** The review editor's answer: the edited document, or undefined to cancel the handoff. */
export function finishHandoffReview(text: string | undefined): void {
  const { answerReview, handoffReview } = get();
  if (answerReview !== null || handoffReview !== null) set({ handoffReview: null, answerReview: null });
  answerReview?.(text);
}

/** A chain of automatic handoffs stopped at the limit in session `sessionId`: `text` says so there. */
export function showAutoHandoffStop(sessionId: string, text: string): void {
  set({ autoHandoffStop: { sessionId, text } });
}

/** The user sent a message (a new chain begins) or dismissed the sentence. */
export function dismissAutoHandoffStop(): void {
  if (get().autoHandoffStop !== null) set({ autoHandoffStop: null });
}
