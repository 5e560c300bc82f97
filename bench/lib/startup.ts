/**
 * The cold start's procedure, P3's and P19's: the sessions P3 seeds, and on a seeded
 * profile, the app's timed start (navigation start → the Sessions list and the Message
 * box painted) and the baseline's timed read, each in a browser just started on the
 * profile. P19 runs the same with the app's service worker installed during the untimed
 * load, so its timed starts are served from the worker's cache.
 */
import type { Page } from '@playwright/test';
import type * as Bare from '../baseline/bare';
import { makeRandom, sessionTitle } from '../baseline/content';
import { ACTIVE_SESSION_KEY } from './appContract';
import { P3_ENTRIES_PER_SESSION, P4_NEWEST, WAIT_MS } from './config';
import { type BenchPage, expect, maybeProfile, putSettings, settle } from './fixtures';
import type { StartupArm } from './instrument';

/** P3's sessions at `size`: 50 entries each, 100 s apart from `start`, the same words every run. */
export function coldStartSessions(size: number, start: number): Bare.SeedSession[] {
  const random = makeRandom(300 + size);
  return Array.from({ length: size }, (_, i) => ({
    id: `bench-p3-${String(i).padStart(5, '0')}`,
    title: sessionTitle(random, i),
    entries: P3_ENTRIES_PER_SESSION,
    start: start + i * 100_000,
  }));
}

/** What P3 awaits and reads on a database. */
export interface StartupTarget {
  /** Sessions stored: the baseline must read every header. */
  sessions: number;
  /** The newest session's title, which the Sessions list must show. */
  newestTitle: string;
  /** The session the app opens (the active-session setting). */
  active: Bare.SeedSession;
}

export interface StartupGroup {
  bench: BenchPage;
  seeded: Bare.Seeded;
  /**
   * In `page` (a launch of the profile): sets the active session and loads the app and
   * the baseline page once, untimed (installing the service worker, for P19); then stops
   * the browser.
   */
  prepare(page: Page): Promise<void>;
  /** `fromServiceWorker`: whether the page itself was answered by the service worker. */
  loadApp(profile: boolean, label: string): Promise<{ ms: number; seen: number; fromServiceWorker: boolean }>;
  loadBaseline(): Promise<{
    ms: number;
    start: number;
    end: number;
    count: number;
    entries: number;
  }>;
}

/**
 * Clicks the Message box, the first interaction, after which the app registers its
 * service worker, and waits until the worker is active and controls the page.
 */
async function installServiceWorker(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).click();
  await page.waitForFunction(
    // The active worker controls the page once activated (it claims the page as it activates).
    () => navigator.serviceWorker.controller?.state === 'activated',
    null,
    { timeout: WAIT_MS, polling: 100 },
  );
}

/**
 * P3's procedure on a seeded profile (`figure`: P3, or P19 with `serviceWorker`). Each
 * timed load starts a new browser on the profile, so the database is read from disk, and
 * stops it afterwards.
 */
export function startupProcedure(
  bench: BenchPage,
  seeded: Bare.Seeded,
  target: StartupTarget,
  options: { figure: 'P3' | 'P19'; serviceWorker: boolean } = { figure: 'P3', serviceWorker: false },
): StartupGroup {
  const arm: StartupArm = {
    newestTitle: target.newestTitle,
    minItems: Math.min(target.sessions, 5),
    timeoutMs: WAIT_MS,
  };
  const loadApp = async (profile: boolean, label: string) => {
    const page = await bench.reopen();
    // The init script arms its startup watch on the next load of / (and is disarmed
    // after, so the profile's other loads, P4's on the large database, carry no watch).
    await page.evaluate((startup) => localStorage.setItem('bench:startup', JSON.stringify(startup)), arm);
    let fromServiceWorker = false;
    const painted = await maybeProfile(options.figure, page, label, profile, async () => {
      const response = await page.goto('/', { waitUntil: 'commit' });
      fromServiceWorker = response?.fromServiceWorker() ?? false;
      await page.waitForFunction(() => window.__bench?.startup !== undefined);
      return page.evaluate(async () => {
        const startup = window.__bench?.startup;
        if (!startup) throw new Error('the startup watch was not armed');
        return startup;
      });
    });
    await settle(page, WAIT_MS, 300);
    await page.evaluate(() => localStorage.removeItem('bench:startup'));
    await bench.stop();
    return { ms: painted.painted, seen: painted.seen, fromServiceWorker };
  };
  const loadBaseline = async () => {
    const page = await bench.reopen();
    await page.goto(`/__bench/bare.html?newest=${P4_NEWEST}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__benchBare !== undefined);
    const read = await page.evaluate(async () => {
      const bare = window.__benchBare;
      if (!bare) throw new Error('the baseline page did not start');
      return bare;
    });
    await bench.stop();
    if (read.count < target.sessions) {
      throw new Error(`${options.figure} baseline: read ${read.count} headers of ${target.sessions}`);
    }
    const expected = Math.min(P4_NEWEST, target.active.entries);
    if (read.sessionId !== target.active.id || read.entries !== expected) {
      throw new Error(
        `${options.figure} baseline: read ${read.entries} entries of ${read.sessionId}, not ${expected} of ${target.active.id}`,
      );
    }
    return { ms: read.end, ...read };
  };
  return {
    bench,
    seeded,
    async prepare(page) {
      await putSettings(page, [[ACTIVE_SESSION_KEY, target.active.id]]);
      // A returning user: the app and the baseline page are each loaded once, untimed,
      // so that both timed loads find their files in the (on-disk) HTTP cache, and, for
      // P19, the app's in the service worker's cache. In one launch: the warm-up's
      // timings are not read, so it needs no browser of its own.
      await page.goto('/');
      await expect(page.getByText(target.newestTitle, { exact: true }).first()).toBeVisible({
        timeout: WAIT_MS,
      });
      if (options.serviceWorker) await installServiceWorker(page);
      await settle(page, WAIT_MS, 300);
      await page.goto(`/__bench/bare.html?newest=${P4_NEWEST}`);
      await page.waitForFunction(() => window.__benchBare !== undefined);
      await page.evaluate(async () => {
        await window.__benchBare;
      });
      await bench.stop();
    },
    loadApp,
    loadBaseline,
  };
}
