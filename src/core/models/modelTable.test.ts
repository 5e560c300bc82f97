import { describe, expect, it } from 'vitest';
import { knownModels, modelFacts } from './modelTable';

// The API's published prices, dollars per million tokens (platform.claude.com, "Pricing"
// and each model's overview page, checked 2026-12), written out here rather than read
// from the table under test.
describe('the model table’s prices', () => {
  it('prices Fable 5.1 and Mythos 5.1 cache reads at $0.25, not at Fable 5’s $1', () => {
    const published = { input: 10, output: 50, cacheWrite: 12.5, cacheRead: 0.25 };
    expect(modelFacts('claude-fable-5-1').price).toEqual(published);
    expect(modelFacts('claude-fable-5-1-20260901').price).toEqual(published);
    expect(modelFacts('claude-mythos-5-1').price).toEqual(published);
    // The neighbours keep theirs.
    expect(modelFacts('claude-fable-5').price).toEqual({
      input: 10,
      output: 50,
      cacheWrite: 12.5,
      cacheRead: 1,
    });
    expect(modelFacts('claude-fable-5-2').price).toEqual({
      input: 8,
      output: 40,
      cacheWrite: 10,
      cacheRead: 0.2,
    });
  });

  it('gives Haiku 5.5 its price for prompts over 100,000 tokens, five times the base', () => {
    const haiku = modelFacts('claude-haiku-5-5');
    expect(haiku.price).toEqual({ input: 0.1, output: 0.5, cacheWrite: 0.125, cacheRead: 0.01 });
    expect(haiku.longContext).toEqual({
      above: 100_000,
      price: { input: 0.5, output: 2.5, cacheWrite: 0.625, cacheRead: 0.05 },
    });
  });

  it('has no long-context price for the models the API charges one flat price at any length', () => {
    for (const model of ['claude-opus-5', 'claude-sonnet-5-5', 'claude-opus-5-5', 'claude-fable-5-1']) {
      expect(modelFacts(model).longContext).toBeUndefined();
    }
  });

  it('lists the new families in Settings’ price list', () => {
    const ids = knownModels().map((facts) => facts.id);
    expect(ids).toContain('claude-fable-5-1');
    expect(ids).toContain('claude-mythos-5-1');
  });
});
