/**
 * How a session event changes what the UI shows: a pure function from the store's state
 * and one event to a patch, plus the few effects the caller carries out (the streamed
 * reply for the frame throttle, notices, a User Timing mark). startEngine only
 * subscribes and applies what this returns, so every event type is tested in Node.
 */

import type { SessionEvent } from '../../core/agentSession';
import type { AgentMessage } from '../../core/types/agentMessage';
import type { SessionEntry } from '../../core/types/entry';
import { textOf } from '../../core/types/messageText';
import { addReply, type SessionUsage } from '../../core/usage/sessionUsage';
import { prepended } from '../slices/composer/messageText';
import type { BranchMarks } from '../slices/session/branchMarks';
import { withoutUnsaved, withSession } from '../slices/session/sessionList';
import type { BatonState, StreamingView } from './store';

/** What the reducer may read of the live session; read lazily, since most events need none of it. */
export interface SessionView {
  /** The branch as stored now (O(entries): asked for at message boundaries only). */
  branch(): SessionEntry[];
  /** The usage of the whole session, every branch (O(entries): when a session is opened). */
  usage(): SessionUsage;
  /** The branch's versions and failed messages (O(entries), with branch()). */
  marks(): BranchMarks;
  /** The entry a reply that starts now is written to. */
  leafId(): string | null;
  queues(): { steering: readonly string[]; followUps: readonly string[] };
  /** A handoff's document is being written (its errors are reported by the handoff). */
  generatingHandoff(): boolean;
}

export interface SessionEventResult {
  patch: Partial<BatonState>;
  /** The entry the streaming reply is written to, for the next event. */
  streamingEntryId: string | undefined;
  /** For the frame throttle: the reply to show (undefined: unchanged), null to clear it now. */
  streaming?: StreamingView | null;
  notices: Array<{ kind: 'info' | 'error'; text: string }>;
  /** The handoff's document has been written: the switch follows (bench P2 starts here). */
  documentWritten?: boolean;
}

export const QUEUED_TEXT_RETURNED = 'Your queued message is back in the message box.';
export const REFUSED_TEXT_RETURNED =
  'The model declined that message, so it will not be sent again. It is back in the message box to edit.';

/** The user's words a run ended in a refusal for: later requests leave them out, so the user gets them back. */
function refusedText(messages: readonly AgentMessage[]): string | undefined {
  const last = messages.at(-1);
  if (last?.role !== 'assistant' || last.stopReason !== 'refusal') return undefined;
  const texts: string[] = [];
  for (let i = messages.length - 2; i >= 0; i--) {
    const message = messages[i];
    if (message?.role !== 'user') break;
    const text = textOf(message).trim();
    if (text) texts.unshift(text);
  }
  return texts.length > 0 ? texts.join('\n\n') : undefined;
}

export function applySessionEvent(
  state: BatonState,
  event: SessionEvent,
  session: SessionView,
  streamingEntryId: string | undefined,
): SessionEventResult {
  const result = (
    patch: Partial<BatonState>,
    extra: Partial<SessionEventResult> = {},
  ): SessionEventResult => ({
    patch,
    streamingEntryId,
    notices: [],
    ...extra,
  });
  switch (event.type) {
    case 'agent_start':
      return result({ isStreaming: true, retryStatus: null, retryAt: null, toolRounds: null });
    case 'tool_round':
      return result({ toolRounds: { ...event.rounds, paused: false } });
    case 'message_start': {
      if (event.message.role !== 'assistant') return result({});
      const entryId = session.leafId() ?? undefined;
      return result(
        { entries: session.branch(), marks: session.marks() },
        { streamingEntryId: entryId, ...(entryId && { streaming: { entryId, message: event.message } }) },
      );
    }
    case 'message_update':
      return result(state.retryStatus ? { retryStatus: null, retryAt: null } : {}, {
        ...(streamingEntryId && { streaming: { entryId: streamingEntryId, message: event.message } }),
      });
    case 'message_end': {
      if (event.message.role !== 'assistant')
        return result({ entries: session.branch(), marks: session.marks() });
      // The finished reply is added to the sums, not the session summed again.
      const usage = state.sessionUsage ? addReply(state.sessionUsage, event.message) : session.usage();
      return result(
        {
          entries: session.branch(),
          marks: session.marks(),
          ...(usage !== state.sessionUsage && { sessionUsage: usage }),
        },
        { streaming: null, streamingEntryId: undefined },
      );
    }
    case 'agent_end': {
      const handoff = session.generatingHandoff();
      const refused = handoff ? undefined : refusedText(event.messages);
      const notices: SessionEventResult['notices'] = [];
      // A reply's error is shown in the reply itself, with its Retry (ReplyError), and
      // nowhere else; a handoff's own error is reported once, as "Handoff failed: …".
      if (refused) notices.push({ kind: 'info', text: REFUSED_TEXT_RETURNED });
      return result(
        {
          isStreaming: false,
          retryStatus: null,
          toolRounds: event.toolRoundLimit ? { ...event.toolRoundLimit, paused: true } : null,
          retryAt: null,
          ...(refused && { composerText: prepended(refused, state.composerText) }),
        },
        { documentWritten: handoff, notices },
      );
    }
    case 'queue_update': {
      const { steering, followUps } = session.queues();
      return result({ queue: { steering: [...steering], followUps: [...followUps] } });
    }
    case 'todos_changed':
      return result({ todos: event.todos });
    case 'header_changed':
      return result({ sessions: withSession(state.sessions, event.header) });
    case 'session_changed':
      return result({
        sessions: withSession(withoutUnsaved(state.sessions, event.previous), event.header),
        activeSessionId: event.header.id,
        entries: session.branch(),
        marks: session.marks(),
        sessionUsage: session.usage(),
        streaming: null,
        toolRounds: null,
      });
    case 'handoff_state':
      return result({ handoff: event.state });
    case 'handoff_proposal':
      return result({ handoffProposal: event.proposal ?? null });
    case 'queued_text_returned':
      return result(
        { composerText: prepended(event.text, state.composerText) },
        { notices: [{ kind: 'info', text: QUEUED_TEXT_RETURNED }] },
      );
    case 'edit_changed':
      return result({
        editingEntryId: event.entryId ?? null,
        ...(event.entryId === undefined && { editingInPlace: false }),
      });
    default:
      // turn_end and the rest change nothing the UI shows.
      return result({});
  }
}
