import { describe, expect, it } from 'vitest';
import type { Usage } from '../types/message';
import type { ChainSession } from './chainCost';
import { costFigures } from './costFigures';

// Published prices, dollars per million tokens (platform.claude.com, checked 2026-12):
//   Sonnet 5.5  input $2, 5-minute cache write $2.50, cache read $0.10, output $10
//   Haiku 5.5   up to 100,000 prompt tokens: input $0.10, write $0.125, read $0.01, output $0.50;
//               over: input $0.50, write $0.625, read $0.05, output $2.50.
const SONNET = 'claude-sonnet-5-5';
const HAIKU = 'claude-haiku-5-5';

const usage = (u: Partial<Usage>): Usage => ({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0, ...u });
const chainOf = (sessions: ChainSession[], prices = {}) =>
  costFigures({ model: SONNET, prices, chain: sessions }).chain;

describe('the chain’s total', () => {
  it('adds every turn of every session at its own model’s price', () => {
    const chain = chainOf([
      {
        turns: [
          // 10,000 written × $2.50 = $0.025; 1,000 output × $10 = $0.01: $0.035.
          { model: SONNET, usage: usage({ cacheWrite: 10_000, output: 1_000 }) },
          // 10,000 read × $0.10 = $0.001; 1,500 written = $0.00375; $0.01: $0.01475.
          { model: SONNET, usage: usage({ cacheRead: 10_000, cacheWrite: 1_500, output: 1_000 }) },
        ],
      },
      {
        handoff: { parentContext: 12_500, startContext: 4_000 },
        // 150,000 read at Haiku's long price: × $0.05 = $0.0075; 500 output × $2.50 = $0.00125.
        turns: [{ model: HAIKU, usage: usage({ cacheRead: 150_000, output: 500 }) }],
      },
    ]);
    expect(chain?.total).toBeCloseTo(0.035 + 0.01475 + 0.00875, 12);
    expect(chain?.partial).toBe(false);
  });

  it('says the total is partial when some turns have no price, and hides it when none has', () => {
    const partial = chainOf([
      {
        turns: [
          { model: SONNET, usage: usage({ input: 1_000_000 }) },
          { model: 'my-gateway-alias', usage: usage({ input: 5 }) },
        ],
      },
    ]);
    // 1,000,000 input × $2 = $2.
    expect(partial?.total).toBeCloseTo(2, 12);
    expect(partial?.partial).toBe(true);
    expect(chainOf([{ turns: [{ model: 'baton-demo', usage: usage({ input: 5 }) }] }])).toEqual({
      partial: false,
    });
  });

  it('costs nothing before anything was used', () => {
    expect(chainOf([{ turns: [] }])).toEqual({ total: 0, partial: false });
  });
});

