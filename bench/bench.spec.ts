/**
 * `npm run bench`'s measurements P1 to P4 (and P6, taken during P1; P3a and P4a, taken
 * with P3 and P4 on a database with images attached), run by bench/run.mjs
 * through bench/playwright.config.ts. Each test writes its raw measurements to
 * bench/.dist/results/<id>.json; run.mjs adds P5 (file sizes), takes the medians and
 * prints the tables. See bench/README.md for what each figure measures exactly.
 *
 * Every Baton time is read in the page (performance.now()) from what a user sees: a DOM
 * state, found by role and accessible name, and "painted" as defined in
 * bench/lib/instrument.ts. The baselines run in the same page or on the same origin, in
 * the same run, through bench/baseline/bare.ts.
 */
import type { Browser, Page } from '@playwright/test';
import { handoffDocument, textReply } from '../e2e/helpers';
import { buildHandoffSwitch, type HandoffSwitchRecords } from '../src/core/handoff/handoffSwitch';
import type { SessionHeader } from '../src/core/types/entry';
import type * as Bare from './baseline/bare';
import { makeRandom, replyDeltas, sessionTitle } from './baseline/content';
import type * as Paint from './baseline/paint';
import { ACTIVE_SESSION_KEY, HANDOFF_DOCUMENT_END_MARK, PENDING_MARKDOWN_SELECTOR } from './lib/appContract';
import {
  ATTACHMENT_BUDGET_BYTES,
  ATTACHMENTS,
  attachmentsPerSession,
  P3_ENTRIES_PER_SESSION,
  P4_NEWEST,
  QUICK,
  SIZES,
  WAIT_MS,
} from './lib/config';
import {
  API_KEY,
  appSettings,
  awaitArmed,
  type BenchEnv,
  type BenchPage,
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
import { coldStartSessions, type StartupGroup, startupProcedure } from './lib/startup';

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
    const id = `bench-p1-${rep}`;
    const newest = `zzbenchnewest${rep}`;
    const seeded = await seed(bench.page, {
      seed: 100 + rep,
      model: MODEL,
      sessions: [
        { id, title: 'Bench: a long session', entries: messages, start: seedStart(), newestMarker: newest },
      ],
      settings: appSettings(env, id),
    });
    // The browser restarted: the session is read from disk, as a user's would be.
    const page = await bench.reopen();
    const storageIdleAfterLoadMs = await openApp(page, newest);
    const run: RunRecord = { rep, order: order(rep), seedMs: seeded.ms, storageIdleAfterLoadMs };
    for (const which of order(rep)) {
      if (which === 'baton') run.baton = await p1Baton(page, env, deltas, marker, rep === 0);
      else run.baseline = await p1Baseline(page, env, replyLength, deltas, marker);
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
  // Not in the figure: when the reply's markdown is all rendered (blocks behind a fast
  // stream show as their text first), for the README's account of what follows.
  const formatted = await page.evaluate(
    async ({ selector, timeout }) => {
      const bench = window.__bench;
      if (!bench) throw new Error('bench hooks missing');
      const done = await bench.whenPainted(() => {
        const replies = document.querySelectorAll('article[aria-label="Assistant"]');
        const last = replies[replies.length - 1];
        return !!last && !last.querySelector(selector);
      }, timeout);
      return done.painted;
    },
    { selector: PENDING_MARKDOWN_SELECTOR, timeout: WAIT_MS },
  );
  // Long tasks are reported a little after they end; the app has finished by now. The
  // reply's last write is over when IndexedDB falls idle.
  const storageIdle = await settle(page, WAIT_MS);
  const seen = await page.evaluate((from) => {
    const bench = window.__bench;
    if (!bench) throw new Error('bench hooks missing');
    return {
      fetches: bench.fetches.slice(from),
      longTasks: bench.longTasks,
      longFrames: bench.longFrames,
      writes: bench.writeTransactions,
    };
  }, before);
  const firstByte = seen.fetches.find((f) => f.firstByte !== undefined)?.firstByte;
  if (firstByte === undefined) throw new Error('P1: the page saw no response to a /v1/messages request');
  const end = painted.painted;
  const during = seen.longTasks.filter((t) => t.start < end && t.start + t.duration > firstByte);
  const ms = end - firstByte;
  // P6: every readwrite transaction the reply began, from its first byte until storage
  // fell idle after it (the final save included), against one per 250 ms of that time
  // plus one; the same count over the stream alone (first byte → painted) beside it.
  const writesUntil = (until: number) => seen.writes.filter((w) => w.time >= firstByte && w.time <= until);
  const writeWindowMs = Math.max(end, storageIdle) - firstByte;
  return {
    ms,
    firstByte,
    seen: painted.seen,
    painted: end,
    longestTaskMs: Math.max(0, ...during.map((t) => t.duration)),
    tasksOver50ms: during.filter((t) => t.duration > 50).length,
    formattedMs: formatted - firstByte,
    // What each long frame of the window spent its time on, relative to the first byte.
    longFrames: seen.longFrames
      .filter((f) => f.start < end && f.start + f.duration > firstByte)
      .map((f) => ({ ...f, start: f.start - firstByte })),
    longestTaskUntilFormattedMs: Math.max(
      0,
      ...seen.longTasks
        .filter((t) => t.start < formatted && t.start + t.duration > firstByte)
        .map((t) => t.duration),
    ),
    writeTransactions: writesUntil(firstByte + writeWindowMs).length,
    writeWindowMs,
    allowedWrites: Math.floor(writeWindowMs / 250) + 1,
    writeTransactionsDuringStream: writesUntil(end).length,
    allowedWritesDuringStream: Math.floor(ms / 250) + 1,
  };
}

async function p1Baseline(page: Page, env: BenchEnv, replyLength: number, deltas: string[], marker: string) {
  env.mock.script({ kind: 'bulk-reply', deltas });
  const timing = await page.evaluate(
    async (options) => {
      const url = '/__bench/bare.js';
      const bare: typeof Bare = await import(url);
      return bare.paintStream(options);
    },
    {
      apiKey: API_KEY,
      baseURL: env.mock.url,
      model: MODEL,
      text: 'Please write the full report.',
      marker,
      timeoutMs: WAIT_MS,
    },
  );
  if (timing.textLength !== replyLength) {
    throw new Error(`P1 baseline: read ${timing.textLength} characters of ${replyLength}`);
  }
  // Long tasks are reported a little after they end.
  await settle(page, WAIT_MS);
  const longTasks = await page.evaluate(() => window.__bench?.longTasks ?? []);
  const during = longTasks.filter((t) => t.start < timing.painted && t.start + t.duration > timing.firstByte);
  return {
    ms: timing.painted - timing.firstByte,
    ...timing,
    longestTaskMs: Math.max(0, ...during.map((t) => t.duration)),
  };
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
    const session: Bare.SeedSession = {
      id: `bench-p2-${size}`,
      title: `Bench: handoff from ${size} entries`,
      entries: size,
      start: seedStart(),
      newestMarker: `zzbenchnewest${size}`,
    };
    const seeded = await seed(bench.page, {
      seed: 200 + size,
      model: MODEL,
      sessions: [session],
      settings: appSettings(env, session.id),
    });
    progress(`P2 ${size.toLocaleString('en')} entries: ${seededLine(seeded)}`);
    const runs: unknown[] = [];
    for (let rep = 0; rep < reps; rep++) {
      // Every repetition in a browser started afresh on the profile: the old session is
      // read from disk, as after a restart.
      const page = await bench.reopen();
      if (rep > 0) {
        // The same old session again: the handoff made its child the active one and
        // added its request and document to the old session's branch.
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
      await loadBare(page, 'paint');
      // The baseline first: its records are then overwritten by the app's own switch.
      const childId = `bench-p2-baseline-${size}-${rep}`;
      const baseline = await page.evaluate(
        async ({ records, chat, timeout }) => {
          const url = '/__bench/paint.js';
          const paint: typeof Paint = await import(url);
          return paint.writeAndPaint(records, chat, timeout);
        },
        {
          records: handoffRecords(session, handoffText, childId),
          chat: { title: `${session.title} · baseline`, text: handoffText },
          timeout: WAIT_MS,
        },
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
        baseline: {
          ms: baseline.end - baseline.start,
          writeMs: baseline.written - baseline.start,
          ...baseline,
        },
      };
      runs.push(run);
      progress(
        `P2 ${size.toLocaleString('en')} entries, repetition ${rep + 1}/${reps}: ${pair(run)} (of which the write ${run.baseline.writeMs.toFixed(1)} ms)`,
      );
      // The switch is stored before the next repetition closes the browser.
      await settle(page, WAIT_MS);
    }
    sizes.push({ size, entries: seeded.entries, seedMs: seeded.ms, runs, pageErrors: bench.errors });
    await bench.close();
  }
  writeResult('P2', { id: 'P2', chromium: browser.version(), main: SIZES.p2Main, sizes });
});

