/**
 * Extended thinking: what the user chose (a Settings default, and per session from the
 * Thinking control) and what a request must say for the model it goes to. The model
 * table says which of the API's forms a model takes.
 */
import { EFFORT_LEVELS, type Effort, type ThinkingSetting } from '../types/thinking';
import { modelFacts, type ThinkingStyle } from './modelTable';

export const MIN_THINKING_BUDGET = 1024;

export const DEFAULT_THINKING: ThinkingSetting = { enabled: false, budgetTokens: 8000, effort: 'default' };

/** What one request asks for; undefined sends no `thinking` field at all. */
export type ThinkingRequest =
  | { type: 'enabled'; budgetTokens: number }
  | { type: 'adaptive'; effort?: Effort }
  | { type: 'disabled' }
  | { type: 'between_tools' };

/** Repairs a stored or hand-edited setting. */
export function restoreThinking(
  stored: unknown,
  fallback: ThinkingSetting = DEFAULT_THINKING,
): ThinkingSetting {
  if (typeof stored !== 'object' || stored === null) return { ...fallback };
  const s = stored as Partial<Record<keyof ThinkingSetting, unknown>>;
  const budget =
    typeof s.budgetTokens === 'number' && Number.isFinite(s.budgetTokens)
      ? Math.max(MIN_THINKING_BUDGET, Math.floor(s.budgetTokens))
      : fallback.budgetTokens;
  const effort = EFFORT_LEVELS.find((level) => level === s.effort) ?? 'default';
  return { enabled: s.enabled === true, budgetTokens: budget, effort };
}

/**
 * Thinking works with tool_choice `auto` and `none` only (not `any` or a named tool). The
 * app uses only those two, so the handoff turn (tool_choice none) keeps the session's
 * thinking; a turn with another choice would have it turned off, silently.
 */
export function thinkingAllowedWith(toolChoice: 'auto' | 'none' | 'any' | 'tool'): boolean {
  return toolChoice === 'auto' || toolChoice === 'none';
}

/** The request's thinking for `model` under `setting`. */
export function thinkingRequestFor(model: string, setting: ThinkingSetting): ThinkingRequest | undefined {
  const facts = modelFacts(model);
  const style: ThinkingStyle = facts.thinking;
  if (style === 'none') return undefined;
  const adaptive = (): ThinkingRequest =>
    facts.effort && setting.effort !== 'default'
      ? { type: 'adaptive', effort: setting.effort }
      : { type: 'adaptive' };
  if (style === 'always') return adaptive();
  if (!setting.enabled) {
    if (style === 'adaptive-default') return { type: 'disabled' };
    if (style === 'adaptive-between-tools') return { type: 'between_tools' };
    return undefined;
  }
  if (style === 'budget')
    return { type: 'enabled', budgetTokens: Math.max(MIN_THINKING_BUDGET, setting.budgetTokens) };
  return adaptive();
}

/** Whether the model can be asked not to think (and so whether Off means anything). */
export function canTurnThinkingOff(model: string): boolean {
  return modelFacts(model).thinking !== 'always';
}

/** Whether the model thinks at all, whatever is asked. */
export function canThink(model: string): boolean {
  return modelFacts(model).thinking !== 'none';
}

/** Whether the model takes a budget (else an effort, when `takesEffort`). */
export function takesBudget(model: string): boolean {
  return modelFacts(model).thinking === 'budget';
}

export function takesEffort(model: string): boolean {
  const facts = modelFacts(model);
  return facts.effort && facts.thinking !== 'budget' && facts.thinking !== 'none';
}

/**
 * The request's `max_tokens` with a thinking budget: the budget comes out of max_tokens,
 * so it is added to what the user allowed the reply (up to the model's output limit),
 * and the budget kept below it as the API requires.
 */
export function withThinkingBudget(
  model: string,
  maxTokens: number,
  thinking: ThinkingRequest | undefined,
): { maxTokens: number; thinking: ThinkingRequest | undefined } {
  if (thinking?.type !== 'enabled') return { maxTokens, thinking };
  const total = Math.min(modelFacts(model).maxOutput, maxTokens + thinking.budgetTokens);
  const budget = Math.min(thinking.budgetTokens, total - 1);
  // Too small a total for the minimum budget: think not at all rather than be refused.
  if (budget < MIN_THINKING_BUDGET) return { maxTokens, thinking: undefined };
  return { maxTokens: total, thinking: { type: 'enabled', budgetTokens: budget } };
}
