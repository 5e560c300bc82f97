/**
 * How full the model's context is: the tokens the last reply consumed (its input,
 * cache reads and writes, plus its output, which the next turn will carry) against
 * the model's context window.
 */
import { modelFacts, UNKNOWN_MODEL } from '../models/modelTable';
import type { Usage } from '../types/message';

export const FALLBACK_CONTEXT_WINDOW = UNKNOWN_MODEL.contextWindow;

/** The window of `model` from the model table; a positive `override` (the user's) wins. */
export function contextWindowFor(model: string, override?: number): number {
  if (override !== undefined && Number.isFinite(override) && override > 0) return Math.floor(override);
  return modelFacts(model).contextWindow;
}

export function contextTokensUsed(usage: Usage): number {
  return usage.input + usage.cacheRead + usage.cacheWrite + usage.output;
}
