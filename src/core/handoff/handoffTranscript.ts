/**
 * What of the conversation a handoff request carries (spec, "When the conversation no
 * longer fits"): earlier handoff attempts that never finished (instruction and partial
 * document) are left out, and so is the request at the end that got no answer (a
 * refused prompt, a reply cut by the window). That request is handed back separately,
 * to be named in the instruction and put back in the new session's composer.
 */
import type { AgentMessage } from '../types/agentMessage';
import type { Message } from '../types/message';
import { textOf } from '../types/messageText';
import { isHandoffInstruction } from './handoffAttempts';

export interface HandoffTranscript {
  messages: AgentMessage[];
  /** The user's own words that got no answer, oldest first, joined by blank lines. */
  pendingRequest?: string;
}

const FINISHED: ReadonlySet<Message['stopReason']> = new Set(['end_turn', 'stop_sequence', 'max_tokens']);

export function handoffTranscript(context: readonly AgentMessage[]): HandoffTranscript {
  const messages = withoutUnfinishedHandoffs(context);
  let cut = messages.length;
  const pending: string[] = [];
  // Walk back over the unanswered end: replies with nothing in them (or cut by the
  // window), hidden context such as todo reminders, and the user's messages they followed.
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (!message) break;
    if (message.role === 'assistant' && isUnanswered(message)) cut = i;
    else if (message.role === 'custom' && !message.display) cut = i;
    else if (message.role === 'user') {
      const text = textOf(message).trim();
      if (text) pending.unshift(text);
      cut = i;
    } else break;
  }
  if (pending.length > 0) return { messages: messages.slice(0, cut), pendingRequest: pending.join('\n\n') };
  // Refused in the middle of a tool loop (a large tool result is the usual cause): the
  // calls and results stay, as work done, and the request that started the turn is what
  // still has no answer.
  if (cut === messages.length || messages[cut - 1]?.role !== 'toolResult') return { messages };
  const opening = turnOpening(messages, cut);
  return opening ? { messages: messages.slice(0, cut), pendingRequest: opening } : { messages };
}

/** The text of the user's own message that opened the turn ending before `end`. */
function turnOpening(messages: readonly AgentMessage[], end: number): string | undefined {
  for (let i = end - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role !== 'user') continue;
    const text = textOf(message).trim();
    if (text && !isHandoffInstruction(message)) return text;
  }
  return undefined;
}

function isUnanswered(message: Message): boolean {
  if (message.stopReason === 'model_context_window_exceeded') return true;
  return !message.content.some((b) => (b.type === 'text' ? b.text.trim() !== '' : b.type === 'tool_use'));
}

/** Drops each handoff instruction whose document did not finish, with what it produced. */
function withoutUnfinishedHandoffs(context: readonly AgentMessage[]): AgentMessage[] {
  const out: AgentMessage[] = [];
  for (let i = 0; i < context.length; i++) {
    const message = context[i];
    if (!message) continue;
    if (!isHandoffInstruction(message)) {
      out.push(message);
      continue;
    }
    // The attempt runs to the next message of the user's own (or the end).
    let end = i + 1;
    while (end < context.length && context[end]?.role !== 'user') end++;
    const reply = context.slice(i + 1, end).find((m): m is Message => m.role === 'assistant');
    if (reply && FINISHED.has(reply.stopReason) && textOf(reply).trim() !== '') {
      out.push(...context.slice(i, end));
    }
    i = end - 1;
  }
  return out;
}
