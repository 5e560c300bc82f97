/**
 * `npm run bench`'s figures about the first interaction, run by bench/run.mjs through
 * bench/playwright.config.ts:
 *
 * - P5: the JavaScript a page load fetches before anyone touches the page: every script
 *   the browser requests from navigation until the app has settled (its first paint, the
 *   chunks it loads right after, the storage it reads), gzip level 9, as served.
 * - P7: per-key latency while typing into the Message box with a 10,000-entry session
 *   open, against a bare textarea on the same origin: each key from its keydown to the
 *   end of the next frame's rendering (bench/lib/instrument.ts, watchKeys).
 *
 * Raw measurements go to bench/.dist/results/P5.json and P7.json; run.mjs summarises them.
 */
import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { QUICK, WAIT_MS } from './lib/config';
import {
  appSettings,
  type BenchEnv,
  composer,
  expect,
  MODEL,
  openBenchPage,
  progress,
  seed,
  seededLine,
  settle,
  test,
  writeResult,
} from './lib/fixtures';
import { TYPED, type TypingRun, typeTimed } from './lib/typing';

test.describe.configure({ timeout: QUICK ? 5 * 60_000 : 30 * 60_000 });

const DAY = 24 * 3600 * 1000;

// --- P5 ---------------------------------------------------------------------------------

/** After the app has settled, this long without a new script request ends the load. */
const SCRIPT_QUIET_MS = 1500;

interface LoadedScript {
  url: string;
  /** ms from navigation start to the response. */
  at: number;
  bytes: number;
  gzip: number;
}

/**
 * Every script of the page's origin the page (and its workers) fetch from `goto` until
 * `ready` has resolved and no new one has been asked for in SCRIPT_QUIET_MS. The
 * bench's own modules (/__bench/) are not the app's and are left out.
 */
async function scriptsOfLoad(page: Page, env: BenchEnv, ready: () => Promise<void>): Promise<LoadedScript[]> {
  const origin = env.server.origin;
  const scripts: LoadedScript[] = [];
  const pending: Promise<void>[] = [];
  let started = 0;
  let last = Date.now();
  const onResponse = (response: Response) => {
    const url = response.url();
    const type = response.request().resourceType();
    if (!url.startsWith(origin) || url.startsWith(`${origin}/__bench/`)) return;
    if (type !== 'script' && !/\.m?js(?:\?|$)/.test(url)) return;
    last = Date.now();
    const at = last - started;
    pending.push(
      response.body().then((body) => {
        scripts.push({
          url: url.slice(origin.length),
          at,
          bytes: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        });
      }),
    );
  };
  page.context().on('response', onResponse);
  try {
    started = Date.now();
    await page.goto('/');
    await ready();
    await settle(page, WAIT_MS);
    while (Date.now() - last < SCRIPT_QUIET_MS) await page.waitForTimeout(250);
    await Promise.all(pending);
  } finally {
    page.context().off('response', onResponse);
  }
  return scripts.sort((a, b) => a.at - b.at);
}

test('P5: JavaScript loaded before the first interaction', async ({ browser, env }) => {
  const loads: Record<string, LoadedScript[]> = {};

  // A returning user: the app opens on a session of ordinary messages (markdown shown).
  {
    const bench = await openBenchPage(browser, env);
    const id = 'bench-p5';
    const newest = 'zzbenchp5newest';
    await seed(bench.page, {
      seed: 5,
      model: MODEL,
      sessions: [
        { id, title: 'Bench: a session', entries: 40, start: Date.now() - DAY, newestMarker: newest },
      ],
      settings: appSettings(env, id),
    });
    // Loaded in a browser just started on the profile, as a returning user's would be.
    await bench.reopen();
    loads.session = await scriptsOfLoad(bench.page, env, async () => {
      await expect(bench.page.getByText(newest, { exact: true })).toBeVisible({ timeout: WAIT_MS });
    });
    await bench.close();
  }
  // A first visit: nothing stored.
  {
    const bench = await openBenchPage(browser, env);
    loads.firstVisit = await scriptsOfLoad(bench.page, env, async () => {
      await expect(composer(bench.page)).toBeEnabled({ timeout: WAIT_MS });
    });
    await bench.close();
  }
  for (const [state, scripts] of Object.entries(loads)) {
    if (scripts.length === 0) throw new Error(`P5: no script of the app was seen loading (${state})`);
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    progress(`P5 ${state}: ${scripts.length} scripts, ${(total / 1000).toFixed(1)} KB gzip`);
  }
  writeResult('P5', { id: 'P5', chromium: browser.version(), loads });
});

