/**
 * `npm run bench`'s measurements P1 to P4 (and P6, taken during P1), run by bench/run.mjs
 * through bench/playwright.config.ts. Each test writes its raw measurements to
 * bench/.dist/results/<id>.json; run.mjs adds P5 (file sizes), takes the medians and
 * prints the tables. See bench/README.md for what each figure measures exactly.
 *
 * Every Baton time is read in the page (performance.now()) from what a user sees: a DOM
 * state, found by role and accessible name, and "painted" as defined in
 * bench/lib/instrument.ts. The baselines run in the same page or on the same origin, in
 * the same run, through bench/baseline/bare.ts.
 */
import type { Page } from '@playwright/test';
import { handoffDocument, textReply } from '../e2e/helpers';
import { checkHandoffSections } from '../src/core/handoff/checkSections';
import { HANDOFF_CUSTOM_TYPE, wrapHandoffDocument } from '../src/core/handoff/handoffPrompt';
import type { CustomMessageEntry, SessionHeader } from '../src/core/session/types';
import type * as Bare from './baseline/bare';
import { makeRandom, replyDeltas, sessionTitle } from './baseline/content';
import { ACTIVE_SESSION_KEY, HANDOFF_DOCUMENT_END_MARK } from './lib/appContract';
import { P3_ENTRIES_PER_SESSION, P4_NEWEST, QUICK, SIZES, WAIT_MS } from './lib/config';
import {
  API_KEY,
  appSettings,
  awaitArmed,
  type BenchEnv,
  composer,
  expect,
  loadBare,
  MODEL,
  maybeProfile,
  openBenchPage,
  pair,
  progress,
  putSettings,
  seed,
  seededLine,
  settle,
  test,
  writeResult,
} from './lib/fixtures';

test.describe.configure({ timeout: QUICK ? 5 * 60_000 : 45 * 60_000 });

const DAY = 24 * 3600 * 1000;

/** Old enough that every seeded entry is older than anything the app writes now. */
function seedStart(): number {
  return Date.now() - 60 * DAY;
}

/** One repetition's raw measurements: each side's `ms` and whatever else it noted. */
interface RunRecord {
  rep: number;
  order: Array<'baton' | 'baseline'>;
  baton?: { ms: number };
  baseline?: { ms: number };
  [detail: string]: unknown;
}

/** Alternates which of the two goes first, so neither always meets a warmer machine. */
function order(rep: number): Array<'baton' | 'baseline'> {
  return rep % 2 === 0 ? ['baton', 'baseline'] : ['baseline', 'baton'];
}

/**
 * Opens the app on the session seeded as active, waits until its newest message shows
 * and the app has stopped using IndexedDB. Returns when IndexedDB fell idle after the
 * load (ms from navigation start): a page that keeps reading delays every write.
 */
async function openApp(page: Page, newestMarker: string): Promise<number> {
  await page.goto('/');
  await expect(page.getByText(newestMarker, { exact: true })).toBeVisible({ timeout: WAIT_MS });
  const idleAt = await settle(page, WAIT_MS);
  await loadBare(page);
  return idleAt;
}

// --- P1 and P6 ---------------------------------------------------------------------

test('P1 and P6: a long reply streamed into a long session', async ({ browser, env }) => {
  const { messages, tokens, reps } = SIZES.p1;
  const marker = 'zzbenchreplyend';
  const deltas = replyDeltas(tokens, marker);
  const replyLength = deltas.join('').length;
  const runs: unknown[] = [];
  for (let rep = 0; rep < reps; rep++) {
    const bench = await openBenchPage(browser, env);
    const { page } = bench;
    const id = `bench-p1-${rep}`;
    const newest = `zzbenchnewest${rep}`;
    const seeded = await seed(page, {
      seed: 100 + rep,
      model: MODEL,
      sessions: [
        { id, title: 'Bench: a long session', entries: messages, start: seedStart(), newestMarker: newest },
      ],
      settings: appSettings(env, id),
    });
    const storageIdleAfterLoadMs = await openApp(page, newest);
    const run: RunRecord = { rep, order: order(rep), seedMs: seeded.ms, storageIdleAfterLoadMs };
    for (const which of order(rep)) {
      if (which === 'baton') run.baton = await p1Baton(page, env, deltas, marker, rep === 0);
      else run.baseline = await p1Baseline(page, env, replyLength, deltas);
      await settle(page, WAIT_MS);
    }
    run.pageErrors = bench.errors;
    runs.push(run);
    progress(`P1 repetition ${rep + 1}/${reps} (${seededLine(seeded)}): ${pair(run)}`);
    await bench.close();
  }
  writeResult('P1', { id: 'P1', chromium: browser.version(), messages, tokens, runs });
});

