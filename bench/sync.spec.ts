/**
 * `npm run bench`'s P18, run by bench/run.mjs through bench/playwright.config.ts: sync
 * through a CouchDB-protocol server (issue 28), PouchDB Server in memory on 127.0.0.1
 * (testing/couch/couchServer.ts), each device in a persistent profile on disk.
 *
 * - Up: a profile seeded with `sessions` × `entries` entries (written as a database from
 *   before stamps holds them) starts sync through Settings → Sync; timed from the click on
 *   Start sync to "Synced" in the status: the server check, the key derivation, stamping,
 *   encrypting and pushing everything, and the first pull.
 * - Down: a fresh profile starts sync on the same database, timed the same way: pulling,
 *   decrypting and storing everything.
 * - The baseline, in a page of the same origin: the same encrypted documents (read from
 *   the server untimed) sent with bare `_bulk_docs` to a new database in batches of the
 *   size Baton uses, then read back with bare `_changes` pages: the transfer alone, with
 *   no encryption and no IndexedDB.
 * - Typing during a sync (P7's measure, bench/lib/typing.ts): a third profile starts
 *   sync on the same database, closes Settings and, once the pull has stored its first
 *   page, types into the Message box while the pull runs, then types the same once it is
 *   synced and idle. The entries stored while typing, and how long the typing took, show
 *   how far the pull went on meanwhile (it yields to typing: src/sync/worker/inputPacer.ts).
 * - Steady state: with both devices live, one message sent on the first (a user message
 *   and its reply), and the requests each device makes until both are quiet again, by
 *   endpoint (each device syncs through its own counting proxy, e2e/couchProxy.ts).
 * Raw measurements go to bench/.dist/results/P18.json; run.mjs summarises them.
 */
import type { Page } from '@playwright/test';
import { type CouchProxy, startCouchProxy } from '../e2e/couchProxy';
import { textReply } from '../e2e/helpers';
import { closeSettings, openSync, startSync, syncStatus } from '../e2e/syncHelpers';
import { type CouchServer, startCouchServer } from '../testing/couch/couchServer';
import { P18, QUICK, WAIT_MS } from './lib/config';
import {
  appSettings,
  composer,
  expect,
  MODEL,
  openBenchPage,
  progress,
  seed,
  settle,
  test,
  writeResult,
} from './lib/fixtures';
import { typeTimed } from './lib/typing';

test.describe.configure({ timeout: QUICK ? 5 * 60_000 : 40 * 60_000 });

const PASSPHRASE = 'P18 bench passphrase';
/** Documents per `_bulk_docs` and per `_changes` page on the bare side: the replicator's push batch. */
const BARE_BATCH = 500;

/** How long one whole sync may take before the figure counts as not measured. */
const SYNC_WAIT_MS = QUICK ? 120_000 : 30 * 60_000;

function basic(server: CouchServer): string {
  return `Basic ${Buffer.from(`${server.admin.username}:${server.admin.password}`).toString('base64')}`;
}

/** Opens the app, starts sync through a proxy, and times the click on Start sync to "Synced". */
async function timedStart(
  page: Page,
  proxy: CouchProxy,
  database: string,
  server: CouchServer,
): Promise<number> {
  await page.goto('/');
  await settle(page, WAIT_MS);
  const started = Date.now();
  await startSync(page, {
    url: proxy.databaseUrl(database),
    username: server.admin.username,
    password: server.admin.password,
    passphrase: PASSPHRASE,
  });
  await expect(syncStatus(page)).toHaveText(/^Synced /, { timeout: SYNC_WAIT_MS });
  return Date.now() - started;
}

