/**
 * Mirrors an agent session's events into the store: applySessionEvent and heldReply
 * decide how each event changes what the UI shows; this only subscribes, throttles the
 * streamed reply to one update per frame, and says what the events ask to be said.
 */
import type { AgentSession, SessionEvent } from '../../core/agentSession';
import { sumSessionUsage } from '../../core/usage/sessionUsage';
import { branchMarks } from '../slices/session/branchMarks';
import { notify, notifyError } from '../slices/status/actions';
import type { SessionView } from '../store/applySessionEvent';
import { applyHoldingDocument, type EventCarry } from '../store/heldReply';
import type { BatonState } from '../store/store';
import { get, set } from '../store/storeAccess';
import { frameThrottle } from './frameThrottle';

/** Set when the model has finished writing a handoff document; the switch follows. */
export const HANDOFF_DOCUMENT_END_MARK = 'baton:handoff-document-end';

/** What the reducer may read of `session`. */
export function sessionView(session: AgentSession): SessionView {
  return {
    branch: () => session.log.getBranch(),
    usage: () => sumSessionUsage(session.log.entries()),
    marks: () => branchMarks(session.log.entries(), session.log.getBranch()),
    leafId: () => session.log.header.leafId,
    queues: () => session.queues,
    generatingHandoff: () => session.isGeneratingHandoff,
  };
}

/** Subscribes the store to `session`'s events. Returns the unsubscribe (a pending frame is dropped). */
export function mirrorSession(session: AgentSession, streamingEntryId?: string): () => void {
  const streaming = frameThrottle<BatonState['streaming']>((value) => set({ streaming: value }));
  const view = sessionView(session);
  // A session shown again mid-reply (see liveSessions.ts): its reply's entry is known.
  let carry: EventCarry = { streamingEntryId, held: false };
  const stop = session.subscribe((event: SessionEvent) => {
    const result = applyHoldingDocument(get(), event, view, carry);
    carry = { streamingEntryId: result.streamingEntryId, held: result.held };
    if (result.dropPendingFrame) streaming.cancel();
    if (Object.keys(result.patch).length > 0) set(result.patch);
    if (result.streaming !== undefined) {
      streaming.push(result.streaming);
      // A finished reply replaces the streamed one at once, not a frame later.
      if (result.streaming === null) streaming.flush();
    }
    // User Timing for `npm run bench` (P2 starts here) and for profiles in devtools.
    if (result.documentWritten) performance.mark(HANDOFF_DOCUMENT_END_MARK);
    for (const notice of result.notices) (notice.kind === 'error' ? notifyError : notify)(notice.text);
  });
  return () => {
    stop();
    streaming.cancel();
  };
}