async function p1Baton(page: Page, env: BenchEnv, deltas: string[], marker: string, profile: boolean) {
  env.mock.script({ kind: 'bulk-reply', deltas });
  const before = await page.evaluate(() => window.__bench?.fetches.length ?? 0);
  await page.evaluate(
    ({ marker, timeout }) => {
      const bench = window.__bench;
      if (!bench) throw new Error('bench hooks missing');
      bench.arm(() => {
        const replies = document.querySelectorAll('article[aria-label="Assistant"]');
        const last = replies[replies.length - 1];
        return !!last && (last.textContent ?? '').includes(marker) && bench.onScreen(last);
      }, timeout);
    },
    { marker, timeout: WAIT_MS },
  );
  const painted = await maybeProfile('P1', page, 'stream', profile, async () => {
    await composer(page).fill('Please write the full report.');
    await composer(page).press('Enter');
    return awaitArmed(page);
  });
  // Long tasks are reported a little after they end; the app has finished by now.
  await settle(page, WAIT_MS);
  const seen = await page.evaluate((from) => {
    const bench = window.__bench;
    if (!bench) throw new Error('bench hooks missing');
    return {
      fetches: bench.fetches.slice(from),
      longTasks: bench.longTasks,
      writes: bench.writeTransactions,
    };
  }, before);
  const firstByte = seen.fetches.find((f) => f.firstByte !== undefined)?.firstByte;
  if (firstByte === undefined) throw new Error('P1: the page saw no response to a /v1/messages request');
  const end = painted.painted;
  const during = seen.longTasks.filter((t) => t.start < end && t.start + t.duration > firstByte);
  const writes = seen.writes.filter((w) => w.time >= firstByte && w.time <= end);
  const ms = end - firstByte;
  return {
    ms,
    firstByte,
    seen: painted.seen,
    painted: end,
    longestTaskMs: Math.max(0, ...during.map((t) => t.duration)),
    tasksOver50ms: during.filter((t) => t.duration > 50).length,
    writeTransactions: writes.length,
    allowedWrites: Math.floor(ms / 250) + 1,
  };
}

async function p1Baseline(page: Page, env: BenchEnv, replyLength: number, deltas: string[]) {
  env.mock.script({ kind: 'bulk-reply', deltas });
  const timing = await page.evaluate(
    async (options) => {
      const url = '/__bench/bare.js';
      const bare: typeof Bare = await import(url);
      return bare.consumeStream(options);
    },
    { apiKey: API_KEY, baseURL: env.mock.url, model: MODEL, text: 'Please write the full report.' },
  );
  if (timing.textLength !== replyLength) {
    throw new Error(`P1 baseline: read ${timing.textLength} characters of ${replyLength}`);
  }
  return { ms: timing.end - timing.firstByte, ...timing };
}

// --- P2 --------------------------------------------------------------------------------