/** Entries stored in the page's database. */
function storedEntries(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('baton');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('entries').objectStore('entries').count();
          count.onsuccess = () => {
            resolve(count.result);
            open.result.close();
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

/** The bare transfer of the documents of `source` (read untimed) to `target`, up then down. */
function bareTransfer(page: Page, source: string, target: string, auth: string) {
  return page.evaluate(
    async ({ source, target, auth, batch }) => {
      const headers = { authorization: auth, 'content-type': 'application/json' };
      const read = async (url: string) => {
        const response = await fetch(url, { headers });
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        return response.json();
      };
      // Untimed: every document as Baton stored it, encrypted, without its revision.
      const docs: Array<Record<string, unknown>> = [];
      let since: unknown = 0;
      for (;;) {
        const page = await read(
          `${source}/_changes?include_docs=true&attachments=true&limit=5000&since=${since}`,
        );
        if (page.results.length === 0) break;
        for (const row of page.results) {
          const { _rev, _revisions, ...doc } = row.doc;
          if (!doc._deleted) docs.push(doc);
        }
        since = page.last_seq;
      }
      const created = await fetch(target, { method: 'PUT', headers });
      if (!created.ok) throw new Error(`create ${target}: ${created.status}`);

      let start = performance.now();
      for (let at = 0; at < docs.length; at += batch) {
        const response = await fetch(`${target}/_bulk_docs`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ docs: docs.slice(at, at + batch) }),
        });
        if (!response.ok) throw new Error(`_bulk_docs: ${response.status}`);
        await response.json();
      }
      const upMs = performance.now() - start;

      start = performance.now();
      let received = 0;
      since = 0;
      for (;;) {
        const page = await read(
          `${target}/_changes?include_docs=true&attachments=true&style=all_docs&limit=${batch}&since=${since}`,
        );
        if (page.results.length === 0) break;
        received += page.results.length;
        since = page.last_seq;
      }
      return { upMs, downMs: performance.now() - start, docs: docs.length, received };
    },
    { source, target, auth, batch: BARE_BATCH },
  );
}

/**
 * A device that starts sync and, with Settings closed, types into the Message box while
 * its first pull runs; then, once synced, types the same again. Entries stored when the
 * typing began and ended show that it overlapped the pull.
 */
async function typingDuringSync(page: Page, proxy: CouchProxy, server: CouchServer) {
  await page.goto('/');
  await settle(page, WAIT_MS);
  await startSync(page, {
    url: proxy.databaseUrl('p18'),
    username: server.admin.username,
    password: server.admin.password,
    passphrase: PASSPHRASE,
  });
  await closeSettings(page);
  const box = composer(page);
  await box.click();
  // The pull is under way (the first page is stored) before the first key.
  await expect.poll(() => storedEntries(page), { timeout: SYNC_WAIT_MS, intervals: [50] }).toBeGreaterThan(0);
  const storedAtStart = await storedEntries(page);
  const typingFrom = Date.now();
  const during = await typeTimed(page, () => box.inputValue());
  const typingMs = Date.now() - typingFrom;
  const storedAtEnd = await storedEntries(page);
  await openSync(page);
  await expect(syncStatus(page)).toHaveText(/^Synced /, { timeout: SYNC_WAIT_MS });
  await closeSettings(page);
  await box.fill('');
  await box.click();
  await page.waitForTimeout(300);
  const idle = await typeTimed(page, () => box.inputValue());
  const summary = (run: { medianMs: number; worstMs: number; longTasks: unknown[] }) => ({
    medianMs: run.medianMs,
    worstMs: run.worstMs,
    longTasks: run.longTasks.length,
  });
  return { during: summary(during), idle: summary(idle), storedAtStart, storedAtEnd, typingMs };
}

