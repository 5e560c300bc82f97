import { describe, expect, it } from 'vitest';
import { expectedOutputTokens } from './allowances';
import { type ContextSize, costFigures, type HandoffSizes } from './costFigures';

// Every expected figure below is worked out by hand from the API's published prices,
// in dollars per million tokens (platform.claude.com, checked 2026-12):
//   Opus 5       input $5,    5-minute cache write $6.25,  cache read $0.50, output $25
//   Sonnet 5.5   input $2,    write $2.50,                 read $0.10,       output $10
//   Fable 5.1    input $10,   write $12.50,                read $0.25,       output $50
//   Haiku 5.5    prompts up to 100,000 tokens: input $0.10, write $0.125, read $0.01, output $0.50;
//                prompts over 100,000 tokens:  input $0.50, write $0.625, read $0.05, output $2.50.
const M = 1_000_000;

const context = (tokens: number, cachedPrefix: number, exact = true): ContextSize => ({
  tokens,
  cachedPrefix,
  exact,
});

function nextTurn(model: string, ctx: ContextSize, outputTokens: number, prices = {}) {
  return costFigures({ model, prices, next: { context: ctx, outputTokens } }).nextTurn;
}

describe('the next turn at the current context', () => {
  it('reads the previous prompt back from the cache and writes the rest (Opus 5)', () => {
    // After a reply: the previous prompt was 119,000 tokens, the reply wrote 1,000.
    const cost = nextTurn('claude-opus-5', context(120_000, 119_000), 1_500);
    // Cached: 119,000 read at $0.50 + 1,000 written at $6.25 + 1,500 output at $25.
    expect(cost?.cached).toBeCloseTo((119_000 * 0.5 + 1_000 * 6.25 + 1_500 * 25) / M, 12);
    expect(cost?.cached).toBeCloseTo(0.10325, 12);
    // Uncached (the cache expired): all 120,000 written at $6.25 + the same output.
    expect(cost?.uncached).toBeCloseTo((120_000 * 6.25 + 1_500 * 25) / M, 12);
    expect(cost?.uncached).toBeCloseTo(0.7875, 12);
    expect(cost?.exact).toBe(true);
  });

  it('prices a 600,000-token Sonnet 5.5 context at its cut cache-read price, marked as an estimate', () => {
    const cost = nextTurn('claude-sonnet-5-5', context(600_000, 598_000, false), 800);
    // 598,000 × $0.10 = $0.0598; 2,000 × $2.50 = $0.005; 800 × $10 = $0.008.
    expect(cost?.cached).toBeCloseTo(0.0728, 12);
    // 600,000 × $2.50 = $1.50; + $0.008.
    expect(cost?.uncached).toBeCloseTo(1.508, 12);
    expect(cost?.exact).toBe(false);
  });

  it('writes everything when nothing is cached yet: cached and uncached are the same', () => {
    const cost = nextTurn('claude-opus-5', context(4_000, 0), 1_000);
    // 4,000 × $6.25 = $0.025; 1,000 × $25 = $0.025.
    expect(cost?.cached).toBeCloseTo(0.05, 12);
    expect(cost?.uncached).toBeCloseTo(0.05, 12);
  });

  it('never reads more from the cache than the request holds', () => {
    // A switch to a shorter branch: the cached prefix (50,000) is longer than the context.
    const cost = nextTurn('claude-opus-5', context(30_000, 50_000), 0);
    // All 30,000 read at $0.50 = $0.015.
    expect(cost?.cached).toBeCloseTo(0.015, 12);
  });

  it('charges a thinking model’s thinking as output (Fable 5.1)', () => {
    // The last replies reported 6,000, 4,000 and 8,000 output tokens; the API counts the
    // thinking in them (the first thought 5,200 tokens and wrote 800).
    const outputs = [5_200 + 800, 4_000, 8_000];
    const allowance = expectedOutputTokens(outputs);
    // (6,000 + 4,000 + 8,000) / 3 = 6,000.
    expect(allowance).toBe(6_000);
    const cost = nextTurn('claude-fable-5-1', context(200_000, 194_000), allowance);
    // 194,000 × $0.25 = $0.0485; 6,000 written × $12.50 = $0.075; 6,000 output × $50 = $0.30.
    expect(cost?.cached).toBeCloseTo(0.4235, 12);
  });

  describe('Haiku 5.5’s price for long prompts', () => {
    it('charges the base price up to 100,000 prompt tokens', () => {
      const cost = nextTurn('claude-haiku-5-5', context(90_000, 89_000), 1_000);
      // 89,000 × $0.01 = $0.00089; 1,000 × $0.125 = $0.000125; 1,000 × $0.50 = $0.0005.
      expect(cost?.cached).toBeCloseTo(0.001515, 12);
    });

    it('charges every token of a longer request five times as much, output included', () => {
      const cost = nextTurn('claude-haiku-5-5', context(150_000, 149_000), 1_000);
      // 149,000 × $0.05 = $0.00745; 1,000 × $0.625 = $0.000625; 1,000 × $2.50 = $0.0025.
      expect(cost?.cached).toBeCloseTo(0.010575, 12);
      // 150,000 × $0.625 = $0.09375; + $0.0025.
      expect(cost?.uncached).toBeCloseTo(0.09625, 12);
    });

    it('puts the line between 100,000 and 100,001 prompt tokens', () => {
      // 100,000 written at $0.125 = $0.0125.
      expect(nextTurn('claude-haiku-5-5', context(100_000, 0), 0)?.uncached).toBeCloseTo(0.0125, 12);
      // 100,001 written at $0.625 = $0.062500625.
      expect(nextTurn('claude-haiku-5-5', context(100_001, 0), 0)?.uncached).toBeCloseTo(0.062500625, 12);
    });

    it('charges a price the user set as one flat price, at any length', () => {
      const own = { input: 0.1, output: 0.5, cacheWrite: 0.125, cacheRead: 0.01 };
      const cost = nextTurn('claude-haiku-5-5', context(150_000, 149_000), 1_000, {
        'claude-haiku-5-5': own,
      });
      // 149,000 × $0.01 = $0.00149; 1,000 × $0.125 = $0.000125; 1,000 × $0.50 = $0.0005.
      expect(cost?.cached).toBeCloseTo(0.002115, 12);
    });
  });

  it('uses the user’s price over the table’s', () => {
    const own = { input: 1, output: 2, cacheWrite: 3, cacheRead: 4 };
    const cost = nextTurn('claude-opus-5', context(2_000, 1_000), 500, { 'claude-opus-5': own });
    // 1,000 × $4 + 1,000 × $3 + 500 × $2 = $0.008.
    expect(cost?.cached).toBeCloseTo(0.008, 12);
  });

  it('hides the figures of a model without a price instead of guessing', () => {
    expect(nextTurn('my-gateway-alias', context(50_000, 40_000), 1_000)).toBeUndefined();
    expect(nextTurn('baton-demo', context(5_000, 4_000), 100)).toBeUndefined();
  });
});