test('P2: the handoff switch, from the end of the document to the new session painted', async ({
  browser,
  env,
}) => {
  const handoffText = handoffDocument('the bench');
  const sizes: unknown[] = [];
  for (const { size, reps } of SIZES.p2) {
    const bench = await openBenchPage(browser, env);
    const { page } = bench;
    const session: Bare.SeedSession = {
      id: `bench-p2-${size}`,
      title: `Bench: handoff from ${size} entries`,
      entries: size,
      start: seedStart(),
      newestMarker: `zzbenchnewest${size}`,
    };
    const seeded = await seed(page, {
      seed: 200 + size,
      model: MODEL,
      sessions: [session],
      settings: appSettings(env, session.id),
    });
    progress(`P2 ${size.toLocaleString('en')} entries: ${seededLine(seeded)}`);
    const runs: unknown[] = [];
    for (let rep = 0; rep < reps; rep++) {
      if (rep > 0) {
        // The same old session again: the handoff made its child the active one and
        // added its request and document to the old session's branch.
        await page.goto('/__bench/blank.html');
        await page.evaluate(
          async ({ session, model, settings }) => {
            const url = '/__bench/bare.js';
            const bare: typeof Bare = await import(url);
            await bare.restoreSeeded(session, model, settings);
          },
          { session, model: MODEL, settings: [[ACTIVE_SESSION_KEY, session.id]] as Array<[string, unknown]> },
        );
      }
      const storageIdleAfterLoadMs = await openApp(page, session.newestMarker ?? '');
      // The baseline first: its records are then overwritten by the app's own switch.
      const baseline = await page.evaluate(
        async (records) => {
          const url = '/__bench/bare.js';
          const bare: typeof Bare = await import(url);
          return bare.writeRecords(records);
        },
        handoffRecords(session, handoffText, `bench-p2-baseline-${size}-${rep}`),
      );
      await settle(page, WAIT_MS);

      env.mock.script(textReply(handoffText));
      await page.evaluate(
        ({ oldTitle, timeout }) => {
          const bench = window.__bench;
          if (!bench) throw new Error('bench hooks missing');
          bench.arm(() => {
            const card = document.querySelector('article[aria-label="Handoff document"]');
            if (!bench.onScreen(card)) return false;
            // The old transcript is gone: the page shows the new session.
            if (document.querySelector('article[aria-label="You"], article[aria-label="Assistant"]'))
              return false;
            const current = bench.sessionList()?.querySelector('[aria-current="page"]');
            return !current || (current.textContent ?? '').trim() !== oldTitle;
          }, timeout);
        },
        { oldTitle: session.title, timeout: WAIT_MS },
      );
      const painted = await maybeProfile(
        'P2',
        page,
        `handoff-${size}`,
        rep === 0 && size === SIZES.p2Main,
        async () => {
          await composer(page).fill('/handoff');
          await composer(page).press('Enter');
          return awaitArmed(page);
        },
      );
      const markAt = await page.evaluate(
        (name) => performance.getEntriesByName(name).at(-1)?.startTime,
        HANDOFF_DOCUMENT_END_MARK,
      );
      if (markAt === undefined) {
        throw new Error(`P2: the app set no "${HANDOFF_DOCUMENT_END_MARK}" performance mark`);
      }
      const run = {
        rep,
        storageIdleAfterLoadMs,
        baton: { ms: painted.painted - markAt, markAt, seen: painted.seen, painted: painted.painted },
        baseline: { ms: baseline.end - baseline.start, ...baseline },
      };
      runs.push(run);
      progress(`P2 ${size.toLocaleString('en')} entries, repetition ${rep + 1}/${reps}: ${pair(run)}`);
      await settle(page, WAIT_MS);
    }
    sizes.push({ size, entries: seeded.entries, seedMs: seeded.ms, runs, pageErrors: bench.errors });
    await bench.close();
  }
  writeResult('P2', { id: 'P2', chromium: browser.version(), main: SIZES.p2Main, sizes });
});

