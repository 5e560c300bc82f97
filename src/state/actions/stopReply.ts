/**
 * Esc and the Stop button, for the session on screen. Light on purpose: the key handler
 * must answer at once whether it used the key, so this is part of the first load and
 * does not wait for the agent chunk (before start-up there is nothing to stop).
 */
import { getRuntime, hasRuntime } from '../app/runtime';
import { notifyError } from '../slices/status/actions';
import { errorText } from '../store/storeAccess';

/** Cancels a handoff being written, else answers a live proposal "Not now", else stops the reply. */
export function stop(): boolean {
  if (!hasRuntime()) return false;
  const { session } = getRuntime();
  if (session.isGeneratingHandoff) return session.abortHandoff();
  // Esc while the model's handoff proposal waits is "Not now": the chat goes on.
  if (session.handoffProposal && !session.handoffProposal.restored) {
    void import('./afterReply')
      .then(({ answerHandoffProposal }) => answerHandoffProposal({ accepted: false }))
      .catch((error: unknown) => notifyError(errorText(error)));
    return true;
  }
  if (session.isStreaming) {
    session.stopReply();
    return true;
  }
  return false;
}
