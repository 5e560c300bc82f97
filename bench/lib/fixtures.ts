/**
 * The bench's Playwright `test`: one static server and one mock Messages API per worker
 * (the bench runs one worker), and `openBenchPage`, a page in a persistent, disk-backed
 * browser profile of its own (a fresh user-data directory, so a fresh IndexedDB on disk)
 * with the instrumentation installed before any script of the app. `reopen()` closes the
 * browser and starts it again on the same directory, so what is measured next reads the
 * data from disk, nothing of it warm in the browser's memory.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  test as base,
  type CDPSession,
  chromium,
  expect,
  type LaunchOptions,
  type Page,
} from '@playwright/test';
import { type MockApi, startMockApi } from '../../e2e/mock/mockApi';
import type * as Bare from '../baseline/bare';
import { ACTIVE_SESSION_KEY, SETTINGS_KEY } from './appContract';
import { APP_DIR, BARE_DIR, PORT, PROFILE, PROFILE_DIR, RESULTS_DIR } from './config';
import { installBenchHooks } from './instrument';
import { browserQuiet } from './quiet';
import { type BenchServer, startBenchServer } from './server';

export const API_KEY = 'sk-ant-bench-key-0123456789';
export const MODEL = 'claude-bench';

export interface BenchEnv {
  server: BenchServer;
  mock: MockApi;
  /** The configuration's launch options (bench/playwright.config.ts: the end-to-end tests' Chromium and arguments). */
  launchOptions: LaunchOptions;
}

