/**
 * The next turn's price and the handoff triggers the context is past, for one branch:
 * what the meter and the banner show and what auto-handoff decides on, so they cannot
 * disagree (docs/handoff.md, "When Baton suggests a handoff").
 */
import type { PriceOverrides } from '../usage/modelPrice';
import { type BranchCostFacts, nextTurnInput } from './branchCost';
import { costFigures, type NextTurnCost } from './costFigures';
import { type TriggerReason, triggersFor, triggersOver } from './handoffTriggers';
import type { HandoffTriggerSettings } from './triggerSettings';

export interface ContextPricingInput {
  facts: BranchCostFacts;
  /** Tokens of the next request as the meter counts them. */
  used: number;
  window: number;
  /** Some of `used` is what the API reported. */
  reported: boolean;
  /** The conversation no longer fits. */
  full: boolean;
  model: string;
  prices: PriceOverrides;
  triggers: HandoffTriggerSettings;
}

export interface ContextPricing {
  reasons: TriggerReason[];
  /** Undefined when the model has no price. */
  nextTurn?: NextTurnCost;
  /** `used` is the API's own count: nothing was added since its last report. */
  exact: boolean;
}

export function contextPricing(input: ContextPricingInput): ContextPricing {
  const { facts, used, window, reported, full, model, prices } = input;
  const exact = reported && !full && used === facts.reportedContext;
  const { nextTurn } = costFigures({ model, prices, next: nextTurnInput(facts, used, exact) });
  const reasons = triggersOver(
    { used, window, reported, full, ...(nextTurn && { turnCost: nextTurn.cached }) },
    triggersFor(input.triggers, model, prices),
  );
  return { reasons, exact, ...(nextTurn && { nextTurn }) };
}

/** The three trigger settings as Settings keeps them. */
export function triggerSettingsOf(settings: {
  contextThreshold: number;
  handoffTurnCost: number;
  handoffTokens: number;
}): HandoffTriggerSettings {
  return {
    percent: settings.contextThreshold,
    turnCost: settings.handoffTurnCost,
    tokens: settings.handoffTokens,
  };
}
