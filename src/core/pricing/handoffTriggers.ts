/**
 * When to suggest a handoff: the context reaches a share of the window, the next turn
 * costs more than a sum, or the context passes a number of tokens. A suggestion fires
 * once when the context crosses into any of them and not again while it stays there; it
 * re-arms once the context is below all of them again (after a handoff, a switch to a
 * shorter branch or another session).
 *
 * Only the percent trigger reproduces the threshold the banner and auto-handoff used
 * before: at or past the share, on a size the API reported (estimates alone never
 * suggest), and always when the conversation no longer fits.
 */
import type { PriceOverrides } from '../usage/modelPrice';
import { priceScheduleFor } from './priceSchedule';
import type { HandoffTriggerSettings } from './triggerSettings';

export type TriggerReason = 'full' | 'percent' | 'turnCost' | 'tokens';

/** The thresholds in force for one model; an absent one is off. */
export interface HandoffTriggers {
  /** Share of the window, 0..1. */
  percent?: number;
  /** Dollars the next turn costs with the cache warm (costFigures' nextTurn.cached). */
  turnCost?: number;
  /** Tokens of context. */
  tokens?: number;
}

/** The context after a reply, a switch or an edit: what the triggers are checked against. */
export interface TriggerSample {
  used: number;
  window: number;
  /** Some of `used` is what the API reported, not all estimate. */
  reported: boolean;
  /** The model refused the conversation for length, or its window filled mid-reply. */
  full: boolean;
  /** The next turn's cost with the cache warm; undefined when the model has no price. */
  turnCost?: number;
}

export interface TriggerState {
  /** The triggers the context is at or past. */
  over: readonly TriggerReason[];
  /** This sample crossed into them (the previous one was below all): suggest a handoff now. */
  fired: boolean;
}

/** Before the first sample: below everything, so a first sample past a trigger fires. */
export const BELOW_TRIGGERS: TriggerState = { over: [], fired: false };

export function triggersOver(sample: TriggerSample, triggers: HandoffTriggers): TriggerReason[] {
  const over: TriggerReason[] = [];
  if (sample.full) over.push('full');
  // Estimates alone do not suggest: they wait for a size the API reported.
  if (!sample.reported) return over;
  const { percent, turnCost, tokens } = triggers;
  if (percent !== undefined && sample.window > 0 && sample.used / sample.window >= percent)
    over.push('percent');
  if (turnCost !== undefined && sample.turnCost !== undefined && sample.turnCost > turnCost)
    over.push('turnCost');
  if (tokens !== undefined && sample.used >= tokens) over.push('tokens');
  return over;
}

/** The state after `sample`: fires when the context crosses into any trigger from below all of them. */
export function nextTriggerState(
  previous: TriggerState,
  sample: TriggerSample,
  triggers: HandoffTriggers,
): TriggerState {
  return crossTriggers(previous, triggersOver(sample, triggers));
}

/** The state once the context is past `over`: fired when that is the first of a crossing. */
export function crossTriggers(previous: TriggerState, over: readonly TriggerReason[]): TriggerState {
  return { over, fired: over.length > 0 && previous.over.length === 0 };
}

/**
 * The triggers in force for `model`. The token trigger comes no later than where the
 * model's price for long requests starts (Haiku 5.5's, at 100,000 tokens): past it every
 * token of every turn costs five times as much, which is exactly when a handoff pays.
 */
export function triggersFor(
  settings: HandoffTriggerSettings,
  model: string,
  prices: PriceOverrides,
): HandoffTriggers {
  const longFrom = priceScheduleFor(model, prices)?.longContext?.above;
  const tokens =
    settings.tokens > 0 && longFrom !== undefined ? Math.min(settings.tokens, longFrom) : settings.tokens;
  return {
    percent: settings.percent,
    ...(settings.turnCost > 0 && { turnCost: settings.turnCost }),
    ...(tokens > 0 && { tokens }),
  };
}
