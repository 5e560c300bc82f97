/**
 * A session's estimated cost: each model's tokens at that model's price (modelPrice.ts),
 * in US dollars. A model without a price keeps its tokens and gets no cost; if only some
 * of the tokens could be priced, the estimate says it is partial instead of passing the
 * priced part off as the whole.
 */
import type { ModelPrice } from '../models/modelTable';
import type { Usage } from '../types/message';
import { addTokens, type SessionUsage, totalTokens, ZERO_TOKENS } from './sessionUsage';

export interface CostLine {
  model: string;
  usage: Usage;
  /** Undefined: no price is known for this model. */
  cost?: number;
}

export interface CostEstimate {
  /** Every model's tokens together. */
  usage: Usage;
  lines: CostLine[];
  /** The priced lines' cost; undefined when tokens were used and none of them could be priced. */
  cost?: number;
  /** Some tokens have no price (or some usage was unreadable): `cost` covers only part. */
  partial: boolean;
  /** Replies whose usage could not be read. */
  unreadable: number;
}

const PER_MILLION = 1_000_000;

/** The dollars `usage` costs at `price` (dollars per million tokens of each kind). */
export function costOf(usage: Usage, price: ModelPrice): number {
  return (
    (usage.input * price.input +
      usage.output * price.output +
      usage.cacheWrite * price.cacheWrite +
      usage.cacheRead * price.cacheRead) /
    PER_MILLION
  );
}

export function estimateCost(
  usage: SessionUsage,
  priceOf: (model: string) => ModelPrice | undefined,
): CostEstimate {
  let total = ZERO_TOKENS;
  let cost: number | undefined;
  let unpriced = false;
  const lines = usage.models.map(({ model, usage: tokens }): CostLine => {
    total = addTokens(total, tokens);
    const price = priceOf(model);
    if (!price) {
      if (totalTokens(tokens) > 0) unpriced = true;
      return { model, usage: tokens };
    }
    const lineCost = costOf(tokens, price);
    cost = (cost ?? 0) + lineCost;
    return { model, usage: tokens, cost: lineCost };
  });
  // Nothing used yet costs nothing, whatever the model.
  if (totalTokens(total) === 0 && cost === undefined) cost = 0;
  return {
    usage: total,
    lines,
    ...(cost !== undefined && { cost }),
    partial: cost !== undefined && (unpriced || usage.unreadable > 0),
    unreadable: usage.unreadable,
  };
}
