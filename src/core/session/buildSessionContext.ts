/**
 * Turns a branch of entries into the agent's context, and the agent's context into
 * a Messages API request that the API accepts: it starts with a user turn, roles
 * alternate, no block is empty, and every tool_use is answered by a tool_result in
 * the very next turn (unanswered ones, e.g. from an aborted reply, are dropped).
 */
import type { AgentMessage, ApiContentBlock, ApiMessage } from '../types/agentMessage';
import type { SessionEntry } from '../types/entry';
import type { ContentBlock, Message, ServerToolResultBlock, WebSearchResultBlock } from '../types/message';
import { type ContextFilter, keepAll } from './contextFilters';

export interface SessionContext {
  messages: AgentMessage[];
}

export function buildSessionContext(branch: readonly SessionEntry[]): SessionContext {
  const messages: AgentMessage[] = [];
  for (const entry of branch) {
    if (entry.type === 'message' && 'message' in entry) {
      messages.push(entry.message as AgentMessage);
    } else if (entry.type === 'custom_message' && 'customType' in entry) {
      const { customType, content, display, details } = entry as SessionEntry & {
        customType: string;
        content: string;
        display: boolean;
        details?: unknown;
      };
      messages.push({ role: 'custom', customType, content, display, details });
    }
    // Unknown entry kinds carry no model context.
  }
  return { messages };
}

function isUsableText(block: ContentBlock): boolean {
  return block.type !== 'text' || block.text.trim().length > 0;
}

function toTurn(message: AgentMessage): ApiMessage | undefined {
  switch (message.role) {
    case 'custom':
      return message.content.trim()
        ? { role: 'user', content: [{ type: 'text', text: message.content }] }
        : undefined;
    case 'user':
      // Only an assistant turn may call a tool; a tool_use here can only be damaged data.
      return {
        role: 'user',
        content: message.content.filter((b) => b.type !== 'tool_use' && isUsableText(b)),
      };
    case 'toolResult':
      return { role: 'user', content: message.content.filter((b) => b.type === 'tool_result') };
    case 'assistant':
      return { role: 'assistant', content: assistantBlocks(message) };
  }
}

const isThinking = (b: ContentBlock) => b.type === 'thinking' || b.type === 'redacted_thinking';

/** A server tool's result (web search, web fetch, code execution): `…_tool_result`, never the app's `tool_result`. */
const isServerResult = (b: ContentBlock): b is WebSearchResultBlock | ServerToolResultBlock =>
  b.type.endsWith('_tool_result');

/**
 * What of a reply goes back to the API: text, tool calls, signed thinking (the API wants
 * it back, unchanged, in a tool loop) and server tool calls (web search, web fetch, code
 * execution, and the MCP connector's calls) with their results. A server call without its
 * result is left out unless the turn was paused (the API finishes it when the turn is sent
 * back). Thinking alone, with nothing said or done, is no turn at all.
 */
function assistantBlocks(message: Message): ApiContentBlock[] {
  const results = new Set<string>();
  const calls = new Set<string>();
  for (const b of message.content) {
    if (isServerResult(b)) results.add(b.tool_use_id);
    if (b.type === 'server_tool_use' || b.type === 'mcp_tool_use') calls.add(b.id);
  }
  const paused = message.stopReason === 'pause_turn';
  const content = message.content.filter((b) => {
    if (b.type === 'text') return isUsableText(b);
    if (b.type === 'server_tool_use' || b.type === 'mcp_tool_use') return paused || results.has(b.id);
    if (isServerResult(b)) return calls.has(b.tool_use_id);
    return b.type === 'tool_use' || isThinking(b);
  });
  return content.every(isThinking) ? [] : content;
}

/** Tool results first: the API wants them at the start of the user turn. */
function orderUserBlocks(content: ApiContentBlock[]): ApiContentBlock[] {
  return [
    ...content.filter((b) => b.type === 'tool_result'),
    ...content.filter((b) => b.type !== 'tool_result'),
  ];
}