/** What the app's handoff switch writes (see AgentSession.switchToHandoffSession), for a child `childId`. */
function handoffRecords(session: Bare.SeedSession, document: string, childId: string) {
  const now = Date.now();
  const entry: CustomMessageEntry = {
    id: `${childId}-handoff`,
    parentId: null,
    sessionId: childId,
    timestamp: now,
    type: 'custom_message',
    customType: HANDOFF_CUSTOM_TYPE,
    content: wrapHandoffDocument(document),
    display: true,
    details: {
      document,
      parentSession: session.id,
      parentTitle: session.title,
      sections: checkHandoffSections(document),
    },
  };
  const child: SessionHeader = {
    id: childId,
    title: `${session.title} · baseline`,
    createdAt: now,
    updatedAt: now,
    model: MODEL,
    leafId: entry.id,
    parentSession: session.id,
    children: [],
  };
  const last = session.entries - 1;
  const parent: SessionHeader = {
    id: session.id,
    title: session.title,
    createdAt: session.start,
    updatedAt: session.start + last * 1000,
    model: MODEL,
    leafId: `${session.id}-${last.toString(36).padStart(5, '0')}`,
    children: [childId],
  };
  return {
    headers: [parent, child],
    entries: [entry],
    settings: [[ACTIVE_SESSION_KEY, childId]] as Array<[string, unknown]>,
  };
}

// --- P3 --------------------------------------------------------------------------------