describe('the handoff preview', () => {
  const sizes: HandoffSizes = {
    baseTokens: 9_000,
    documentTokens: 2_000,
    instructionTokens: 450,
    thinkingTokens: 0,
  };
  /** The figures for a 1,000-token output allowance, with the preview unless `handoff` is null. */
  const withPreview = (model: string, ctx: ContextSize, handoff: HandoffSizes | null = sizes) =>
    costFigures({
      model,
      prices: {},
      next: { context: ctx, outputTokens: 1_000, ...(handoff && { handoff }) },
    });

  it('compares the same turn here and in the new session, and prices the handoff (Opus 5)', () => {
    const figures = withPreview('claude-opus-5', context(400_000, 398_500));
    // Continuing: 398,500 read × $0.50 = $0.19925; 1,500 written × $6.25 = $0.009375;
    // 1,000 output × $25 = $0.025. Total $0.233625, the meter's cached figure.
    expect(figures.handoff?.continuing).toBeCloseTo(0.233625, 12);
    expect(figures.handoff?.continuing).toBe(figures.nextTurn?.cached);
    // After: the new session starts at 9,000 + 2,000 = 11,000 tokens, read × $0.50 =
    // $0.0055; the same 1,500 written ($0.009375) and output ($0.025): $0.039875.
    expect(figures.handoff?.afterHandoff).toBeCloseTo(0.039875, 12);
    // The handoff: the document turn reads 398,500 ($0.19925), writes 1,500 + 450 = 1,950
    // ($0.0121875) and writes a 2,000-token document ($0.05): $0.2614375. The new
    // session's first turn writes its 11,000-token start with the 1,500 new ones
    // (12,500 × $6.25 = $0.078125, + $0.025 output = $0.103125) where a later turn pays
    // $0.039875: $0.06325 more. Together $0.3246875.
    expect(figures.handoff?.handoff).toBeCloseTo(0.3246875, 12);
  });

  it('charges the document turn’s thinking as output', () => {
    const figures = withPreview('claude-opus-5', context(400_000, 398_500), {
      ...sizes,
      thinkingTokens: 3_000,
    });
    // The same as above plus 3,000 × $25 = $0.075.
    expect(figures.handoff?.handoff).toBeCloseTo(0.3996875, 12);
  });

  it('shows Haiku 5.5 leaving its long-request price behind', () => {
    const figures = withPreview('claude-haiku-5-5', context(150_000, 149_000));
    // Continuing at 150,000 tokens is a long request: $0.010575 (see above).
    expect(figures.handoff?.continuing).toBeCloseTo(0.010575, 12);
    // After: 11,000 read × $0.01 = $0.00011; 1,000 written × $0.125 = $0.000125;
    // 1,000 output × $0.50 = $0.0005. Total $0.000735.
    expect(figures.handoff?.afterHandoff).toBeCloseTo(0.000735, 12);
    // Document turn (a long request): 149,000 × $0.05 = $0.00745; (1,000 + 450) × $0.625 =
    // $0.00090625; 2,000 × $2.50 = $0.005: $0.01335625. First turn: 12,000 × $0.125 =
    // $0.0015 + $0.0005 = $0.002, i.e. $0.001265 over a later turn. Total $0.01462125.
    expect(figures.handoff?.handoff).toBeCloseTo(0.01462125, 12);
  });

  it('is hidden for a model without a price, and when no sizes are given', () => {
    expect(withPreview('my-gateway-alias', context(400_000, 398_500))).toEqual({});
    const meterOnly = withPreview('claude-opus-5', context(400_000, 398_500), null);
    expect(meterOnly.handoff).toBeUndefined();
    expect(meterOnly.nextTurn).toBeDefined();
  });
});