/** Requests a proxy saw from index `from` on, by endpoint (`_bulk_docs`, `_changes` …). */
function byEndpoint(proxy: CouchProxy, from: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const request of proxy.requests.slice(from)) {
    const path = request.path.split('?')[0] ?? '';
    const endpoint = path
      .split('/')
      .filter(Boolean)
      .slice(1)
      .join('/')
      .replace(/^(h|e|a|d|f|c):.*/, 'doc');
    const key = `${request.method} ${endpoint.startsWith('_local') ? '_local' : endpoint || '(database)'}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** Waits until a proxy has seen no new request for `quietMs`. */
async function quiet(proxy: CouchProxy, quietMs = 1500): Promise<void> {
  let seen = -1;
  while (seen !== proxy.requests.length) {
    seen = proxy.requests.length;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

test('P18: sync through a CouchDB-protocol server, up and down, and the requests of one message', async ({
  env,
}) => {
  const server = await startCouchServer();
  const proxyA = await startCouchProxy(server.url);
  const proxyB = await startCouchProxy(server.url);
  const deviceA = await openBenchPage(undefined, env);
  const deviceB = await openBenchPage(undefined, env);
  const deviceC = await openBenchPage(undefined, env);
  const proxyC = await startCouchProxy(server.url);
  const entries = P18.sessions * P18.entries;
  try {
    await seed(deviceA.page, {
      seed: 18,
      model: MODEL,
      sessions: Array.from({ length: P18.sessions }, (_, index) => ({
        id: `p18-${index}`,
        title: `P18 session ${index}`,
        entries: P18.entries,
        start: Date.now() - 86_400_000 + index * 60_000,
      })),
      settings: appSettings(env, 'p18-0'),
    });
    for (const device of [deviceB, deviceC])
      await seed(device.page, { seed: 18, model: MODEL, sessions: [], settings: appSettings(env, 'p18-0') });
    progress(`P18 seeded ${entries.toLocaleString('en')} entries`);

    const upPage = await deviceA.reopen();
    const upMs = await timedStart(upPage, proxyA, 'p18', server);
    progress(`P18 up: ${upMs} ms`);

    const downPage = await deviceB.reopen();
    const downMs = await timedStart(downPage, proxyB, 'p18', server);
    const received = await storedEntries(downPage);
    progress(`P18 down: ${downMs} ms, ${received} entries stored`);
    expect(received).toBe(entries);

    const bare = await bareTransfer(
      downPage,
      server.databaseUrl('p18'),
      server.databaseUrl('p18-bare'),
      basic(server),
    );
    progress(
      `P18 bare: up ${Math.round(bare.upMs)} ms, down ${Math.round(bare.downMs)} ms, ${bare.docs} documents`,
    );

    const typing = await typingDuringSync(await deviceC.reopen(), proxyC, server);
    progress(
      `P18 typing: ${typing.during.medianMs.toFixed(1)} ms a key during the pull (${typing.storedAtStart} → ${typing.storedAtEnd} entries stored), ${typing.idle.medianMs.toFixed(1)} ms idle`,
    );
    await deviceC.stop();

    // Steady state: both devices live; one message (and its reply) on device A.
    await closeSettings(upPage);
    await closeSettings(downPage);
    await Promise.all([quiet(proxyA), quiet(proxyB)]);
    const fromA = proxyA.requests.length;
    const fromB = proxyB.requests.length;
    env.mock.script(textReply('Steady-state reply.'));
    const box = composer(upPage);
    await box.fill('One steady-state message');
    await box.press('Enter');
    await expect(upPage.getByText('Steady-state reply.')).toBeVisible({ timeout: WAIT_MS });
    await expect.poll(() => storedEntries(downPage), { timeout: WAIT_MS }).toBe(entries + 2);
    await Promise.all([quiet(proxyA), quiet(proxyB)]);

    writeResult('P18', {
      size: { sessions: P18.sessions, entriesPerSession: P18.entries, entries },
      run: {
        up: { ms: upMs },
        down: { ms: downMs },
        bare: { upMs: bare.upMs, downMs: bare.downMs, docs: bare.docs, received: bare.received },
        steady: { sender: byEndpoint(proxyA, fromA), receiver: byEndpoint(proxyB, fromB) },
        typing,
      },
      pageErrors: [...deviceA.errors, ...deviceB.errors, ...deviceC.errors],
    });
  } finally {
    await deviceA.close();
    await deviceB.close();
    await deviceC.close();
    await proxyC.close();
    await proxyA.close();
    await proxyB.close();
    await server.close();
  }
});
