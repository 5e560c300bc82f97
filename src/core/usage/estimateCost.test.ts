import { describe, expect, it } from 'vitest';
import type { ModelPrice } from '../models/modelTable';
import type { Usage } from '../types/message';
import { costOf, estimateCost } from './estimateCost';
import { NO_USAGE, type SessionUsage } from './sessionUsage';

const tokens = (input: number, output: number, cacheWrite = 0, cacheRead = 0): Usage => ({
  input,
  output,
  cacheWrite,
  cacheRead,
});
const PRICES: Record<string, ModelPrice> = {
  big: { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 },
  small: { input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 },
};
const priceOf = (model: string) => PRICES[model];

describe('costOf', () => {
  it('charges each kind of token at its own price per million', () => {
    // 1M input at $5, 1M output at $25, 2M cache writes at $6.25, 10M cache reads at $0.50.
    expect(costOf(tokens(1e6, 1e6, 2e6, 10e6), PRICES.big as ModelPrice)).toBeCloseTo(5 + 25 + 12.5 + 5, 10);
    expect(costOf(tokens(1000, 200, 0, 0), PRICES.small as ModelPrice)).toBeCloseTo(0.002, 12);
  });
});

describe('estimateCost', () => {
  it('prices each model at its own price and adds them up', () => {
    const usage: SessionUsage = {
      models: [
        { model: 'big', usage: tokens(10_000, 1_000, 2_000, 50_000) },
        { model: 'small', usage: tokens(4_000, 400) },
      ],
      unreadable: 0,
    };
    const estimate = estimateCost(usage, priceOf);
    // big: 0.05 + 0.025 + 0.0125 + 0.025 = 0.1125; small: 0.004 + 0.002 = 0.006.
    expect(estimate.lines.map((line) => line.cost)).toEqual([
      expect.closeTo(0.1125, 12),
      expect.closeTo(0.006, 12),
    ]);
    expect(estimate.cost).toBeCloseTo(0.1185, 12);
    expect(estimate.partial).toBe(false);
    expect(estimate.usage).toEqual(tokens(14_000, 1_400, 2_000, 50_000));
  });

  it('gives tokens only, no cost, when no model has a price', () => {
    const usage: SessionUsage = { models: [{ model: 'unknown', usage: tokens(100, 10) }], unreadable: 0 };
    const estimate = estimateCost(usage, priceOf);
    expect(estimate.cost).toBeUndefined();
    expect(estimate.partial).toBe(false);
    expect(estimate.lines).toEqual([{ model: 'unknown', usage: tokens(100, 10) }]);
    expect(estimate.usage).toEqual(tokens(100, 10));
  });

  it('says the cost is partial when some tokens have no price', () => {
    const usage: SessionUsage = {
      models: [
        { model: 'small', usage: tokens(1_000_000, 0) },
        { model: 'unknown', usage: tokens(100, 10) },
      ],
      unreadable: 0,
    };
    const estimate = estimateCost(usage, priceOf);
    expect(estimate.cost).toBeCloseTo(1, 12);
    expect(estimate.partial).toBe(true);
    expect(estimate.lines[1]?.cost).toBeUndefined();
  });

  it('says the cost is partial when some usage could not be read', () => {
    const usage: SessionUsage = { models: [{ model: 'small', usage: tokens(10, 0) }], unreadable: 2 };
    const estimate = estimateCost(usage, priceOf);
    expect(estimate.partial).toBe(true);
    expect(estimate.unreadable).toBe(2);
  });

  it('costs nothing before anything was used', () => {
    expect(estimateCost(NO_USAGE, priceOf)).toEqual({
      usage: tokens(0, 0),
      lines: [],
      cost: 0,
      partial: false,
      unreadable: 0,
    });
  });
});
