/**
 * Every money figure of the meter, the handoff preview and the chain's cost line, from
 * one function over the model table (through the user's prices), the API's usage and the
 * context size. docs/handoff.md, "What continuing and handing off cost", explains each
 * figure; no price appears anywhere but the model table. The session's own cost
 * (sessionCost.ts) prices its replies with the same `requestCost`.
 */
import type { Usage } from '../types/message';
import type { PriceOverrides } from '../usage/modelPrice';
import { type ChainCost, type ChainSession, chainCost } from './chainCost';
import { type PriceSchedule, priceScheduleFor, requestCost } from './priceSchedule';

/** How big the next request is, as far as it is known. */
export interface ContextSize {
  /** Tokens the next request carries: the conversation as the meter counts it, plus anything about to be sent. */
  tokens: number;
  /**
   * The previous request's prompt (its input, cache reads and cache writes), which that
   * request left in the prompt cache; 0 when there was none.
   */
  cachedPrefix: number;
  /** `tokens` is all the API's own count (reported usage, the token counter): nothing in it is estimated. */
  exact: boolean;
}

export interface NextTurnInput {
  context: ContextSize;
  /** Output tokens a turn is expected to write, thinking included (expectedOutputTokens). */
  outputTokens: number;
  /** Give these for the handoff preview. */
  handoff?: HandoffSizes;
}

export interface HandoffSizes {
  /** The new session's start without the document: system prompt, tools, the document's wrapper. */
  baseTokens: number;
  /** The document's expected length (expectedDocumentTokens). */
  documentTokens: number;
  /** The handoff instruction sent after the conversation. */
  instructionTokens: number;
  /** Thinking the document turn is expected to do (0 with thinking off); billed as output. */
  thinkingTokens: number;
}

export interface CostFiguresInput {
  /** The model the next turn goes to. */
  model: string;
  /** The user's prices from Settings › Prices. */
  prices: PriceOverrides;
  /** For the meter's next turn (and, with `handoff`, the preview). */
  next?: NextTurnInput;
  /** For the cost line: this session and its ancestors, oldest first. */
  chain?: readonly ChainSession[];
}

/** "next turn ≈ $X, $Y if cached". */
export interface NextTurnCost {
  /** The previous request's prompt is read back from the cache, the rest written to it. */
  cached: number;
  /** Nothing is read from the cache (it expired, or never held this conversation): all of it is written. */
  uncached: number;
  /** The input is the API's count; the output is an allowance either way. */
  exact: boolean;
}

/** "Continuing here: ≈ $X per turn · After handoff: ≈ $Y per turn · The handoff itself: ≈ $Z". */
export interface HandoffPreview {
  continuing: number;
  afterHandoff: number;
  handoff: number;
}

export interface CostFigures {
  /** Undefined: no `next` given, or the model has no price. */
  nextTurn?: NextTurnCost;
  /** Undefined: no `next.handoff` given, or the model has no price. */
  handoff?: HandoffPreview;
  chain?: ChainCost;
}

export function costFigures(input: CostFiguresInput): CostFigures {
  const { model, prices, next, chain } = input;
  const schedule = priceScheduleFor(model, prices);
  const nextTurn = next && schedule ? nextTurnCost(next, schedule) : undefined;
  const handoff =
    next?.handoff && schedule && nextTurn ? preview(next, next.handoff, schedule, nextTurn) : undefined;
  return {
    ...(nextTurn && { nextTurn }),
    ...(handoff && { handoff }),
    ...(chain && { chain: chainCost(chain, (turnModel) => priceScheduleFor(turnModel, prices)) }),
  };
}

/** A request reading `read` tokens from the cache, writing `written` to it and writing `output`. */
function request(read: number, written: number, output: number): Usage {
  return { input: 0, cacheRead: read, cacheWrite: written, output };
}

/**
 * Baton marks the last block of every request for the cache (llm/requestParams.ts), and
 * the end of the previous request: the next turn reads the previous prompt back and
 * writes the rest; on a miss it writes all of it.
 */
function split({ tokens, cachedPrefix }: ContextSize): { read: number; written: number } {
  const read = Math.min(Math.max(0, cachedPrefix), tokens);
  return { read, written: tokens - read };
}

function nextTurnCost({ context, outputTokens }: NextTurnInput, schedule: PriceSchedule): NextTurnCost {
  const { read, written } = split(context);
  return {
    cached: requestCost(request(read, written, outputTokens), schedule),
    uncached: requestCost(request(0, context.tokens, outputTokens), schedule),
    exact: context.exact,
  };
}

/**
 * Both sides price the same turn (the same new part, the same output), once at this
 * session's size and once at the new session's, so the difference is the context alone.
 */
function preview(
  next: NextTurnInput,
  sizes: HandoffSizes,
  schedule: PriceSchedule,
  here: NextTurnCost,
): HandoffPreview {
  const { context, outputTokens } = next;
  const { read, written } = split(context);
  const start = sizes.baseTokens + sizes.documentTokens;
  const afterHandoff = requestCost(request(start, written, outputTokens), schedule);
  // The document turn: the conversation (mostly from the cache) plus the instruction, answered by the document.
  const documentTurn = requestCost(
    request(read, written + sizes.instructionTokens, sizes.documentTokens + sizes.thinkingTokens),
    schedule,
  );
  // The new session's first turn writes its start to the cache instead of reading it.
  const firstTurn = requestCost(request(0, start + written, outputTokens), schedule);
  return {
    continuing: here.cached,
    afterHandoff,
    handoff: documentTurn + (firstTurn - afterHandoff),
  };
}
