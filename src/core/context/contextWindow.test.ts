import { describe, expect, it } from 'vitest';
import { contextTokensUsed, contextWindowFor, FALLBACK_CONTEXT_WINDOW } from './contextWindow';

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

describe('contextTokensUsed', () => {
  it('counts input, both cache kinds and output', () => {
    expect(contextTokensUsed({ input: 1000, cacheRead: 3000, cacheWrite: 500, output: 500 })).toBe(5000);
  });
});