/**
 * What the app's handoff switch writes for a child `childId`: the records of
 * buildHandoffSwitch, the function the app's own switch commits, so the baseline cannot
 * drift into measuring other work. The old session as seeded (its header as bare.ts
 * stores it); its branch is not read here, so the card names no files and no size.
 */
function handoffRecords(session: Bare.SeedSession, document: string, childId: string): HandoffSwitchRecords {
  const last = session.entries - 1;
  const parent: SessionHeader = {
    id: session.id,
    title: session.title,
    createdAt: session.start,
    updatedAt: session.start + last * 1000,
    model: MODEL,
    leafId: `${session.id}-${last.toString(36).padStart(5, '0')}`,
    children: [],
  };
  return buildHandoffSwitch({
    parent,
    branch: [],
    document,
    outcome: {},
    childId,
    entryId: `${childId}-handoff`,
    now: Date.now(),
    model: MODEL,
  });
}

// --- P3a and P4a: the same with images attached ------------------------------------------

/**
 * P3 and P4 each measure two databases per size, in two browser contexts open side by
 * side: the plain one, and the same sessions (the same words) with one message in ten
 * carrying a 200 KB PNG (ATTACHMENTS). Each repetition runs the whole procedure on both,
 * in turn, so every ratio compares two runs taken seconds apart.
 */
