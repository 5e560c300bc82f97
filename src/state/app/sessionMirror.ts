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

/**
 * The events that may wait for the next frame while a tool round goes on unattended:
 * they change only what the transcript shows, and the run reaches no user before the
 * next request has left (a permission card comes through the tool hub, not here).
 */
const HOLDABLE: ReadonlySet<SessionEvent['type']> = new Set([
  'message_start',
  'message_end',
  'turn_end',
  'tool_round',
  'todos_changed',
  'header_changed',
  'queue_update',
]);

/** A reply that stopped to call tools: its calls run and the follow-up is sent unattended. */
function callsTools(event: SessionEvent): boolean {
  return (
    event.type === 'message_end' &&
    event.message.role === 'assistant' &&
    event.message.stopReason === 'tool_use'
  );
}

/** Subscribes the store to `session`'s events. Returns the unsubscribe (a pending frame is dropped). */
export function mirrorSession(session: AgentSession, streamingEntryId?: string): () => void {
  const streaming = frameThrottle<BatonState['streaming']>((value) => set({ streaming: value }));
  const view = sessionView(session);
  // A session shown again mid-reply (see liveSessions.ts): its reply's entry is known.
  let carry: EventCarry = { streamingEntryId, held: false };
  const apply = (event: SessionEvent) => {
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
  };
  // From a reply that calls tools until the follow-up streams (or the run ends), events
  // are applied a frame later, together: applied at once, each would render the
  // transcript (a store update renders before the next await resumes) ahead of the tool
  // call and of the follow-up request, which then wait for it (P16).
  let inToolRound = false;
  const waiting: SessionEvent[] = [];
  const nextFrame = frameThrottle<undefined>(() => {
    for (const event of waiting.splice(0)) apply(event);
  });
  const stop = session.subscribe((event: SessionEvent) => {
    if (!inToolRound && callsTools(event)) inToolRound = true;
    if (inToolRound && HOLDABLE.has(event.type)) {
      waiting.push(event);
      nextFrame.push(undefined);
      return;
    }
    inToolRound = false;
    nextFrame.flush();
    apply(event);
  });
  return () => {
    stop();
    streaming.cancel();
    nextFrame.cancel();
    waiting.length = 0;
  };
}
