/**
 * `npm run bench`'s P19, run by bench/run.mjs through bench/playwright.config.ts: P3's
 * cold start (navigation start → the Sessions list and the Message box painted, 1,000
 * sessions of 50 entries, on disk, in a browser just started) with the app's service
 * worker installed, so the page and every file it loads come from the worker's cache
 * (issue 29). The baseline is P3's bare read, in the same profile: its page is in the
 * worker's scope too, so it pays the worker's start as the app does, and its files come
 * from the warm HTTP cache. Beside them, each repetition also times the same start
 * without a service worker (a second profile with the same data and service workers
 * blocked: P3's Baton side), so the worker's own cost or gain is read in one run.
 * Raw measurements go to bench/.dist/results/P19.json; run.mjs summarises them.
 */
import { P19, QUICK } from './lib/config';
import {
  appSettings,
  type BenchEnv,
  MODEL,
  openBenchPage,
  pair,
  progress,
  seed,
  seededLine,
  test,
  writeResult,
} from './lib/fixtures';
import { coldStartSessions, type StartupGroup, startupProcedure } from './lib/startup';

test.describe.configure({ timeout: QUICK ? 5 * 60_000 : 30 * 60_000 });

const DAY = 24 * 3600 * 1000;

/** A profile seeded with P19's sessions and prepared: with the worker installed, or with service workers blocked. */
async function warmGroup(env: BenchEnv, serviceWorker: boolean): Promise<StartupGroup> {
  const bench = await openBenchPage(undefined, env, { serviceWorkers: serviceWorker ? 'allow' : 'block' });
  const sessions = coldStartSessions(P19.sessions, Date.now() - 60 * DAY);
  const newest = sessions.at(-1);
  if (!newest) throw new Error('P19 needs at least one session');
  const seeded = await seed(bench.page, {
    seed: 300 + P19.sessions,
    model: MODEL,
    sessions,
    settings: appSettings(env, newest.id),
  });
  const label = serviceWorker ? 'with the service worker' : 'without a service worker';
  progress(`P19 ${P19.sessions.toLocaleString('en')} sessions ${label}: ${seededLine(seeded)}`);
  const group = startupProcedure(
    bench,
    seeded,
    { sessions: P19.sessions, newestTitle: newest.title, active: newest },
    { figure: 'P19', serviceWorker },
  );
  await group.prepare(bench.page);
  return group;
}

type Side = 'baton' | 'baseline' | 'plain';

/** Which side goes first turns each repetition, so none always meets a warmer machine. */
function sides(rep: number): Side[] {
  const all: Side[] = ['baton', 'baseline', 'plain'];
  return [...all.slice(rep % 3), ...all.slice(0, rep % 3)];
}

test('P19: warm start from the service worker cache', async ({ browser, env }) => {
  const withWorker = await warmGroup(env, true);
  const withoutWorker = await warmGroup(env, false);
  const runs: unknown[] = [];
  try {
    for (let rep = 0; rep < P19.reps; rep++) {
      const run: Record<string, unknown> & { baton?: { ms: number }; baseline?: { ms: number } } = {
        rep,
        order: sides(rep),
      };
      for (const side of sides(rep)) {
        if (side === 'baton') {
          const start = await withWorker.loadApp(rep === 0, `warm-${P19.sessions}`);
          if (!start.fromServiceWorker) throw new Error('P19: the page was not served by the service worker');
          run.baton = start;
        } else if (side === 'baseline') {
          run.baseline = await withWorker.loadBaseline();
        } else {
          const start = await withoutWorker.loadApp(false, `plain-${P19.sessions}`);
          if (start.fromServiceWorker) throw new Error('P19: the page without a worker was served by one');
          run.plain = start;
        }
      }
      runs.push(run);
      const plain = (run.plain as { ms: number }).ms;
      progress(
        `P19 repetition ${rep + 1}/${P19.reps}: ${pair(run)}, without a worker ${Math.round(plain)} ms`,
      );
    }
    writeResult('P19', {
      id: 'P19',
      chromium: browser.version(),
      sessions: P19.sessions,
      entries: withWorker.seeded.entries,
      runs,
      pageErrors: [...withWorker.bench.errors, ...withoutWorker.bench.errors],
    });
  } finally {
    await withWorker.bench.close();
    await withoutWorker.bench.close();
  }
});