type Variant = 'plain' | 'attachments';

/** Which database goes first in repetition `rep`: they alternate, so neither meets a warmer machine. */
function variantOrder(rep: number): Variant[] {
  return rep % 2 === 0 ? ['plain', 'attachments'] : ['attachments', 'plain'];
}

/** The bytes of images a size would seed, and whether it is measured with them (ATTACHMENT_BUDGET_BYTES). */
function attachmentPlan(sessionEntries: number[]): { variants: Variant[]; attachmentBytes: number } {
  const count = sessionEntries.reduce((sum, entries) => sum + attachmentsPerSession(entries), 0);
  const attachmentBytes = count * ATTACHMENTS.bytes;
  return {
    variants: attachmentBytes <= ATTACHMENT_BUDGET_BYTES ? ['plain', 'attachments'] : ['plain'],
    attachmentBytes,
  };
}

function variantSpec(variant: Variant): Pick<Bare.SeedSpec, 'attachments'> {
  return variant === 'attachments' ? { attachments: ATTACHMENTS } : {};
}

/** "P3" or "P3a", for progress lines. */
function variantId(id: string, variant: Variant): string {
  return variant === 'attachments' ? `${id}a` : id;
}

/** One size of P3a or P4a as written to its JSON: P3's or P4's shape, each run with `plain`. */
function attachmentSize(group: { seeded: Bare.Seeded; bench: BenchPage }, size: number, runs: RunRecord[]) {
  const { seeded, bench } = group;
  return {
    size,
    entries: seeded.entries,
    attachments: seeded.attachments,
    attachmentBytes: seeded.attachmentBytes,
    seedMs: seeded.ms,
    runs,
    pageErrors: bench.errors,
  };
}

/** Notes on each attachments run the plain Baton time of the same repetition. */
function pairWithPlain(plain: RunRecord[], attachments: RunRecord[]): void {
  for (const run of attachments) {
    const same = plain.find((p) => p.rep === run.rep);
    if (same?.baton) run.plain = { ms: same.baton.ms };
  }
}

/**
 * The end of one size of P3 or P4: the plain database's record goes to `sizes`, the one
 * with images (if run) is paired with it into `withAttachments`, and every profile closes.
 */
async function finishSize(
  id: 'P3' | 'P4',
  groups: Map<Variant, { seeded: Bare.Seeded; bench: BenchPage }>,
  size: number,
  runs: Record<Variant, RunRecord[]>,
  sizes: unknown[],
  withAttachments: unknown[],
): Promise<void> {
  const plain = groups.get('plain');
  if (!plain) throw new Error(`${id}: no plain database`);
  sizes.push({
    size,
    entries: plain.seeded.entries,
    seedMs: plain.seeded.ms,
    runs: runs.plain,
    pageErrors: plain.bench.errors,
  });
  const files = groups.get('attachments');
  if (files) {
    pairWithPlain(runs.plain, runs.attachments);
    withAttachments.push(attachmentSize(files, size, runs.attachments));
  }
  for (const group of groups.values()) await group.bench.close();
}

