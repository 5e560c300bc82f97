import { describe, expect, it } from 'vitest';
import { DEFAULT_THINKING } from '../../core/models/thinking';
import type { ThinkingSetting } from '../../core/types/thinking';
import { chosenValue, thinkingChoices } from './thinkingChoices';

const values = (model: string, setting: ThinkingSetting = DEFAULT_THINKING) =>
  thinkingChoices(model, setting).map((choice) => choice.value);

describe('thinkingChoices', () => {
  it('offers budgets to budget models, with the current budget among them', () => {
    expect(values('claude-sonnet-4-5', { ...DEFAULT_THINKING, budgetTokens: 5000 })).toEqual([
      'off',
      'budget-4000',
      'budget-5000',
      'budget-8000',
      'budget-16000',
      'budget-32000',
    ]);
  });

  it('offers efforts where the model takes one, no Off where it always thinks, nothing where it cannot', () => {
    expect(values('claude-opus-4-7')).toEqual([
      'off',
      'effort-default',
      'effort-low',
      'effort-medium',
      'effort-high',
    ]);
    expect(values('claude-opus-5-5')).toEqual([
      'effort-default',
      'effort-low',
      'effort-medium',
      'effort-high',
    ]);
    expect(values('gateway/model')).toEqual(['off', 'effort-default']);
    expect(values('baton-demo')).toEqual(['off']);
  });

  it('shows the setting as one of the choices, and each choice is a whole setting', () => {
    const setting: ThinkingSetting = { enabled: true, budgetTokens: 16_000, effort: 'low' };
    for (const model of [
      'claude-sonnet-4-5',
      'claude-opus-4-7',
      'claude-opus-5-5',
      'gateway/model',
      'baton-demo',
    ]) {
      const chosen = chosenValue(model, setting);
      const choice = thinkingChoices(model, setting).find((c) => c.value === chosen);
      expect(choice, model).toBeDefined();
      // Choosing what is shown changes nothing the model would be sent.
      expect(chosenValue(model, choice?.setting ?? DEFAULT_THINKING)).toBe(chosen);
    }
    expect(chosenValue('claude-opus-5-5', DEFAULT_THINKING)).toBe('effort-default');
  });
});
