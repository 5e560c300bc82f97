/**
 * The Thinking control's choices for a model: one list a native select can show, each
 * choice a complete ThinkingSetting. Which choices exist follows the model table (a budget
 * for older models, an effort for newer ones, no Off where the model always thinks).
 */
import { groupThousands } from '../../core/groupThousands';
import { modelFacts } from '../../core/models/modelTable';
import type { ThinkingSetting } from '../../core/types/thinking';
import { EFFORT_LEVELS } from '../../core/types/thinking';

export interface ThinkingChoice {
  /** Stable within one list; the select's option value. */
  value: string;
  label: string;
  setting: ThinkingSetting;
}

const BUDGETS = [4000, 8000, 16_000, 32_000];

export function thinkingChoices(model: string, current: ThinkingSetting): ThinkingChoice[] {
  const style = modelFacts(model).thinking;
  const off: ThinkingChoice = {
    value: 'off',
    label: 'Thinking off',
    setting: { ...current, enabled: false },
  };
  if (style === 'none') return [{ ...off, label: 'No thinking (not on this model)' }];
  if (style === 'budget') {
    const budgets = [...new Set([...BUDGETS, current.budgetTokens])].sort((a, b) => a - b);
    return [
      off,
      ...budgets.map((budgetTokens) => ({
        value: `budget-${budgetTokens}`,
        label: `Thinking · up to ${groupThousands(budgetTokens)} tokens`,
        setting: { ...current, enabled: true, budgetTokens },
      })),
    ];
  }
  const on = (effort: ThinkingSetting['effort'], label: string): ThinkingChoice => ({
    value: `effort-${effort}`,
    label,
    setting: { ...current, enabled: true, effort },
  });
  const efforts = modelFacts(model).effort
    ? EFFORT_LEVELS.map((effort) => on(effort, `Thinking · ${effort} effort`))
    : [];
  const choices = [on('default', 'Thinking on'), ...efforts];
  if (style === 'always') return choices.map((c) => ({ ...c, label: `${c.label} (always, on this model)` }));
  return [off, ...choices];
}

/** The choice `setting` is on `model`: what the select shows as chosen. */
export function chosenValue(model: string, setting: ThinkingSetting): string {
  const style = modelFacts(model).thinking;
  if (style === 'none') return 'off';
  if (!setting.enabled && style !== 'always') return 'off';
  if (style === 'budget') return `budget-${setting.budgetTokens}`;
  const effort = modelFacts(model).effort ? setting.effort : 'default';
  return `effort-${effort}`;
}