// --- The large database: seeded once, read by P3 and P4 ----------------------------------

/**
 * One profile holding SIZES.large: the oldest sessions are fillers of 50 entries (P3's
 * shape), then the long session P4 opens, then the short session the app opens on (the
 * newest, at the top of the Sessions list, with the long one just under it). Seeding a
 * million entries takes minutes, so it is done once per run and only read afterwards:
 * P3 and P4 change nothing but the active-session setting.
 */
interface LargeDatabase {
  bench: BenchPage;
  seeded: Bare.Seeded;
  /** Sessions in all. */
  sessions: number;
  /** The long session (P4 clicks it). */
  big: Bare.SeedSession;
  /** The short session, newest of all (P4's app opens on it). */
  small: Bare.SeedSession;
  /** The newest filler: the session P3's cold start opens, 50 entries like P3's sessions. */
  opened: Bare.SeedSession;
}

async function seedLarge(env: BenchEnv): Promise<LargeDatabase> {
  const { session, fillers } = SIZES.large;
  const bench = await openBenchPage(undefined, env);
  try {
    const random = makeRandom(500);
    const start = seedStart();
    const filler: Bare.SeedSession[] = Array.from({ length: fillers }, (_, i) => ({
      id: `bench-large-${String(i).padStart(5, '0')}`,
      title: sessionTitle(random, i),
      entries: P3_ENTRIES_PER_SESSION,
      start: start + i * 100_000,
    }));
    const opened = filler.at(-1);
    if (!opened) throw new Error('the large database needs at least one filler session');
    const big: Bare.SeedSession = {
      id: `bench-large-big-${session}`,
      title: `Bench: a session of ${session} entries among many`,
      entries: session,
      start: start + fillers * 100_000 + DAY,
      newestMarker: `zzbenchlargenewest${session}`,
    };
    const small: Bare.SeedSession = {
      id: 'bench-large-small',
      title: 'Bench: a short session beside the large ones',
      entries: 4,
      start: big.start + session * 1000 + DAY,
      newestMarker: 'zzbenchlargesmallnewest',
    };
    const total = fillers * P3_ENTRIES_PER_SESSION + session + small.entries;
    progress(`large database: seeding ${total.toLocaleString('en')} entries in ${fillers + 2} sessions`);
    const seeded = await seed(bench.page, {
      seed: 500,
      model: MODEL,
      sessions: [...filler, big, small],
      settings: appSettings(env, small.id),
    });
    progress(`large database: ${seededLine(seeded)}`);
    await bench.stop();
    return { bench, seeded, sessions: fillers + 2, big, small, opened };
  } catch (error) {
    await bench.close();
    throw error;
  }
}

/**
 * `test` with the large database as a worker fixture: seeded when a test first asks for
 * it (P3 or P4, whichever runs first), shared by the tests of the worker (the bench runs
 * one), deleted when the worker ends.
 */
const testWithLarge = test.extend<object, { large: () => Promise<LargeDatabase> }>({
  large: [
    async ({ env }, use) => {
      let made: Promise<LargeDatabase> | undefined;
      await use(() => {
        made ??= seedLarge(env);
        return made;
      });
      const large = await made?.catch(() => undefined);
      await large?.bench.close();
    },
    { scope: 'worker' },
  ],
});

// --- P3 and P3a ----------------------------------------------------------------------------

/** A new profile seeded with `size` sessions of 50 entries, prepared for P3. */
async function p3Group(
  browser: Browser,
  env: BenchEnv,
  size: number,
  variant: Variant,
): Promise<StartupGroup> {
  const bench = await openBenchPage(browser, env);
  const sessions = coldStartSessions(size, seedStart());
  const newest = sessions[sessions.length - 1];
  if (!newest) throw new Error('P3 needs at least one session');
  const seeded = await seed(bench.page, {
    seed: 300 + size,
    model: MODEL,
    sessions,
    settings: appSettings(env, newest.id),
    ...variantSpec(variant),
  });
  progress(`${variantId('P3', variant)} ${size.toLocaleString('en')} sessions: ${seededLine(seeded)}`);
  const group = startupProcedure(bench, seeded, {
    sessions: size,
    newestTitle: newest.title,
    active: newest,
  });
  // Still in the launch that seeded: the timed loads each start a browser of their own.
  await group.prepare(bench.page);
  return group;
}

