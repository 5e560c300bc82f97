/**
 * What the context meter and the handoff banner show, computed from the store's data
 * without React, so the numbers can be tested on their own.
 */
import { type ContextMeter, measureContext } from '../core/context/contextWindow';
import { isMessageEntry, type SessionEntry, type Usage } from '../core/session/types';
import { DEMO_MODEL_ID } from '../llm/defaults';
import type { Settings } from '../state/settings';

/** The usage of the newest assistant reply on the branch: what the next turn will carry. */
export function lastUsage(entries: readonly SessionEntry[]): Usage | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry && isMessageEntry(entry) && entry.message.role === 'assistant' && entry.message.usage) {
      return entry.message.usage;
    }
  }
  return undefined;
}

/** The model the next turn goes to: without a key that is the offline demo. */
export function meteredModel(settings: Pick<Settings, 'apiKey' | 'model'>): string {
  return settings.apiKey.trim() === '' ? DEMO_MODEL_ID : settings.model;
}

export interface ContextMeterView extends ContextMeter {
  /** A reply has reported its usage; before that there is nothing to measure. */
  measured: boolean;
  /** At or past the user's threshold: time to suggest a handoff. */
  overThreshold: boolean;
  /** e.g. "12.3k / 200k". */
  label: string;
  /** Whole percent, 0..100. */
  percent: number;
}

export function contextMeterView(
  entries: readonly SessionEntry[],
  settings: Pick<Settings, 'apiKey' | 'model' | 'contextThreshold' | 'contextWindowOverride'>,
): ContextMeterView {
  const usage = lastUsage(entries);
  const override = settings.contextWindowOverride > 0 ? settings.contextWindowOverride : undefined;
  const meter = measureContext(usage, meteredModel(settings), override);
  return {
    ...meter,
    measured: usage !== undefined,
    overThreshold: usage !== undefined && meter.used / meter.window >= settings.contextThreshold,
    label: `${formatTokens(meter.used)} / ${formatTokens(meter.window)}`,
    percent: Math.round(meter.fraction * 100),
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