describe('what the handoffs saved', () => {
  // The parent handed off at 300,000 tokens; the new session started at 8,000, so each of
  // its turns carries 292,000 tokens fewer than it would have in the parent.
  const origin = { parentContext: 300_000, startContext: 8_000 };

  it('prices each turn after a handoff again at the parent’s context size (Sonnet 5.5)', () => {
    const chain = chainOf([
      { turns: [{ model: SONNET, usage: usage({ cacheWrite: 10_000, output: 1_000 }) }] },
      {
        handoff: origin,
        turns: [
          // First turn: wrote its 8,000-token start and a 500-token message: 8,500 × $2.50 =
          // $0.02125 + $0.01 output = $0.03125. In the parent it would have read 300,000
          // from the cache ($0.03) and written the 500 ($0.00125): $0.04125. Saved $0.01.
          { model: SONNET, usage: usage({ cacheWrite: 8_500, output: 1_000 }) },
          // A cached turn: 8,500 read ($0.00085), 1,500 written ($0.00375), $0.01 output.
          // In the parent it reads 292,000 more: 292,000 × $0.10 = $0.0292 saved.
          { model: SONNET, usage: usage({ cacheRead: 8_500, cacheWrite: 1_500, output: 1_000 }) },
          // A cache miss (back after a break): it wrote all 11,500. The parent would have
          // missed too and written 292,000 more: × $2.50 = $0.73 saved.
          { model: SONNET, usage: usage({ cacheWrite: 11_500, output: 1_000 }) },
          // No caching at all (a gateway that drops it): 292,000 more input × $2 = $0.584.
          { model: SONNET, usage: usage({ input: 12_000, output: 500 }) },
        ],
      },
    ]);
    expect(chain?.saved).toBeCloseTo(0.01 + 0.0292 + 0.73 + 0.584, 12);
  });

  it('prices the turns at the parent’s size with the long-request price where that applies (Haiku 5.5)', () => {
    const chain = chainOf([
      {
        handoff: { parentContext: 150_000, startContext: 8_000 },
        turns: [
          // Actual: 8,500 × $0.125 + 1,000 × $0.50 = $0.0015625. In the parent: 150,000 read
          // + 500 written = a 150,500-token prompt, a long one: 150,000 × $0.05 + 500 ×
          // $0.625 + 1,000 × $2.50 = $0.0103125. Saved $0.00875.
          { model: HAIKU, usage: usage({ cacheWrite: 8_500, output: 1_000 }) },
          // Actual: 8,500 × $0.01 + 1,500 × $0.125 + 1,000 × $0.50 = $0.0007725. In the
          // parent: (8,500 + 142,000) × $0.05 + 1,500 × $0.625 + 1,000 × $2.50 = $0.0109625.
          // Saved $0.01019.
          { model: HAIKU, usage: usage({ cacheRead: 8_500, cacheWrite: 1_500, output: 1_000 }) },
        ],
      },
    ]);
    expect(chain?.saved).toBeCloseTo(0.00875 + 0.01019, 12);
  });

  it('adds up the handoffs of a longer chain, each against its own parent', () => {
    const turn = { model: SONNET, usage: usage({ cacheRead: 9_000, cacheWrite: 1_000, output: 1_000 }) };
    const chain = chainOf([
      { turns: [] },
      { handoff: { parentContext: 300_000, startContext: 8_000 }, turns: [turn, turn] },
      { handoff: { parentContext: 100_000, startContext: 6_000 }, turns: [turn, turn] },
    ]);
    // The later turns of each session read Δ more from the cache: 292,000 × $0.10 = $0.0292
    // and 94,000 × $0.10 = $0.0094. Each first turn read 9,000 (from an earlier session's
    // cache) where the parent would have read all of its context, and both wrote the
    // 10,000 − start new tokens (2,000 and 4,000) of which the turn wrote 1,000 at $2.50,
    // the rest as input at $2:
    //   first after 300,000: parent 300,000 × $0.10 + 1,000 × $2.50 + 1,000 × $2 = $0.0345
    //     against 9,000 × $0.10 + 1,000 × $2.50 = $0.0034: $0.0311 saved (outputs cancel);
    //   first after 100,000: 100,000 × $0.10 + 1,000 × $2.50 + 3,000 × $2 = $0.0185
    //     against $0.0034: $0.0151 saved.
    expect(chain?.saved).toBeCloseTo(0.0311 + 0.0292 + 0.0151 + 0.0094, 12);
  });

  it('is negative when a handoff left a session larger than its parent', () => {
    const chain = chainOf([
      {
        handoff: { parentContext: 3_000, startContext: 8_000 },
        // Actual $0.03125 (as above). In the parent: 3,000 read ($0.0003) + 500 written
        // ($0.00125) + $0.01 = $0.01155. Saved −$0.0197.
        turns: [{ model: SONNET, usage: usage({ cacheWrite: 8_500, output: 1_000 }) }],
      },
    ]);
    expect(chain?.saved).toBeCloseTo(-0.0197, 12);
  });

  it('is hidden when no session came from a handoff, or a turn after one has no price', () => {
    expect(chainOf([{ turns: [{ model: SONNET, usage: usage({ input: 10 }) }] }])?.saved).toBeUndefined();
    const unpriced = chainOf([
      {
        handoff: origin,
        turns: [
          { model: SONNET, usage: usage({ cacheWrite: 8_500, output: 1_000 }) },
          { model: 'my-gateway-alias', usage: usage({ cacheRead: 8_500, output: 1_000 }) },
        ],
      },
    ]);
    expect(unpriced?.saved).toBeUndefined();
    expect(unpriced?.partial).toBe(true);
  });
});
