/**
 * The two sizes no count can know in advance: how much a turn will write, and how long a
 * handoff document will be. Both are taken from what this user's own session and chain
 * did, with a default until there is something to go by (docs/handoff.md).
 */

/** A turn's output before the session has a reply: a reply of about 750 words. */
export const DEFAULT_OUTPUT_TOKENS = 1_000;

/** A handoff document before the chain has one: six sections of specifics, about 1,500 words. */
export const DEFAULT_DOCUMENT_TOKENS = 2_000;

/** Recent enough to follow a change of task or of the thinking setting, long enough to smooth one long reply. */
const RECENT_REPLIES = 5;
const RECENT_DOCUMENTS = 3;

function meanOfLast(values: readonly number[], count: number): number | undefined {
  const recent = values.filter((value) => Number.isFinite(value) && value > 0).slice(-count);
  if (recent.length === 0) return undefined;
  return recent.reduce((sum, value) => sum + value, 0) / recent.length;
}

/**
 * The output to expect of the next turn: the mean output of the session's last replies,
 * as the API reported it (its output tokens include the thinking, which is billed as output).
 */
export function expectedOutputTokens(replyOutputs: readonly number[]): number {
  return meanOfLast(replyOutputs, RECENT_REPLIES) ?? DEFAULT_OUTPUT_TOKENS;
}

/** The document to expect: the mean of the chain's last handoff documents, in tokens. */
export function expectedDocumentTokens(documentTokens: readonly number[]): number {
  return meanOfLast(documentTokens, RECENT_DOCUMENTS) ?? DEFAULT_DOCUMENT_TOKENS;
}
