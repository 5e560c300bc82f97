/**
 * Handoff attempts as they sit in the old session's log: the internal instruction (a user
 * turn opening with HANDOFF_PROMPT_MARKER) and what the model wrote for it. An attempt the
 * user cancelled, or one that failed, stays in the transcript as it happened, but is no
 * context for later requests: sent on, it would ask the model for a document again and
 * carry a half-written one.
 */
import { replySendsNothing } from '../session/buildSessionContext';
import type { AgentMessage } from '../types/agentMessage';
import { isMessageEntry, type SessionEntry } from '../types/entry';
import type { Message } from '../types/message';
import { textOf } from '../types/messageText';
import { HANDOFF_PROMPT_MARKER } from './handoffMarkers';

/** How a reply ends when its handoff was stopped, failed, or cut by a reload or crash. */
const ABANDONED: ReadonlySet<Message['stopReason']> = new Set(['aborted', 'interrupted', 'error']);

export function isHandoffInstruction(message: AgentMessage): boolean {
  return message.role === 'user' && textOf(message).startsWith(HANDOFF_PROMPT_MARKER);
}

/**
 * Leaves out each handoff attempt that was abandoned: the instruction with its replies
 * and refused tool calls, up to the next message of the user's own. An attempt still
 * under way (its reply not in yet, or a tool call being answered) has no such ending, so
 * the document request itself is never cut.
 */
export function withoutAbandonedHandoffs(messages: readonly AgentMessage[]): readonly AgentMessage[] {
  if (!messages.some(isHandoffInstruction)) return messages;
  const kept: AgentMessage[] = [];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (!message) continue;
    if (!isHandoffInstruction(message)) {
      kept.push(message);
      continue;
    }
    let end = i + 1;
    while (end < messages.length && isAttemptPart(messages[end])) end++;
    const attempt = messages.slice(i, end);
    if (!attempt.some((m) => m.role === 'assistant' && ABANDONED.has(m.stopReason))) kept.push(...attempt);
    i = end - 1;
  }
  return kept;
}

/** The model's replies and the answers to its tool calls belong to the attempt they follow. */
function isAttemptPart(message: AgentMessage | undefined): boolean {
  return message?.role === 'assistant' || message?.role === 'toolResult';
}

/**
 * A handoff instruction whose reply brought nothing to send (no text, or thinking only)
 * asked for a document that never came. Sent on, it would merge into the user's next
 * turn and ask the model for a handoff document again; the transcript keeps it, requests
 * do not. (Attempts that were stopped or failed go whole: withoutAbandonedHandoffs.)
 */
export function withoutUnansweredHandoffRequests(messages: readonly AgentMessage[]): readonly AgentMessage[] {
  return messages.filter((message, index) => {
    const next = messages[index + 1];
    return !(opensWithInstruction(message) && next?.role === 'assistant' && replySendsNothing(next));
  });
}

/** The instruction as the app sends it: a user turn whose first block opens with the marker (no text joined: cheap over long branches). */
export function opensWithInstruction(message: AgentMessage): boolean {
  if (message.role !== 'user') return false;
  const first = message.content[0];
  return first?.type === 'text' && first.text.startsWith(HANDOFF_PROMPT_MARKER);
}

/** The handoff's filter of what requests send (registered with the session's ContextFilters). */
export function handoffContextFilter(messages: readonly AgentMessage[]): readonly AgentMessage[] {
  return withoutUnansweredHandoffRequests(withoutAbandonedHandoffs(messages));
}

/**
 * The branch without its abandoned handoff attempts, for what counts the next request
 * (the context meter): a cancelled attempt is sent nowhere, so it fills nothing.
 */
export function withoutAbandonedHandoffEntries(entries: readonly SessionEntry[]): readonly SessionEntry[] {
  const messages = entries.filter(isMessageEntry).map((entry) => entry.message);
  const kept = new Set<AgentMessage>(withoutAbandonedHandoffs(messages));
  if (kept.size === messages.length) return entries;
  return entries.filter((entry) => !isMessageEntry(entry) || kept.has(entry.message));
}