/** `first` then `second`, a user turn at the seam merged so roles still alternate. */
export function joinTurns(first: readonly ApiMessage[], second: readonly ApiMessage[]): ApiMessage[] {
  return mergeSameRole([...first, ...second]);
}

function mergeSameRole(turns: ApiMessage[]): ApiMessage[] {
  const merged: ApiMessage[] = [];
  for (const turn of turns) {
    const last = merged.at(-1);
    // A reply's thinking must open its turn: a later reply joined on keeps what it said only.
    if (last && last.role === turn.role)
      last.content = [
        ...last.content,
        ...(turn.role === 'assistant' ? turn.content.filter((b) => !isThinking(b)) : turn.content),
      ];
    else merged.push({ role: turn.role, content: [...turn.content] });
  }
  return merged;
}

/** Drops tool_use blocks without an answer and tool_result blocks without (or repeating) a question. */
function pairToolBlocks(turns: ApiMessage[]): ApiMessage[] {
  // The API wants every tool call id once in the whole request.
  const calledBefore = new Set<string>();
  const firstCall = (id: string) => !calledBefore.has(id) && calledBefore.add(id) !== undefined;
  return turns.map((turn, index) => {
    if (turn.role === 'assistant') {
      const next = turns[index + 1];
      const answered = new Set(
        (next?.content ?? []).flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : [])),
      );
      return {
        role: turn.role,
        content: turn.content.filter((b) => b.type !== 'tool_use' || (answered.has(b.id) && firstCall(b.id))),
      };
    }
    const previous = turns[index - 1];
    const asked = new Set(
      (previous?.role === 'assistant' ? previous.content : []).flatMap((b) =>
        b.type === 'tool_use' ? [b.id] : [],
      ),
    );
    return {
      role: turn.role,
      content: orderUserBlocks(
        // `delete` also drops a second result for the same call: the API wants exactly one.
        turn.content.filter((b) => b.type !== 'tool_result' || asked.delete(b.tool_use_id)),
      ),
    };
  });
}

function size(turns: ApiMessage[]): number {
  return turns.reduce((sum, t) => sum + 1 + t.content.length, 0);
}

/** A reply that brings nothing a request could send (no text, or thinking only). */
export function replySendsNothing(message: Message): boolean {
  return assistantBlocks(message).length === 0;
}

/**
 * Drops each reply the model refused (stop reason `refusal`) together with the user's
 * messages it answered: the API's guidance is not to send a refused turn again, and the
 * next message would otherwise merge into it. The transcript keeps both.
 */
function withoutRefusedTurns(messages: readonly AgentMessage[]): readonly AgentMessage[] {
  if (!messages.some((m) => m.role === 'assistant' && m.stopReason === 'refusal')) return messages;
  const kept: AgentMessage[] = [];
  for (const message of messages) {
    if (message.role === 'assistant' && message.stopReason === 'refusal') {
      while (kept.at(-1)?.role === 'user') kept.pop();
      continue;
    }
    kept.push(message);
  }
  return kept;
}

/**
 * The request turns for `all`: refused turns left out, then whatever the features'
 * filters leave out (see contextFilters.ts), then made into turns the API accepts.
 */
export function toApiMessages(all: readonly AgentMessage[], filter: ContextFilter = keepAll): ApiMessage[] {
  const turns = filter(withoutRefusedTurns(all))
    .map(toTurn)
    .filter((t): t is ApiMessage => t !== undefined && t.content.length > 0);
  // Each pass only removes blocks or turns, and removing a turn can leave two same-role
  // turns side by side or orphan a tool block, so repeat until nothing changes.
  let current = mergeSameRole(turns);
  for (;;) {
    const paired = mergeSameRole(pairToolBlocks(current).filter((t) => t.content.length > 0));
    const firstUser = paired.findIndex((t) => t.role === 'user');
    const next = firstUser === -1 ? [] : paired.slice(firstUser);
    if (size(next) === size(current)) return next;
    current = next;
  }
}
