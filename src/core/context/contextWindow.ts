/**
 * How full the model's context is: the tokens the last reply consumed (its input,
 * cache reads and writes, plus its output, which the next turn will carry) against
 * the model's context window.
 */
import type { Usage } from '../session/types';

/** Longest matching prefix wins, so a dated id finds its family. */
const KNOWN_WINDOWS: ReadonlyArray<readonly [prefix: string, tokens: number]> = [
  ['baton-demo', 16_000],
  // The demo's small window: a short chat fills it, so condensing can be tried offline.
  ['baton-demo-small', 4_000],
  ['claude-3-haiku', 200_000],
  ['claude-3-5', 200_000],
  ['claude-3-7', 200_000],
  ['claude-haiku-4', 200_000],
  ['claude-sonnet-4', 200_000],
  ['claude-opus-4', 200_000],
  ['claude-sonnet-5', 1_000_000],
  ['claude-opus-5', 1_000_000],
  ['claude-haiku-5', 200_000],
];

export const FALLBACK_CONTEXT_WINDOW = 200_000;

export function contextWindowFor(model: string, override?: number): number {
  if (override !== undefined && Number.isFinite(override) && override > 0) return Math.floor(override);
  let best: readonly [string, number] | undefined;
  for (const known of KNOWN_WINDOWS) {
    if (model.startsWith(known[0]) && (!best || known[0].length > best[0].length)) best = known;
  }
  return best?.[1] ?? FALLBACK_CONTEXT_WINDOW;
}

export function contextTokensUsed(usage: Usage): number {
  return usage.input + usage.cacheRead + usage.cacheWrite + usage.output;
}
