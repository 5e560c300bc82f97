import { describe, expect, it } from 'vitest';
import { contextWindowFor, FALLBACK_CONTEXT_WINDOW, measureContext } from './contextWindow';

describe('contextWindowFor', () => {
  it('finds a model family by its longest prefix', () => {
    expect(contextWindowFor('claude-sonnet-4-5-20250929')).toBe(200_000);
    expect(contextWindowFor('claude-sonnet-5-5')).toBe(1_000_000);
  });

  it('falls back for unknown models and honours a positive override', () => {
    expect(contextWindowFor('some-gateway/model')).toBe(FALLBACK_CONTEXT_WINDOW);
    expect(contextWindowFor('claude-sonnet-5-5', 50_000)).toBe(50_000);
    expect(contextWindowFor('claude-sonnet-5-5', 0)).toBe(1_000_000);
    expect(contextWindowFor('claude-sonnet-5-5', Number.NaN)).toBe(1_000_000);
  });
});

describe('measureContext', () => {
  it('counts input, both cache kinds and output against the window', () => {
    const meter = measureContext({ input: 1000, cacheRead: 3000, cacheWrite: 500, output: 500 }, 'x', 10_000);
    expect(meter).toEqual({ used: 5000, window: 10_000, fraction: 0.5 });
  });

  it('is empty without usage and never above 1', () => {
    expect(measureContext(undefined, 'x').fraction).toBe(0);
    expect(measureContext({ input: 50, cacheRead: 0, cacheWrite: 0, output: 60 }, 'x', 100).fraction).toBe(1);
  });
});