/** One repetition of P3 on `group`: the app's load and the baseline's, in `order(rep)`. */
async function p3Rep(group: StartupGroup, rep: number, profile: boolean, label: string): Promise<RunRecord> {
  const run: RunRecord = { rep, order: order(rep) };
  for (const which of order(rep)) {
    if (which === 'baton') run.baton = await group.loadApp(profile, label);
    else run.baseline = await group.loadBaseline();
  }
  return run;
}

testWithLarge(
  'P3: cold start, from page load to the session list interactive',
  async ({ browser, env, large }) => {
    const sizes: unknown[] = [];
    const withAttachments: unknown[] = [];
    const skipped: unknown[] = [];
    for (const { size, reps } of SIZES.p3) {
      const plan = attachmentPlan(Array.from({ length: size }, () => P3_ENTRIES_PER_SESSION));
      if (!plan.variants.includes('attachments')) {
        skipped.push({ size, attachmentBytes: plan.attachmentBytes });
        progress(
          `P3a ${size.toLocaleString('en')} sessions: not run (${(plan.attachmentBytes / 1e9).toFixed(1)} GB of images)`,
        );
      }
      const groups = new Map<Variant, StartupGroup>();
      for (const variant of plan.variants) groups.set(variant, await p3Group(browser, env, size, variant));
      const runs: Record<Variant, RunRecord[]> = { plain: [], attachments: [] };
      for (let rep = 0; rep < reps; rep++) {
        for (const variant of variantOrder(rep)) {
          const group = groups.get(variant);
          if (!group) continue;
          const profile = rep === 0 && size === SIZES.p3Main && variant === 'plain';
          const run = await p3Rep(group, rep, profile, `load-${size}`);
          runs[variant].push(run);
          progress(
            `${variantId('P3', variant)} ${size.toLocaleString('en')} sessions, repetition ${rep + 1}/${reps}: ${pair(run)}`,
          );
        }
      }
      await finishSize('P3', groups, size, runs, sizes, withAttachments);
    }

    // The large database: every header of it, the newest filler open.
    const db = await large();
    const errorsBefore = db.bench.errors.length;
    const group = startupProcedure(db.bench, db.seeded, {
      sessions: db.sessions,
      newestTitle: db.small.title,
      active: db.opened,
    });
    await group.prepare(await db.bench.reopen());
    const runs: RunRecord[] = [];
    for (let rep = 0; rep < SIZES.large.reps; rep++) {
      const run = await p3Rep(group, rep, false, 'load-large');
      runs.push(run);
      progress(
        `P3 ${db.sessions.toLocaleString('en')} sessions (${db.seeded.entries.toLocaleString('en')} entries), repetition ${rep + 1}/${SIZES.large.reps}: ${pair(run)}`,
      );
    }
    sizes.push({
      size: db.sessions,
      entries: db.seeded.entries,
      large: true,
      seedMs: db.seeded.ms,
      runs,
      pageErrors: db.bench.errors.slice(errorsBefore),
    });

    writeResult('P3', { id: 'P3', chromium: browser.version(), main: SIZES.p3Main, sizes });
    writeResult('P3a', {
      id: 'P3a',
      chromium: browser.version(),
      main: SIZES.p3Main,
      attachments: ATTACHMENTS,
      sizes: withAttachments,
      skipped,
    });
  },
);

// --- P4 and P4a ----------------------------------------------------------------------------

interface P4Group {
  bench: BenchPage;
  seeded: Bare.Seeded;
  big: Bare.SeedSession;
  small: Bare.SeedSession;
}

/** A new profile seeded with one session of `size` entries and a short one the app opens on. */
async function p4Group(browser: Browser, env: BenchEnv, size: number, variant: Variant): Promise<P4Group> {
  const bench = await openBenchPage(browser, env);
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
  const seeded = await seed(bench.page, {
    seed: 400 + size,
    model: MODEL,
    sessions: [big, small],
    settings: appSettings(env, small.id),
    ...variantSpec(variant),
  });
  progress(`${variantId('P4', variant)} ${size.toLocaleString('en')} entries: ${seededLine(seeded)}`);
  await bench.stop();
  return { bench, seeded, big, small };
}

