/**
 * What one request costs. A model's price can depend on the request: some models charge
 * more for every token of a request whose prompt is long (the model table's
 * `longContext`). So a cost is worked out request by request, from the request's own
 * prompt size, never from a session's summed tokens.
 */
import type { LongContextPrice, ModelPrice } from '../models/modelTable';
import { modelFacts } from '../models/modelTable';
import type { Usage } from '../types/message';
import { type PriceOverrides, priceFor, priceSource } from '../usage/modelPrice';

/** A model's prices: the base price, and the price of long requests where the table has one. */
export interface PriceSchedule {
  base: ModelPrice;
  longContext?: LongContextPrice;
}

/**
 * The schedule `model` is charged at; undefined when it has no price (a gateway's alias,
 * the offline demo): its figures are hidden, never guessed. A price the user set in
 * Settings › Prices is one flat price: it replaces the table's whole schedule, tiers too,
 * because it is what the user pays (a gateway's rate, a discount).
 */
export function priceScheduleFor(model: string, overrides: PriceOverrides): PriceSchedule | undefined {
  const base = priceFor(model, overrides);
  if (!base) return undefined;
  const longContext = priceSource(model, overrides) === 'table' ? modelFacts(model).longContext : undefined;
  return longContext ? { base, longContext } : { base };
}

/** How a figure finds each model's schedule: undefined for a model without a price. */
export type ScheduleOf = (model: string) => PriceSchedule | undefined;

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

/** The tokens the API reads for a request: everything but its output. */
export function promptTokens(usage: Usage): number {
  return usage.input + usage.cacheRead + usage.cacheWrite;
}

/** The price of a request whose prompt has `prompt` tokens. */
export function priceAt(schedule: PriceSchedule, prompt: number): ModelPrice {
  const { longContext } = schedule;
  return longContext && prompt > longContext.above ? longContext.price : schedule.base;
}

/** The dollars one request with these tokens costs. */
export function requestCost(usage: Usage, schedule: PriceSchedule): number {
  return costOf(usage, priceAt(schedule, promptTokens(usage)));
}
