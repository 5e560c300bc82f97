/**
 * What the context meter and the handoff banner show, computed from the store's data
 * without React, so the numbers can be tested on their own.
 */
import { contextWindowFor } from '../core/context/contextWindow';
import { type ContextEstimate, estimateContext } from '../core/context/estimateContext';
import { withoutAbandonedHandoffEntries } from '../core/handoff/handoffAttempts';
import { HANDOFF_CUSTOM_TYPE } from '../core/handoff/handoffMarkers';
import { type BranchCostFacts, branchCostFacts } from '../core/pricing/branchCost';
import { contextPricing, triggerSettingsOf } from '../core/pricing/contextPricing';
import type { NextTurnCost } from '../core/pricing/costFigures';
import type { TriggerReason } from '../core/pricing/handoffTriggers';
import { systemPromptFor } from '../core/systemPrompt';
import { isCustomMessageEntry, type SessionEntry } from '../core/types/entry';
import { demoModelFor, isDemo } from '../state/store/modelLabel';
import type { Settings } from '../state/store/settings';

/** The model the next turn goes to: without a key that is an offline demo. */
export function meteredModel(settings: Pick<Settings, 'apiKey' | 'model'>): string {
  return isDemo(settings) ? demoModelFor(settings) : settings.model;
}

export type MeterSettings = Pick<
  Settings,
  | 'apiKey'
  | 'model'
  | 'contextThreshold'
  | 'contextWindowOverride'
  | 'handoffTurnCost'
  | 'handoffTokens'
  | 'priceOverrides'
>;

export interface ContextMeterView {
  used: number;
  window: number;
  /** 0..1, capped at 1. */
  fraction: number;
  /** Anything is in the context yet (reported by the API or estimated). */
  measured: boolean;
  /** The model refused the conversation for length, or its window filled mid-reply. */
  full: boolean;
  /** A reported size at or past one of the user's triggers (or full): time to suggest a handoff. */
  overThreshold: boolean;
  /** Which triggers the context is at or past (docs/handoff.md, "When Baton suggests a handoff"). */
  reasons: TriggerReason[];
  /** `used` is the API's own count (no "≈"). */
  exact: boolean;
  /** The next turn's price at this context; undefined when the model has no price (hidden, not guessed). */
  nextTurn?: NextTurnCost;
  /** e.g. "12.3k / 200k". */
  label: string;
  /** Whole percent, 0..100. */
  percent: number;
}

/** Entries arrays are replaced, never changed in place: one estimate per array is enough. */
const estimates = new WeakMap<readonly SessionEntry[], ContextEstimate>();

function cachedEstimate(entries: readonly SessionEntry[]): ContextEstimate {
  let estimate = estimates.get(entries);
  if (!estimate) {
    const first = entries[0];
    const startedByHandoff =
      first !== undefined && isCustomMessageEntry(first) && first.customType === HANDOFF_CUSTOM_TYPE;
    // A cancelled handoff is sent nowhere: its instruction and half document fill nothing.
    estimate = estimateContext(withoutAbandonedHandoffEntries(entries), systemPromptFor(startedByHandoff));
    estimates.set(entries, estimate);
  }
  return estimate;
}

const facts = new WeakMap<readonly SessionEntry[], BranchCostFacts>();

/** The branch's cost facts, read once per entries array. */
export function cachedFacts(entries: readonly SessionEntry[]): BranchCostFacts {
  let found = facts.get(entries);
  if (!found) {
    found = branchCostFacts(entries);
    facts.set(entries, found);
  }
  return found;
}

export function contextMeterView(
  entries: readonly SessionEntry[],
  settings: MeterSettings,
  /** The model the open session's next turn goes to (its own, else the default). */
  model: string = meteredModel(settings),
): ContextMeterView {
  const estimate = cachedEstimate(entries);
  const override = settings.contextWindowOverride > 0 ? settings.contextWindowOverride : undefined;
  // After a refusal the API's own numbers win: they are what the model counted.
  const window = estimate.overflow?.limit ?? contextWindowFor(model, override);
  const full = estimate.overflow !== undefined;
  const used = full ? Math.max(estimate.used, estimate.overflow?.limit ?? window) : estimate.used;
  const fraction = Math.min(1, used / window);
  const pricing = contextPricing({
    facts: cachedFacts(entries),
    used,
    window,
    reported: estimate.reported,
    full,
    model,
    prices: settings.priceOverrides,
    triggers: triggerSettingsOf(settings),
  });
  return {
    used,
    window,
    fraction,
    measured: used > 0,
    full,
    // Estimates alone do not raise the banner: it waits for a size the API reported.
    overThreshold: pricing.reasons.length > 0,
    reasons: pricing.reasons,
    exact: pricing.exact,
    ...(pricing.nextTurn && { nextTurn: pricing.nextTurn }),
    label: `${formatTokens(used)} / ${formatTokens(window)}`,
    percent: Math.round(fraction * 100),
  };
}

/** 950 → "950", 12_345 → "12.3k", 200_000 → "200k", 1_500_000 → "1.5M". */
export function formatTokens(tokens: number): string {
  const n = Math.max(0, Math.round(tokens));
  if (n < 1000) return String(n);
  const [value, unit] = n < 999_500 ? [n / 1000, 'k'] : [n / 1_000_000, 'M'];
  // Three significant digits at most: "12.3k" and "200k", never "199.9k".
  const shown = value < 100 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown}${unit}`;
}

/** A percentage typed in settings ("80") as a threshold (0.8); null when not 1..100. */
export function parsePercent(text: string): number | null {
  if (!/^\s*\d+(\.\d+)?\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= 100 ? value / 100 : null;
}

/** A typed context window: empty or 0 means "look it up" (0); null when not a whole number ≥ 0. */
export function parseWindowOverride(text: string): number | null {
  if (text.trim() === '') return 0;
  if (!/^\s*\d+\s*$/.test(text)) return null;
  return Number(text);
}