/**
 * One repetition of P4 on `group`'s profile. Each side starts a new browser on the
 * profile, opens the app on the short session and waits until it has finished with
 * IndexedDB, then times its read of the long session: the baseline's bare read of the
 * newest entries, or the click on its title. So each side finds the long session on
 * disk, read by neither side before it; the sides alternate which goes first.
 */
async function p4Rep(group: P4Group, size: number, rep: number, profile: boolean): Promise<RunRecord> {
  const { bench, big, small } = group;
  const run: RunRecord = { rep, order: order(rep) };
  for (const which of run.order) {
    const page = await bench.reopen();
    // The click made the long session the active one: back to the short one.
    await putSettings(page, [[ACTIVE_SESSION_KEY, small.id]]);
    const storageIdleAfterLoadMs = await openApp(page, small.newestMarker ?? '');
    if (which === 'baseline') {
      run.storageIdleAfterLoadMs = storageIdleAfterLoadMs;
      const read = await page.evaluate(
        async ({ id, limit }) => {
          const url = '/__bench/bare.js';
          const bare: typeof Bare = await import(url);
          return bare.readNewest(id, limit);
        },
        { id: big.id, limit: P4_NEWEST },
      );
      if (read.count !== Math.min(P4_NEWEST, big.entries)) {
        throw new Error(`P4 baseline: read ${read.count} entries`);
      }
      run.baseline = { ms: read.end - read.start, ...read };
    } else {
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
      run.baton = baton;
      // Once a size: how long the app keeps IndexedDB busy after the click (the other
      // repetitions close the browser instead of waiting for it).
      if (rep === 0) run.storageIdleAfterClickMs = (await settle(page, WAIT_MS)) - baton.clickedAt;
    }
    // Nothing of this profile runs while the other side or the other database is measured.
    await bench.stop();
  }
  return run;
}

testWithLarge(
  'P4: open a long session, from the click to its newest messages painted',
  async ({ browser, env, large }) => {
    const sizes: unknown[] = [];
    const withAttachments: unknown[] = [];
    const skipped: unknown[] = [];
    for (const { size, reps } of SIZES.p4) {
      const plan = attachmentPlan([size, 4]);
      if (!plan.variants.includes('attachments')) {
        skipped.push({ size, attachmentBytes: plan.attachmentBytes });
        progress(
          `P4a ${size.toLocaleString('en')} entries: not run (${(plan.attachmentBytes / 1e9).toFixed(1)} GB of images)`,
        );
      }
      const groups = new Map<Variant, P4Group>();
      for (const variant of plan.variants) groups.set(variant, await p4Group(browser, env, size, variant));
      const runs: Record<Variant, RunRecord[]> = { plain: [], attachments: [] };
      for (let rep = 0; rep < reps; rep++) {
        for (const variant of variantOrder(rep)) {
          const group = groups.get(variant);
          if (!group) continue;
          const run = await p4Rep(group, size, rep, false);
          runs[variant].push(run);
          progress(
            `${variantId('P4', variant)} ${size.toLocaleString('en')} entries, repetition ${rep + 1}/${reps}: ${pair(run)}`,
          );
        }
      }
      await finishSize('P4', groups, size, runs, sizes, withAttachments);
    }

    // P4's own figure: the long session among a million entries.
    const db = await large();
    const errorsBefore = db.bench.errors.length;
    const group: P4Group = { bench: db.bench, seeded: db.seeded, big: db.big, small: db.small };
    const runs: RunRecord[] = [];
    for (let rep = 0; rep < SIZES.large.reps; rep++) {
      const run = await p4Rep(group, db.big.entries, rep, rep === 0);
      runs.push(run);
      progress(
        `P4 ${db.big.entries.toLocaleString('en')} entries among ${db.seeded.entries.toLocaleString('en')}, repetition ${rep + 1}/${SIZES.large.reps}: ${pair(run)}`,
      );
    }
    sizes.push({
      size: db.big.entries,
      entries: db.seeded.entries,
      large: true,
      main: true,
      seedMs: db.seeded.ms,
      runs,
      pageErrors: db.bench.errors.slice(errorsBefore),
    });

    writeResult('P4', { id: 'P4', chromium: browser.version(), sizes });
    writeResult('P4a', {
      id: 'P4a',
      chromium: browser.version(),
      main: SIZES.p4aMain,
      attachments: ATTACHMENTS,
      sizes: withAttachments,
      skipped,
    });
  },
);
