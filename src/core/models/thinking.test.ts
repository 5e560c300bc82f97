import { describe, expect, it } from 'vitest';
import type { ThinkingSetting } from '../types/thinking';
import { modelFacts } from './modelTable';
import {
  DEFAULT_THINKING,
  restoreThinking,
  thinkingAllowedWith,
  thinkingRequestFor,
  withThinkingBudget,
} from './thinking';

const on: ThinkingSetting = { enabled: true, budgetTokens: 10_000, effort: 'high' };
const off: ThinkingSetting = { ...on, enabled: false };

describe('the model table', () => {
  it('finds a family by its longest id prefix ending at a dash, never a neighbour', () => {
    expect(modelFacts('claude-sonnet-4-5-20250929').thinking).toBe('budget');
    expect(modelFacts('claude-opus-4-1').price?.input).toBe(15);
    expect(modelFacts('claude-opus-4-5').price?.input).toBe(5);
    expect(modelFacts('claude-sonnet-5-5').thinking).toBe('adaptive-between-tools');
    expect(modelFacts('claude-sonnet-5').thinking).toBe('adaptive-default');
    expect(modelFacts('claude-opus-5-5').thinking).toBe('always');
    expect(modelFacts('claude-haiku-5-5').contextWindow).toBe(1_000_000);
    // Not a prefix ending at a dash: unknown.
    expect(modelFacts('claude-opus-40').price).toBeUndefined();
    expect(modelFacts('gateway/some-model').thinking).toBe('adaptive');
  });
});

describe('thinkingRequestFor: the form each model takes', () => {
  it('sends a budget to older models and nothing when off', () => {
    expect(thinkingRequestFor('claude-sonnet-4-5', on)).toEqual({ type: 'enabled', budgetTokens: 10_000 });
    expect(thinkingRequestFor('claude-sonnet-4-5', off)).toBeUndefined();
  });

  it('sends adaptive with the effort to newer models', () => {
    expect(thinkingRequestFor('claude-opus-4-7', on)).toEqual({ type: 'adaptive', effort: 'high' });
    expect(thinkingRequestFor('claude-opus-4-7', { ...on, effort: 'default' })).toEqual({ type: 'adaptive' });
    expect(thinkingRequestFor('claude-opus-4-7', off)).toBeUndefined();
  });

  it('turns default thinking off the way each model accepts, and never off where it cannot be', () => {
    expect(thinkingRequestFor('claude-sonnet-5', off)).toEqual({ type: 'disabled' });
    expect(thinkingRequestFor('claude-sonnet-5-5', off)).toEqual({ type: 'between_tools' });
    expect(thinkingRequestFor('claude-opus-5-5', off)).toEqual({ type: 'adaptive', effort: 'high' });
  });

  it('sends nothing to models that do not think, and no effort where none is taken', () => {
    expect(thinkingRequestFor('claude-3-5-haiku-latest', on)).toBeUndefined();
    expect(thinkingRequestFor('baton-demo', on)).toBeUndefined();
    expect(thinkingRequestFor('gateway/some-model', on)).toEqual({ type: 'adaptive' });
  });

  it('keeps thinking with tool_choice auto and none only', () => {
    expect(thinkingAllowedWith('auto')).toBe(true);
    expect(thinkingAllowedWith('none')).toBe(true);
    expect(thinkingAllowedWith('any')).toBe(false);
    expect(thinkingAllowedWith('tool')).toBe(false);
  });
});

describe('withThinkingBudget', () => {
  it('adds the budget to max_tokens up to the output limit and keeps it below', () => {
    const budget = { type: 'enabled', budgetTokens: 10_000 } as const;
    expect(withThinkingBudget('claude-sonnet-4-5', 8192, budget)).toEqual({
      maxTokens: 18_192,
      thinking: budget,
    });
    // Opus 4 and 4.1 write at most 32,000 tokens.
    expect(withThinkingBudget('claude-opus-4-1', 30_000, budget)).toEqual({
      maxTokens: 32_000,
      thinking: { type: 'enabled', budgetTokens: 10_000 },
    });
    expect(withThinkingBudget('claude-opus-4-1', 32_000, { type: 'enabled', budgetTokens: 40_000 })).toEqual({
      maxTokens: 32_000,
      thinking: { type: 'enabled', budgetTokens: 31_999 },
    });
  });

  it('leaves other forms alone', () => {
    expect(withThinkingBudget('claude-opus-4-7', 100, { type: 'adaptive' })).toEqual({
      maxTokens: 100,
      thinking: { type: 'adaptive' },
    });
  });
});

describe('restoreThinking', () => {
  it('repairs what was stored', () => {
    expect(restoreThinking(undefined)).toEqual(DEFAULT_THINKING);
    expect(restoreThinking({ enabled: true, budgetTokens: 12_000.7, effort: 'low' })).toEqual({
      enabled: true,
      budgetTokens: 12_000,
      effort: 'low',
    });
    expect(restoreThinking({ enabled: true, budgetTokens: 12, effort: 'low' }).budgetTokens).toBe(1024);
    expect(restoreThinking({ enabled: 'yes', budgetTokens: 'x', effort: 'extreme' })).toEqual({
      ...DEFAULT_THINKING,
      enabled: false,
    });
  });
});
