/**
 * The bench's Playwright `test`: one static server and one mock Messages API per worker
 * (the bench runs one worker), and `openBenchPage`, a page in a fresh context (a fresh
 * IndexedDB) with the instrumentation installed before any script of the app.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, test as base, expect, type Page } from '@playwright/test';
import { type MockApi, startMockApi } from '../../e2e/mock/mockApi';
import type * as Bare from '../baseline/bare';
import { ACTIVE_SESSION_KEY, SETTINGS_KEY } from './appContract';
import { APP_DIR, BARE_DIR, PORT, PROFILE, PROFILE_DIR, RESULTS_DIR } from './config';
import { installBenchHooks } from './instrument';
import { type BenchServer, startBenchServer } from './server';

export const API_KEY = 'sk-ant-bench-key-0123456789';
export const MODEL = 'claude-bench';

export interface BenchEnv {
  server: BenchServer;
  mock: MockApi;
}

export const test = base.extend<object, { env: BenchEnv }>({
  env: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = await startBenchServer({ port: PORT, appDir: APP_DIR, bareDir: BARE_DIR });
      const mock = await startMockApi();
      try {
        await use({ server, mock });
      } finally {
        await mock.close();
        await server.close();
      }
    },
    { scope: 'worker' },
  ],
});

export { expect };

/** The app's settings pointing at the mock, plus the session it opens on. */
export function appSettings(env: BenchEnv, activeSessionId: string): Array<[string, unknown]> {
  return [
    [
      SETTINGS_KEY,
      {
        apiKey: API_KEY,
        baseURL: env.mock.url,
        model: MODEL,
        rememberKey: true,
        maxTokens: 32_000,
        reviewHandoff: false,
      },
    ],
    [ACTIVE_SESSION_KEY, activeSessionId],
  ];
}

export interface BenchPage {
  page: Page;
  /** Uncaught errors in the page so far. */
  errors: string[];
  close(): Promise<void>;
}

/** A page on the bench origin, in a new context: nothing stored, the hooks installed. */
export async function openBenchPage(browser: Browser, env: BenchEnv): Promise<BenchPage> {
  const context = await browser.newContext({
    baseURL: env.server.origin,
    viewport: { width: 1280, height: 800 },
  });
  await context.addInitScript(installBenchHooks);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/__bench/blank.html');
  return { page, errors, close: () => context.close() };
}

/** Runs `bare.seed(spec)` in the page: sessions, entries and settings straight into IndexedDB. */
export async function seed(page: Page, spec: Bare.SeedSpec): Promise<Bare.Seeded> {
  return page.evaluate(async (s) => {
    const url = '/__bench/bare.js';
    const bare: typeof Bare = await import(url);
    return bare.seed(s);
  }, spec);
}

export async function putSettings(page: Page, settings: Array<[string, unknown]>): Promise<void> {
  await page.evaluate(async (s) => {
    const url = '/__bench/bare.js';
    const bare: typeof Bare = await import(url);
    await bare.putSettings(s);
  }, settings);
}

/** Loads the bare module into the page ahead of timing, so its download is not timed. */
export async function loadBare(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const url = '/__bench/bare.js';
    const bare: typeof Bare = await import(url);
    await bare.database();
  });
}

export function composer(page: Page) {
  return page.getByRole('textbox', { name: 'Message' });
}

/**
 * Waits until no reply is being written and IndexedDB has been idle for `quietMs` (no
 * transaction open, none begun or finished): the app has finished what the last step
 * started, reads included, so the next timing starts clean. Returns when that was, in
 * page time.
 */
export async function settle(page: Page, timeoutMs: number, quietMs = 400): Promise<number> {
  await expect(page.getByTestId('agent-state')).toHaveText('Ready', { timeout: timeoutMs });
  const idle = await page.waitForFunction(
    (quiet) => {
      const bench = window.__bench;
      if (!bench || bench.openTransactions > 0) return false;
      const since = performance.now() - bench.lastTransactionActivity;
      return since > quiet ? { at: bench.lastTransactionActivity } : false;
    },
    quietMs,
    { timeout: timeoutMs, polling: 100 },
  );
  const { at } = (await idle.jsonValue()) as { at: number };
  return at;
}

/** Awaits the condition armed in the page as `window.__bench.armed`. */
export async function awaitArmed(page: Page): Promise<{ seen: number; painted: number }> {
  return page.evaluate(async () => {
    const armed = window.__bench?.armed;
    if (!armed) throw new Error('nothing armed');
    return armed;
  });
}

/**
 * With BENCH_PROFILE set to `id` and `enabled` (the figure's first timed run), records a
 * Chrome trace of `run` into bench/.profiles/; else just runs it.
 */
export async function maybeProfile<T>(
  id: string,
  page: Page,
  label: string,
  enabled: boolean,
  run: () => Promise<T>,
): Promise<T> {
  const browser = page.context().browser();
  if (PROFILE !== id || !enabled || !browser) return run();
  mkdirSync(PROFILE_DIR, { recursive: true });
  const path = join(PROFILE_DIR, `${id}-${label}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await browser.startTracing(page, { path, screenshots: true });
  try {
    return await run();
  } finally {
    await browser.stopTracing();
    console.log(`Trace of ${id} (${label}) written to ${path}`);
  }
}

/** A progress line under the running test, so a long run shows where it is. */
export function progress(message: string): void {
  console.log(`    · ${message}`);
}

const fixed = (ms: number | undefined) =>
  ms === undefined ? '?' : `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;

/** "Baton 123 ms, baseline 4.1 ms" for a repetition's progress line. */
export function pair(run: { baton?: { ms: number }; baseline?: { ms: number } }): string {
  return `Baton ${fixed(run.baton?.ms)}, baseline ${fixed(run.baseline?.ms)}`;
}

/** "seeded 5,000 entries in 1.4 s", or "seeded 5,000 entries and 500 images (100.0 MB) in 4.2 s" */
export function seededLine(seeded: {
  entries: number;
  ms: number;
  attachments?: number;
  attachmentBytes?: number;
}): string {
  const files = seeded.attachments
    ? ` and ${seeded.attachments.toLocaleString('en')} images (${((seeded.attachmentBytes ?? 0) / 1e6).toFixed(1)} MB)`
    : '';
  return `seeded ${seeded.entries.toLocaleString('en')} entries${files} in ${(seeded.ms / 1000).toFixed(1)} s`;
}

/** One figure's raw measurements, for run.mjs to summarise. */
export function writeResult(id: string, data: unknown): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, `${id}.json`), JSON.stringify(data, null, 2));
}
