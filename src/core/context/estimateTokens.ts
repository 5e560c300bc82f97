/**
 * A cheap, deliberately generous token estimate for text we are about to send. Real
 * tokenizers give about four characters a token for English prose and fewer for code,
 * paths and numbers, so this counts 3.5 and adds a little per block and per turn: the
 * estimate errs towards "does not fit", which costs a condensing pass, never a refusal.
 */
import { attachmentTokens } from '../attachments/attachmentTokens';
import type { ApiContentBlock, ApiMessage } from '../types/agentMessage';
import { CHARS_PER_TOKEN } from './charsPerToken';

export { CHARS_PER_TOKEN };

const TOKENS_PER_BLOCK = 8;
const TOKENS_PER_TURN = 4;

export function estimateTextTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

export function estimateBlockTokens(block: ApiContentBlock): number {
  switch (block.type) {
    case 'text':
      return TOKENS_PER_BLOCK + estimateTextTokens(block.text);
    case 'tool_use':
      return TOKENS_PER_BLOCK + estimateTextTokens(block.name + JSON.stringify(block.input ?? {}));
    case 'tool_result':
      return TOKENS_PER_BLOCK + estimateTextTokens(block.content);
    // The API drops thinking from earlier turns before counting, but the newest turn of a
    // tool loop keeps it: counted always, erring towards "does not fit".
    case 'thinking':
      return TOKENS_PER_BLOCK + estimateTextTokens(block.thinking);
    case 'redacted_thinking':
      return TOKENS_PER_BLOCK + estimateTextTokens(block.data);
    case 'server_tool_use':
      return TOKENS_PER_BLOCK + estimateTextTokens(block.name + JSON.stringify(block.input ?? {}));
    case 'web_search_tool_result':
      return TOKENS_PER_BLOCK + estimateTextTokens(JSON.stringify(block.content ?? null));
    case 'attachment':
      return TOKENS_PER_BLOCK + attachmentTokens(block.attachment);
  }
}

export function estimateTurnTokens(turn: ApiMessage): number {
  let sum = TOKENS_PER_TURN;
  for (const block of turn.content) sum += estimateBlockTokens(block);
  return sum;
}

export function estimateMessagesTokens(turns: readonly ApiMessage[]): number {
  let sum = 0;
  for (const turn of turns) sum += estimateTurnTokens(turn);
  return sum;
}
