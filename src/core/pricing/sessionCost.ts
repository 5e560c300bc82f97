/**
 * A session's estimated cost, for its cost line and usage panel: every reply priced on
 * its own by `requestCost`, as the meter prices a turn, because a long request on a model
 * with a long-request price costs more on every token, which summed tokens would hide.
 * The chain's total is this same sum over all its sessions (chainCost.ts), so the two
 * figures on the cost line cannot disagree. A model
 * without a price keeps its tokens and gets no cost; if only some of the tokens could be
 * priced, the estimate says it is partial instead of passing the priced part off as the
 * whole.
 */
import type { Usage } from '../types/message';
import { addTokens, type SessionUsage, totalTokens, ZERO_TOKENS } from '../usage/sessionUsage';
import { requestCost, type ScheduleOf } from './priceSchedule';

export interface CostLine {
  model: string;
  /** The model's replies' tokens together. */
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

export function sessionCost(usage: SessionUsage, scheduleOf: ScheduleOf): CostEstimate {
  let total = ZERO_TOKENS;
  let cost: number | undefined;
  let unpriced = false;
  const lines = usage.models.map(({ model, requests }): CostLine => {
    const schedule = scheduleOf(model);
    let tokens = ZERO_TOKENS;
    let lineCost = 0;
    for (const request of requests) {
      tokens = addTokens(tokens, request);
      if (schedule) lineCost += requestCost(request, schedule);
    }
    total = addTokens(total, tokens);
    if (!schedule) {
      if (totalTokens(tokens) > 0) unpriced = true;
      return { model, usage: tokens };
    }
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
