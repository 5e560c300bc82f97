/**
 * Which price a model's tokens are charged at: the user's price for that exact model id,
 * else the user's price for its family in the model table (so one price covers every
 * dated id of a family), else the table's own. A model the table does not know and the
 * user has not priced has no price: its tokens are counted, not costed.
 */
import { type ModelPrice, modelFacts } from '../models/modelTable';

export type PriceOverrides = Readonly<Record<string, ModelPrice>>;

/** Own keys only: a model id such as "constructor" must not find Object.prototype's. */
function own(overrides: PriceOverrides, key: string): ModelPrice | undefined {
  return Object.hasOwn(overrides, key) ? overrides[key] : undefined;
}

export function priceFor(model: string, overrides: PriceOverrides): ModelPrice | undefined {
  return own(overrides, model) ?? basePriceFor(model, overrides);
}

/** The price `model` would have without a price of its own: its family's, the user's or the table's. */
export function basePriceFor(model: string, overrides: PriceOverrides): ModelPrice | undefined {
  const facts = modelFacts(model);
  return (facts.id !== model ? own(overrides, facts.id) : undefined) ?? facts.price;
}

/** Where `priceFor(model)` comes from, for Settings to say. */
export type PriceSource = 'own' | 'family' | 'table' | 'none';

export function priceSource(model: string, overrides: PriceOverrides): PriceSource {
  if (own(overrides, model)) return 'own';
  const facts = modelFacts(model);
  if (facts.id !== model && own(overrides, facts.id)) return 'family';
  return facts.price ? 'table' : 'none';
}

export function samePrice(a: ModelPrice | undefined, b: ModelPrice | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return (
    a.input === b.input &&
    a.output === b.output &&
    a.cacheWrite === b.cacheWrite &&
    a.cacheRead === b.cacheRead
  );
}

/**
 * `overrides` with `model` priced at `price`; undefined, or the price it would have
 * anyway, removes the model's own entry, so Settings keeps only real changes.
 */
export function withPriceOverride(
  overrides: PriceOverrides,
  model: string,
  price: ModelPrice | undefined,
): Record<string, ModelPrice> {
  const rest = Object.fromEntries(Object.entries(overrides).filter(([key]) => key !== model));
  if (price === undefined || samePrice(price, basePriceFor(model, overrides))) return rest;
  return { ...rest, [model]: { ...price } };
}