export const test = base.extend<object, { env: BenchEnv }>({
  env: [
    async ({ launchOptions }, use) => {
      const server = await startBenchServer({ port: PORT, appDir: APP_DIR, bareDir: BARE_DIR });
      const mock = await startMockApi();
      try {
        await use({ server, mock, launchOptions });
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
        // The mock answers in the order a figure scripts; a title request after a first
        // exchange would take a reply meant for what is timed (no figure times naming).
        nameSessions: false,
      },
    ],
    [ACTIVE_SESSION_KEY, activeSessionId],
  ];
}

export interface BenchPage {
  /** The page of the profile's current launch: a new one after every `reopen()`. */
  readonly page: Page;
  /** Uncaught errors in the page so far, across launches. */
  errors: string[];
  /** The profile's user-data directory (deleted by `close()`). */
  readonly dir: string;
  /**
   * Closes the browser and launches it again on the same profile, on a blank page of the
   * bench origin, and waits until the browser has finished starting: IndexedDB is then
   * read from disk, with nothing of it in the browser's memory (the operating system's
   * file cache may still hold its files). Returns the new page.
   */
  reopen(): Promise<Page>;
  /**
   * Closes the browser and keeps the profile, so nothing of it runs while another profile
   * is measured; `reopen()` starts it again.
   */
  stop(): Promise<void>;
  /** Closes the browser and deletes the profile. */
  close(): Promise<void>;
}

/** Where the profiles go: the system's temporary directory (on this machine a disk, not tmpfs). */
const PROFILE_PARENT = process.env.BENCH_PROFILES_DIR ?? tmpdir();

/**
 * A page on the bench origin in a persistent browser profile of its own, on disk: a fresh
 * user-data directory, nothing stored, the hooks installed. `browser` (the worker's
 * shared browser) is not used: a persistent profile needs a browser of its own, launched
 * with the same executable and arguments. The parameter stays so that every caller reads
 * the same; specs still take the Chromium version from it.
 */
export async function openBenchPage(
  _browser: Browser | undefined,
  env: BenchEnv,
  options: {
    /**
     * The app registers its service worker after the first interaction; a figure that
     * types or clicks would then time the worker's install beside what it measures. So
     * every figure runs without one, as in a browser without service workers, except P19
     * (bench/warmStart.spec.ts), which measures the start the worker serves.
     */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<BenchPage> {
  const dir = mkdtempSync(join(PROFILE_PARENT, 'baton-bench-'));
  const errors: string[] = [];
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const launch = async (): Promise<Page> => {
    const launched = await chromium.launchPersistentContext(dir, {
      ...env.launchOptions,
      headless: true,
      baseURL: env.server.origin,
      viewport: { width: 1280, height: 800 },
      serviceWorkers: options.serviceWorkers ?? 'block',
    });
    try {
      await launched.addInitScript(installBenchHooks);
      // A persistent launch opens with one blank tab; use it rather than add a second.
      const opened = launched.pages()[0] ?? (await launched.newPage());
      opened.on('pageerror', (error) => errors.push(error.message));
      await opened.goto('/__bench/blank.html');
      // Nothing is timed while the browser is still starting (see quiet.ts).
      await browserQuiet(dir);
      context = launched;
      page = opened;
      return opened;
    } catch (error) {
      // No browser left running on a profile that is about to be deleted.
      await launched.close();
      throw error;
    }
  };
  const shut = async () => {
    const open = context;
    context = undefined;
    page = undefined;
    // Closing the persistent context ends the browser, which writes out what IndexedDB holds.
    if (open) await open.close();
  };
  try {
    await launch();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    get page(): Page {
      if (!page) throw new Error('the bench profile is closed');
      return page;
    },
    errors,
    dir,
    async reopen() {
      await shut();
      return launch();
    },
    stop: shut,
    async close() {
      try {
        await shut();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
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

/**
 * Loads a baseline module (bare.js, or paint.js for P2) into the page ahead of timing and
 * opens its connection to the database, so neither the download nor the opening is timed.
 */
export async function loadBare(page: Page, module: 'bare' | 'paint' = 'bare'): Promise<void> {
  await page.evaluate(async (name) => {
    const url = `/__bench/${name}.js`;
    await import(url);
    // Both modules share db.ts's connection (one chunk): opening it through bare.js opens it for paint.js.
    const bareUrl = '/__bench/bare.js';
    const bare: typeof Bare = await import(bareUrl);
    await bare.database();
  }, module);
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
 * Trace categories: Playwright's for `browser.startTracing` (the DevTools Performance
 * panel's), screenshots, and IndexedDB's own, which show the storage work in the browser
 * process beside the page's main thread.
 */
const TRACE_CATEGORIES = [
  '-*',
  'devtools.timeline',
  'v8.execute',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'blink.console',
  'blink.user_timing',
  'latencyInfo',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-v8.cpu_profiler.hires',
  'disabled-by-default-devtools.screenshot',
  'IndexedDB',
];

/**
 * With BENCH_PROFILE set to `id` and `enabled` (the figure's first timed run), records a
 * Chrome trace of `run` into bench/.profiles/; else just runs it. Through the DevTools
 * protocol: a persistent context has no Browser object, so no `browser.startTracing`.
 */
export async function maybeProfile<T>(
  id: string,
  page: Page,
  label: string,
  enabled: boolean,
  run: () => Promise<T>,
): Promise<T> {
  if (PROFILE !== id || !enabled) return run();
  mkdirSync(PROFILE_DIR, { recursive: true });
  const path = join(PROFILE_DIR, `${id}-${label}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', categories: TRACE_CATEGORIES.join(',') });
  try {
    return await run();
  } finally {
    await endTrace(cdp, path);
    console.log(`Trace of ${id} (${label}) written to ${path}`);
  }
}

/** Ends the tracing started on `cdp` and writes the trace, read from its stream, to `path`. */
async function endTrace(cdp: CDPSession, path: string): Promise<void> {
  const complete = new Promise<string | undefined>((resolve) =>
    cdp.once('Tracing.tracingComplete', (event) => resolve(event.stream)),
  );
  await cdp.send('Tracing.end');
  const stream = await complete;
  if (!stream) throw new Error(`the trace for ${path} came back without a stream`);
  const chunks: Buffer[] = [];
  for (;;) {
    const read = await cdp.send('IO.read', { handle: stream });
    chunks.push(Buffer.from(read.data, read.base64Encoded ? 'base64' : 'utf8'));
    if (read.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  await cdp.detach();
  writeFileSync(path, Buffer.concat(chunks));
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
