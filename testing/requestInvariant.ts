/**
 * What the Messages API accepts as a conversation, written down once so that the
 * context-builder tests (examples and random ones) check the same rules the API
 * enforces: it starts with a user turn, roles alternate, no turn and no text block is
 * empty, tool calls live in assistant turns and their results in user turns, every
 * tool_use is answered by exactly one tool_result in the very next turn (results first
 * there), and every tool_result answers a tool_use of the turn before it.
 */
import type { ApiMessage } from '../src/core/types/agentMessage';

export interface RequestInvariantOptions {
  /** An empty conversation is fine for a context that a prompt will extend. */
  allowEmpty?: boolean;
}

/** Every rule the conversation breaks, in words; empty when the API would accept it. */
export function requestProblems(
  messages: readonly ApiMessage[],
  options: RequestInvariantOptions = {},
): string[] {
  const problems: string[] = [];
  if (messages.length === 0) {
    if (!options.allowEmpty) problems.push('the conversation is empty');
    return problems;
  }
  if (messages[0]?.role !== 'user') problems.push('the first turn is not a user turn');
  const seenToolUseIds = new Set<string>();
  messages.forEach((turn, index) => {
    const where = `turn ${index} (${turn.role})`;
    if (turn.role !== 'user' && turn.role !== 'assistant') problems.push(`${where} has an unknown role`);
    if (index > 0 && messages[index - 1]?.role === turn.role)
      problems.push(`${where} repeats the role before it`);
    if (turn.content.length === 0) problems.push(`${where} has no content`);
    for (const block of turn.content) {
      if (block.type === 'text' && block.text.trim() === '')
        problems.push(`${where} has an empty text block`);
      if (block.type === 'tool_use' && turn.role !== 'assistant') problems.push(`${where} holds a tool_use`);
      if (block.type === 'tool_result' && turn.role !== 'user') problems.push(`${where} holds a tool_result`);
      if (block.type === 'tool_use') {
        if (seenToolUseIds.has(block.id)) problems.push(`${where} repeats tool_use id ${block.id}`);
        seenToolUseIds.add(block.id);
      }
    }
    problems.push(...pairingProblems(messages, index, where));
  });
  return problems;
}

export function isValidRequest(
  messages: readonly ApiMessage[],
  options: RequestInvariantOptions = {},
): boolean {
  return requestProblems(messages, options).length === 0;
}

function toolUseIds(turn: ApiMessage | undefined): string[] {
  if (turn?.role !== 'assistant') return [];
  return turn.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []));
}

function toolResultIds(turn: ApiMessage | undefined): string[] {
  if (turn?.role !== 'user') return [];
  return turn.content.flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : []));
}

function pairingProblems(messages: readonly ApiMessage[], index: number, where: string): string[] {
  const turn = messages[index];
  const problems: string[] = [];
  if (turn?.role === 'assistant') {
    const answers = toolResultIds(messages[index + 1]);
    for (const id of toolUseIds(turn)) {
      const count = answers.filter((answer) => answer === id).length;
      if (count !== 1) problems.push(`${where}: tool_use ${id} has ${count} results in the next turn`);
    }
  }
  if (turn?.role === 'user') {
    const asked = new Set(toolUseIds(messages[index - 1]));
    const results = toolResultIds(turn);
    for (const id of results) {
      if (!asked.has(id)) problems.push(`${where}: tool_result ${id} answers no tool_use of the turn before`);
    }
    const firstOther = turn.content.findIndex((b) => b.type !== 'tool_result');
    const lastResult = turn.content.findLastIndex((b) => b.type === 'tool_result');
    if (firstOther !== -1 && lastResult > firstOther)
      problems.push(`${where}: a tool_result follows other content`);
  }
  return problems;
}