// --- P7 ---------------------------------------------------------------------------------

const P7 = QUICK ? { entries: 400, reps: 1 } : { entries: 10_000, reps: 3 };
/** The bare textarea: on the bench's blank page of the same origin, nothing listening to it. */
async function typeIntoBareTextarea(page: Page): Promise<TypingRun> {
  await page.goto('/__bench/blank.html');
  await page.evaluate(() => {
    const box = document.createElement('textarea');
    box.setAttribute('aria-label', 'Baseline box');
    box.rows = 6;
    box.style.cssText = 'width: 700px; font: inherit';
    document.body.append(box);
    box.focus();
  });
  const box = page.getByRole('textbox', { name: 'Baseline box' });
  await expect(box).toBeFocused();
  await page.waitForTimeout(300);
  return typeTimed(page, () => box.inputValue());
}

/** The Message box of the app, open on the seeded session of `entries` entries. */
async function typeIntoApp(page: Page, newest: string): Promise<TypingRun> {
  await page.goto('/');
  await expect(page.getByText(newest, { exact: true })).toBeVisible({ timeout: WAIT_MS });
  // The rest of the session is read after the first paint; typing starts once it is in.
  await settle(page, WAIT_MS);
  const box = composer(page);
  await box.click();
  await expect(box).toBeFocused();
  await page.waitForTimeout(300);
  return typeTimed(page, () => box.inputValue());
}

test('P7: per-key latency typing a message with a 10,000-entry session open', async ({ browser, env }) => {
  const runs: unknown[] = [];
  for (let rep = 0; rep < P7.reps; rep++) {
    const bench = await openBenchPage(browser, env);
    const id = `bench-p7-${rep}`;
    const newest = `zzbenchp7newest${rep}`;
    const seeded = await seed(bench.page, {
      seed: 700 + rep,
      model: MODEL,
      sessions: [
        {
          id,
          title: 'Bench: a long session',
          entries: P7.entries,
          start: Date.now() - 60 * DAY,
          newestMarker: newest,
        },
      ],
      settings: appSettings(env, id),
    });
    // The browser restarted: the session is read from disk, as a user's would be.
    const page = await bench.reopen();
    const run: Record<string, unknown> = { rep, seedMs: seeded.ms };
    // Which goes first alternates; each starts from a page load.
    const order = rep % 2 === 0 ? ['baseline', 'baton'] : ['baton', 'baseline'];
    for (const which of order) {
      if (which === 'baton') run.baton = await typeIntoApp(page, newest);
      else run.baseline = await typeIntoBareTextarea(page);
    }
    run.pageErrors = bench.errors;
    runs.push(run);
    const side = (r: unknown) => {
      const t = r as TypingRun;
      return `median ${t.medianMs.toFixed(1)} ms, worst ${t.worstMs.toFixed(1)} ms`;
    };
    progress(
      `P7 repetition ${rep + 1}/${P7.reps} (${seededLine(seeded)}): Baton ${side(run.baton)}; bare textarea ${side(run.baseline)}`,
    );
    await bench.close();
  }
  writeResult('P7', { id: 'P7', chromium: browser.version(), entries: P7.entries, typed: TYPED, runs });
});