test('P3: cold start, from page load to the session list interactive', async ({ browser, env }) => {
  const sizes: unknown[] = [];
  for (const { size, reps } of SIZES.p3) {
    const bench = await openBenchPage(browser, env);
    const { page } = bench;
    const random = makeRandom(300 + size);
    const start = seedStart();
    const sessions: Bare.SeedSession[] = Array.from({ length: size }, (_, i) => ({
      id: `bench-p3-${String(i).padStart(5, '0')}`,
      title: sessionTitle(random, i),
      entries: P3_ENTRIES_PER_SESSION,
      start: start + i * 100_000,
    }));
    const newest = sessions[sessions.length - 1];
    if (!newest) throw new Error('P3 needs at least one session');
    const seeded = await seed(page, {
      seed: 300 + size,
      model: MODEL,
      sessions,
      settings: appSettings(env, newest.id),
    });
    progress(`P3 ${size.toLocaleString('en')} sessions: ${seededLine(seeded)}`);
    // The init script arms its startup watch on every load of / from now on.
    await page.evaluate((arm) => localStorage.setItem('bench:startup', JSON.stringify(arm)), {
      newestTitle: newest.title,
      minItems: Math.min(size, 5),
      timeoutMs: WAIT_MS,
    });
    const loadApp = async () => {
      await page.goto('/__bench/blank.html');
      await page.goto('/', { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__bench?.startup !== undefined);
      const painted = await page.evaluate(async () => {
        const startup = window.__bench?.startup;
        if (!startup) throw new Error('the startup watch was not armed');
        return startup;
      });
      await settle(page, WAIT_MS, 300);
      return { ms: painted.painted, seen: painted.seen };
    };
    const loadBaseline = async () => {
      await page.goto('/__bench/blank.html');
      await page.goto('/__bench/bare.html', { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__benchBare !== undefined);
      const read = await page.evaluate(async () => {
        const bare = window.__benchBare;
        if (!bare) throw new Error('the baseline page did not start');
        return bare;
      });
      if (read.count < size) throw new Error(`P3 baseline: read ${read.count} headers of ${size}`);
      return { ms: read.end, ...read };
    };
    // A returning user: the app and the baseline page are each loaded once, untimed,
    // so that both timed loads find their files in the HTTP cache.
    await loadApp();
    await loadBaseline();
    const runs: unknown[] = [];
    for (let rep = 0; rep < reps; rep++) {
      const run: RunRecord = { rep, order: order(rep) };
      for (const which of order(rep)) {
        if (which === 'baton') {
          const profile = rep === 0 && size === SIZES.p3Main;
          run.baton = await maybeProfile('P3', page, `load-${size}`, profile, loadApp);
        } else {
          run.baseline = await loadBaseline();
        }
      }
      runs.push(run);
      progress(`P3 ${size.toLocaleString('en')} sessions, repetition ${rep + 1}/${reps}: ${pair(run)}`);
    }
    sizes.push({ size, entries: seeded.entries, seedMs: seeded.ms, runs, pageErrors: bench.errors });
    await bench.close();
  }
  writeResult('P3', { id: 'P3', chromium: browser.version(), main: SIZES.p3Main, sizes });
});

// --- P4 --------------------------------------------------------------------------------

test('P4: open a long session, from the click to its newest messages painted', async ({ browser, env }) => {
  const sizes: unknown[] = [];
  for (const { size, reps } of SIZES.p4) {
    const bench = await openBenchPage(browser, env);
    const { page } = bench;
    const start = seedStart();
    const big: Bare.SeedSession = {
      id: `bench-p4-big-${size}`,
      title: `Bench: a session of ${size} entries`,
      entries: size,
      start,
      newestMarker: `zzbenchnewest${size}`,
    };
    const small: Bare.SeedSession = {
      id: 'bench-p4-small',
      title: 'Bench: a short session',
      entries: 4,
      start: start + size * 1000 + DAY,
      newestMarker: 'zzbenchsmallnewest',
    };
    const seeded = await seed(page, {
      seed: 400 + size,
      model: MODEL,
      sessions: [big, small],
      settings: appSettings(env, small.id),
    });
    progress(`P4 ${size.toLocaleString('en')} entries: ${seededLine(seeded)}`);
    const runs: unknown[] = [];
    for (let rep = 0; rep < reps; rep++) {
      if (rep > 0) {
        await page.goto('/__bench/blank.html');
        await putSettings(page, [[ACTIVE_SESSION_KEY, small.id]]);
      }
      const storageIdleAfterLoadMs = await openApp(page, small.newestMarker ?? '');
      // The baseline first, in a quiet page: after the click the app may go on reading the
      // session, and a read measured then would time the app's reads, not the baseline's.
      const run: RunRecord = { rep, order: ['baseline', 'baton'], storageIdleAfterLoadMs };
      for (const which of run.order) {
        if (which === 'baseline') {
          const read = await page.evaluate(
            async ({ id, limit }) => {
              const url = '/__bench/bare.js';
              const bare: typeof Bare = await import(url);
              return bare.readNewest(id, limit);
            },
            { id: big.id, limit: P4_NEWEST },
          );
          if (read.count !== Math.min(P4_NEWEST, size)) {
            throw new Error(`P4 baseline: read ${read.count} entries`);
          }
          run.baseline = { ms: read.end - read.start, ...read };
          continue;
        }
        const profile = rep === 0 && size === SIZES.p4Main;
        const baton = await maybeProfile('P4', page, `open-${size}`, profile, async () => {
          const clickedAt = await page.evaluate(
            ({ title, marker, timeout }) => {
              const bench = window.__bench;
              if (!bench) throw new Error('bench hooks missing');
              const list = bench.sessionList();
              const button = [
                ...(list?.querySelectorAll<HTMLElement>('button, a, [role="button"]') ?? []),
              ].find((element) => (element.textContent ?? '').trim() === title);
              if (!button) throw new Error(`no "${title}" in the Sessions list`);
              bench.arm(() => {
                const articles = document.querySelectorAll('article');
                for (let i = articles.length - 1; i >= 0; i--) {
                  const article = articles[i];
                  if (article && (article.textContent ?? '').includes(marker)) return bench.onScreen(article);
                }
                return false;
              }, timeout);
              const at = performance.now();
              button.click();
              return at;
            },
            { title: big.title, marker: big.newestMarker ?? '', timeout: WAIT_MS },
          );
          const painted = await awaitArmed(page);
          return { ms: painted.painted - clickedAt, clickedAt, seen: painted.seen, painted: painted.painted };
        });
        // Once a size: how long the app keeps IndexedDB busy after the click (the next
        // repetition reloads the page, so the others need not wait for it).
        run.baton = baton;
        if (rep === 0) run.storageIdleAfterClickMs = (await settle(page, WAIT_MS)) - baton.clickedAt;
      }
      runs.push(run);
      progress(`P4 ${size.toLocaleString('en')} entries, repetition ${rep + 1}/${reps}: ${pair(run)}`);
    }
    sizes.push({ size, entries: seeded.entries, seedMs: seeded.ms, runs, pageErrors: bench.errors });
    await bench.close();
  }
  writeResult('P4', { id: 'P4', chromium: browser.version(), main: SIZES.p4Main, sizes });
});
