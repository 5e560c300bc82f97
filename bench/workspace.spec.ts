/**
 * `npm run bench`'s P17, run by bench/run.mjs through bench/playwright.config.ts: the
 * workspace's storage (issue 26) on disk. One profile is seeded with a workspace of 1,000
 * files of 20 KB and one of a 1 MB file (bench/baseline/workspace.ts). Each side of each
 * repetition runs in a browser just started on that profile, so its records are read
 * from disk: the database is opened untimed (the app has it open), then one operation is
 * timed in the page (before an edit, after one small write elsewhere, as in a running
 * app). P17: the listing the Files panel opens on, against one bare getAll
 * of the same listing records. P17b: a str_replace on the 1 MB file as the executor makes
 * it (read, replace, commit the text with its change, stamps and feed), against the bare
 * read and write-back of the same two records. The sides alternate which goes first.
 * Raw measurements go to bench/.dist/results/P17.json; run.mjs summarises them.
 */
import type { Page } from '@playwright/test';
import type * as Workspace from './baseline/workspace';
import { P17, QUICK } from './lib/config';
import { openBenchPage, progress, test, writeResult } from './lib/fixtures';

test.describe.configure({ timeout: QUICK ? 5 * 60_000 : 20 * 60_000 });

type Call = 'seedWorkspace' | 'batonListing' | 'bareListing' | 'batonStrReplace' | 'bareStrReplace';

/** Calls one export of /__bench/workspace.js in the page. */
function call<T>(page: Page, name: Call, arg?: unknown): Promise<T> {
  return page.evaluate(
    async ([fn, value]) => {
      const url = '/__bench/workspace.js';
      const module: typeof Workspace = await import(url);
      const run = module[fn as Call] as (arg?: unknown) => Promise<unknown>;
      return run(value);
    },
    [name, arg] as const,
  ) as Promise<T>;
}

/**
 * Opens the database in the page, untimed, so the timed call reads records only. Before
 * an edit, also one small write elsewhere: in the app a session is running when the model
 * edits a file, so the profile's first write since the browser started (its log opened)
 * has been paid by then.
 */
async function ready(page: Page, beforeEdit: boolean): Promise<void> {
  await page.evaluate(async (warm) => {
    const url = '/__bench/workspace.js';
    const module: typeof Workspace = await import(url);
    await module.openStore();
    if (warm) await module.warmWrite();
  }, beforeEdit);
}

test('P17: the workspace, listing and str_replace', async ({ browser, env }) => {
  const bench = await openBenchPage(undefined, env);
  const runs: unknown[] = [];
  try {
    const seeded = await call<{ ms: number; bytes: number }>(bench.page, 'seedWorkspace', P17);
    progress(`P17 seeded ${(seeded.bytes / 1e6).toFixed(1)} MB in ${Math.round(seeded.ms)} ms`);
    /** One timed call in a browser just started on the profile. */
    const timed = async <T extends { ms: number }>(name: Call, arg?: unknown): Promise<T> => {
      const page = await bench.reopen();
      await ready(page, name === 'batonStrReplace' || name === 'bareStrReplace');
      return call<T>(page, name, arg);
    };
    for (let rep = 0; rep < P17.reps; rep++) {
      const batonFirst = rep % 2 === 0;
      const listing: Record<string, { ms: number; files: number }> = {};
      const edit: Record<string, { ms: number }> = {};
      for (const side of batonFirst ? ['baton', 'baseline'] : ['baseline', 'baton']) {
        listing[side] = await timed(side === 'baton' ? 'batonListing' : 'bareListing');
        edit[side] = await timed(side === 'baton' ? 'batonStrReplace' : 'bareStrReplace', rep);
      }
      // What a listing would cost if it read every file's contents too: the layout's point.
      const withContents = await timed<{ ms: number; files: number }>('bareListing', true);
      for (const side of Object.values(listing)) {
        if (side.files !== P17.files) throw new Error(`P17: listed ${side.files} files, not ${P17.files}`);
      }
      runs.push({ rep, batonFirst, listing, edit, listingWithContents: withContents });
      progress(
        `P17 repetition ${rep + 1}/${P17.reps}: listing ${Math.round(listing.baton?.ms ?? 0)} ms (bare ${Math.round(listing.baseline?.ms ?? 0)} ms, with contents ${Math.round(withContents.ms)} ms), str_replace ${Math.round(edit.baton?.ms ?? 0)} ms (bare ${Math.round(edit.baseline?.ms ?? 0)} ms)`,
      );
    }
    writeResult('P17', {
      id: 'P17',
      chromium: browser.version(),
      size: { files: P17.files, fileBytes: P17.fileBytes, bigBytes: P17.bigBytes },
      seedMs: seeded.ms,
      runs,
      pageErrors: bench.errors,
    });
  } finally {
    await bench.close();
  }
});
