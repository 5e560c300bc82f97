/**
 * A cheap, deliberately generous token estimate for text we are about to send. Real
 * tokenizers give about four characters a token for English prose and fewer for code,
 * paths and numbers, so this counts 3.5 and adds a little per block and per turn: the
 * estimate errs towards "does not fit", which costs a condensing pass, never a refusal.
 */

import { RECOMMENDED_IMAGE_PIXELS } from '../attachments/attachmentLimits';
import { attachmentTokens, PIXELS_PER_IMAGE_TOKEN } from '../attachments/attachmentTokens';
import type { ApiContentBlock, ApiMessage } from '../types/agentMessage';
import { toolResultImages, toolResultTextBlocks } from '../types/toolResultContent';
import { CHARS_PER_TOKEN } from './charsPerToken';

export { CHARS_PER_TOKEN };

const TOKENS_PER_BLOCK = 8;
const TOKENS_PER_TURN = 4;

/**
 * Chinese, Japanese and Korean text takes about a token per character, not one per 3.5:
 * counted at 3.5 a CJK document was undercounted about threefold (issue 27, finding 7),
 * so a request the meter called half full was refused. Published measurements against
 * the count_tokens endpoint give about 2.5 CJK characters a token averaged over mixed
 * Japanese prose (shimo4228/claude-code-learned-skills, "cjk-aware-text-metrics",
 * 2026-02), with common ideographs one token each and rarer ones two or three (UTF-8
 * byte fallback); one token per character is the upper end of that, as this estimate
 * errs towards "does not fit". Not measured here: this checkout has no API key.
 */
export const TOKENS_PER_CJK_CHAR = 1;

/**
 * Whether the UTF-16 unit `code` is CJK text: kana, the ideographs (with extension A and
 * compatibility forms), Hangul, CJK punctuation and full-width forms. Ideographs outside
 * the BMP (extension B on, planes 2 and 3) are surrogate pairs: the high half counts as
 * CJK, the low half as other text.
 */
function isCjkUnit(code: number): boolean {
  return (
    (code >= 0x3000 && code <= 0x30ff) || // CJK punctuation, hiragana, katakana
    (code >= 0x3400 && code <= 0x4dbf) || // extension A
    (code >= 0x4e00 && code <= 0x9fff) || // unified ideographs
    (code >= 0xac00 && code <= 0xd7af) || // Hangul syllables
    (code >= 0xf900 && code <= 0xfaff) || // compatibility ideographs
    (code >= 0xff00 && code <= 0xffef) || // full-width and half-width forms
    (code >= 0xd840 && code <= 0xd8bf) // high surrogates of U+20000..U+3FFFF
  );
}

export function estimateTextTokens(text: string): number {
  let cjk = 0;
  // A plain loop: this runs over every text a request carries, megabytes at times.
  for (let i = 0; i < text.length; i++) if (isCjkUnit(text.charCodeAt(i))) cjk++;
  return Math.ceil(cjk * TOKENS_PER_CJK_CHAR + (text.length - cjk) / CHARS_PER_TOKEN);
}

/** How many characters of `text` make a token by the estimate above: 3.5 for English, 1 for CJK. */
export function charsPerTokenOf(text: string): number {
  const tokens = estimateTextTokens(text);
  return tokens === 0 ? CHARS_PER_TOKEN : text.length / tokens;
}

export function estimateBlockTokens(block: ApiContentBlock): number {
  switch (block.type) {
    case 'text':
      return TOKENS_PER_BLOCK + estimateTextTokens(block.text);
    case 'tool_use':
      return TOKENS_PER_BLOCK + estimateTextTokens(block.name + JSON.stringify(block.input ?? {}));
    case 'tool_result':
      // An image's size is not read here: each counts as the most an image can cost.
      return (
        TOKENS_PER_BLOCK +
        estimateTextTokens(toolResultTextBlocks(block.content)) +
        toolResultImages(block.content).length * MAX_IMAGE_TOKENS
      );
    // The API drops thinking from earlier turns before counting, but the newest turn of a
    // tool loop keeps it: counted always, erring towards "does not fit".
    case 'thinking':
      return TOKENS_PER_BLOCK + estimateTextTokens(block.thinking);
    case 'redacted_thinking':
      return TOKENS_PER_BLOCK + estimateTextTokens(block.data);
    case 'server_tool_use':
    case 'mcp_tool_use':
      return TOKENS_PER_BLOCK + estimateTextTokens(block.name + JSON.stringify(block.input ?? {}));
    case 'attachment':
      return TOKENS_PER_BLOCK + attachmentTokens(block.attachment);
    // A server tool's result (web search, web fetch, code execution): its content, sent back whole.
    default:
      return TOKENS_PER_BLOCK + estimateTextTokens(JSON.stringify(block.content ?? null));
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

/** What the most an image can cost, once the API has scaled it (attachmentTokens.ts). */
const MAX_IMAGE_TOKENS = Math.ceil(RECOMMENDED_IMAGE_PIXELS / PIXELS_PER_IMAGE_TOKEN);
