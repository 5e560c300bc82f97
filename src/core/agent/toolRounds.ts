/**
 * The bound on consecutive tool rounds in one run: a model that keeps calling tools
 * would otherwise send request after request (with paid server or MCP tools, a cost
 * runaway) with nothing but Stop to end it. After `limit` rounds the run pauses at a
 * point where the transcript is whole (every tool_use answered), and the user chooses
 * to continue for another `limit` rounds or to stop there.
 */

/** Rounds per run before Baton asks; the user's setting overrides it. */
export const DEFAULT_MAX_TOOL_ROUNDS = 25;
export const MIN_MAX_TOOL_ROUNDS = 1;
export const MAX_MAX_TOOL_ROUNDS = 1000;

/** Where a run's tool rounds stand: `done` so far (earlier runs of a continued chain too), of `limit`. */
export interface ToolRounds {
  done: number;
  limit: number;
}

/** A setting as the user typed it, made a whole number in range (anything unreadable: the default). */
export function clampMaxToolRounds(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_MAX_TOOL_ROUNDS;
  return Math.min(MAX_MAX_TOOL_ROUNDS, Math.max(MIN_MAX_TOOL_ROUNDS, Math.round(value)));
}

/** The running count shown while tools run. */
export function toolRoundLabel({ done, limit }: ToolRounds): string {
  return `Tool round ${done} of ${limit}`;
}

/** What the pause says, above its Continue / Stop buttons. */
export function toolRoundLimitSentence({ done }: ToolRounds, more: number): string {
  return `The model has used tools for ${done} rounds in a row. Continue for up to ${more} more rounds, or stop here.`;
}
