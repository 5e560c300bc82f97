/**
 * A handoff's finished document is not rendered into the old transcript: the switch
 * replaces that transcript a few milliseconds later, and rendering the document as
 * markdown there (the lexer, the sanitiser) was the longest part of the switch (bench
 * P2). So from the session's handoff_document_captured (sent just before the document's
 * message_end) the transcript is held as last painted, the streamed text as it stood,
 * and the finished reply only goes into the store's entries if the switch does not
 * happen: any event but the few the switch itself sends releases the hold (a failure, a
 * cancel, a review), and the session change replaces it.
 */

import type { SessionEvent } from '../../core/agentSession';
import { applySessionEvent, type SessionEventResult, type SessionView } from './applySessionEvent';
import type { BatonState } from './store';

/** What one event's result hands to the next, besides the store. */
export interface EventCarry {
  streamingEntryId: string | undefined;
  /** The finished document is held back from the transcript (see above). */
  held: boolean;
}

export interface HoldingResult extends SessionEventResult {
  held: boolean;
  /** Drop a streamed frame not yet shown: what is on screen now stays until released. */
  dropPendingFrame?: true;
}

/** Events between the document's end and the switch, which leave the transcript as it is. */
function keepsHold(event: SessionEvent): boolean {
  switch (event.type) {
    case 'turn_end':
    case 'agent_end':
    case 'queue_update':
    case 'header_changed':
    case 'todos_changed':
    case 'queued_text_returned':
      return true;
    case 'handoff_state':
      return event.state.status === 'switching';
    default:
      return false;
  }
}

/** applySessionEvent, holding a finished handoff document back from the transcript. */
export function applyHoldingDocument(
  state: BatonState,
  event: SessionEvent,
  session: SessionView,
  carry: EventCarry,
): HoldingResult {
  if (event.type === 'handoff_document_captured')
    return { patch: {}, streamingEntryId: carry.streamingEntryId, notices: [], held: true };
  // The captured document's own end: the only reply that can end while the hold is on.
  if (carry.held && event.type === 'message_end' && event.message.role === 'assistant') {
    // Usage and the rest go on; the transcript (entries, the streamed view) stays put, so
    // the branch (a walk of the whole session) is not even read.
    const unread: SessionView = { ...session, branch: () => state.entries, marks: () => state.marks };
    const result = applySessionEvent(state, event, unread, carry.streamingEntryId);
    const { entries: _entries, marks: _marks, ...patch } = result.patch;
    const { streaming: _streaming, ...rest } = result;
    return { ...rest, patch, held: true, dropPendingFrame: true };
  }
  const result = applySessionEvent(state, event, session, carry.streamingEntryId);
  if (!carry.held || keepsHold(event)) return { ...result, held: carry.held };
  // Released: the finished reply goes in as it would have at its message_end.
  return {
    ...result,
    patch: {
      entries: result.patch.entries ?? session.branch(),
      marks: result.patch.marks ?? session.marks(),
      ...result.patch,
    },
    streaming: result.streaming === undefined ? null : result.streaming,
    held: false,
  };
}
