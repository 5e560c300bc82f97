/**
 * Per-key latency while typing (P7, and P18 during a sync): keys pressed one at a time,
 * each once the one before has been painted, timed by the bench hooks (instrument.ts)
 * from the keydown to the paint that showed it.
 */
import type { Page } from '@playwright/test';
import { QUICK, WAIT_MS } from './config';
import type { KeyRecord } from './instrument';

/** What is typed, one key at a time: 50 characters, no command, no Enter. */
export const TYPED = QUICK ? 'Please summarise' : 'Please summarise the handoff notes for tomorrow ok';
/** Between one key's paint and the next key: a fast typist's pace, so keys never queue. */
const KEY_GAP_MS = 40;

export interface TypingRun {
  keys: Array<{ key: string; ms: number }>;
  medianMs: number;
  worstMs: number;
  /** The Event Timing API's entries of 16 ms or more while typing (the browser's own input-to-paint). */
  eventTimings: Array<{ name: string; duration: number }>;
  longTasks: Array<{ start: number; duration: number }>;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Types TYPED into the focused box one key at a time, each once the one before has been painted. */
export async function typeTimed(page: Page, readBack: () => Promise<string>): Promise<TypingRun> {
  const from = await page.evaluate(() => {
    const bench = window.__bench;
    if (!bench) throw new Error('bench hooks missing');
    bench.watchKeys();
    return { keys: bench.keys.length, timings: bench.eventTimings.length, now: performance.now() };
  });
  for (const [index, char] of [...TYPED].entries()) {
    await page.keyboard.press(char === ' ' ? 'Space' : char);
    await page.waitForFunction((n) => window.__bench?.keys[n]?.painted !== undefined, from.keys + index, {
      timeout: WAIT_MS,
      polling: 'raf',
    });
    await page.waitForTimeout(KEY_GAP_MS);
  }
  const typed = await readBack();
  if (typed !== TYPED) throw new Error(`P7: the box holds ${JSON.stringify(typed)}, not what was typed`);
  // Long tasks are reported a little after they end.
  await page.waitForTimeout(300);
  const seen = await page.evaluate(({ keys, timings, now }) => {
    const bench = window.__bench;
    if (!bench) throw new Error('bench hooks missing');
    return {
      keys: bench.keys.slice(keys) as KeyRecord[],
      eventTimings: bench.eventTimings.slice(timings).map((t) => ({ name: t.name, duration: t.duration })),
      longTasks: bench.longTasks.filter((t) => t.start >= now),
    };
  }, from);
  if (seen.keys.length !== TYPED.length) {
    throw new Error(`P7: ${seen.keys.length} keydowns seen for ${TYPED.length} keys`);
  }
  const keys = seen.keys.map((k) => ({ key: k.key, ms: (k.painted ?? Number.NaN) - k.start }));
  if (keys.some((k) => !Number.isFinite(k.ms))) throw new Error('P7: a key was never painted');
  const times = keys.map((k) => k.ms);
  return {
    keys,
    medianMs: median(times),
    worstMs: Math.max(...times),
    eventTimings: seen.eventTimings,
    longTasks: seen.longTasks,
  };
}
