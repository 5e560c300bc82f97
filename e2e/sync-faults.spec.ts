/**
 * Sync's faults end to end (issue 28): a wrong password, a server that does not allow
 * this page (CORS) and a wrong passphrase each stop with a sentence in the "Sync status"
 * region that names what to fix, with nothing merged and nothing typed lost; a page
 * closed in the middle of a push (the server stored a batch the page never heard
 * about) completes on the next start without a duplicate on the server or on a second
 * device.
 */
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import type { SessionData } from '../src/core/exchange/exchangeFormat';
import { exportChainJsonl } from '../src/core/exchange/exportJsonl';
import type { SessionEntry } from '../src/core/types/entry';
import { seriousViolations } from './axe';
import { expect, type SyncTarget, test } from './couchFixture';
import {
  chooseImportFile,
  exchange,
  openApp,
  readStoredData,
  sessionTitles,
  settingsDialog,
  settingsSection,
  userMessages,
} from './helpers';
import {
  closeSettings,
  newDevice,
  openSync,
  startSync,
  syncDevice,
  syncStatus,
  waitSynced,
} from './syncHelpers';

test.describe.configure({ timeout: 180_000 });

function input(
  target: SyncTarget,
  changes: Partial<{ url: string; password: string; passphrase: string }> = {},
) {
  return {
    url: target.url,
    username: target.username,
    password: target.password,
    passphrase: target.passphrase,
    ...changes,
  };
}

test('a wrong password is said in the status, nothing is sent, and the fields keep what was typed', async ({
  connected: page,
  syncTarget,
}) => {
  await exchange(page, 'A session that stays here');
  const panel = await startSync(page, input(syncTarget, { password: 'not-the-password' }));
  await expect(syncStatus(page)).toHaveText(/password/i);
  await expect(syncStatus(page)).not.toHaveText(/passphrase|^Synced/i);
  await expect(panel.getByLabel('Database URL')).toHaveValue(syncTarget.url);
  await expect(panel.getByLabel('Username')).toHaveValue(syncTarget.username);
  await expect(panel.getByLabel('Password', { exact: true })).toHaveValue('not-the-password');
  await expect(panel.getByLabel('Passphrase')).toHaveValue(syncTarget.passphrase);
  expect(await syncTarget.docs()).toEqual([]);
  // The section with its sentence is usable with assistive technology.
  expect(await seriousViolations(page)).toEqual([]);

  // Corrected, the same form syncs.
  await panel.getByLabel('Password', { exact: true }).fill(syncTarget.password);
  await panel.getByRole('button', { name: 'Start sync' }).click();
  await waitSynced(page);
});

/** A CouchDB look-alike that answers every request, preflights included, without CORS headers. */
async function serverWithoutCors(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    res.end(
      JSON.stringify(
        path === '/'
          ? { couchdb: 'Welcome', version: '3.3.3', vendor: { name: 'The Apache Software Foundation' } }
          : { db_name: path.split('/')[1], doc_count: 0, update_seq: '0' },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('a server that does not allow this page (no CORS) is said as such, with the setting to change', async ({
  connected: page,
  syncTarget,
}) => {
  const server = await serverWithoutCors();
  try {
    await startSync(page, input(syncTarget, { url: `${server.url}/baton` }));
    await expect(syncStatus(page)).toHaveText(/CORS/);
    await expect(syncStatus(page)).not.toHaveText(/^Synced|password/i);
    await expect((await openSync(page)).getByLabel('Database URL')).toHaveValue(`${server.url}/baton`);
  } finally {
    await server.close();
  }
});

test('a second device with another passphrase is told so and merges nothing; the right one then syncs', async ({
  devices,
  syncTarget,
}) => {
  const { a, b } = { a: devices.a.page, b: devices.b.page };
  await exchange(a, 'Notes for the board meeting');
  await syncDevice(a, input(syncTarget));

  const panel = await startSync(b, input(syncTarget, { passphrase: 'a different passphrase' }));
  await expect(syncStatus(b)).toHaveText(/passphrase/i);
  await expect(syncStatus(b)).not.toHaveText(/^Synced/);
  await expect(panel.getByLabel('Passphrase')).toHaveValue('a different passphrase');
  await closeSettings(b);
  await expect(sessionTitles(b).filter({ hasText: 'Notes for the board meeting' })).toHaveCount(0);
  expect((await readStoredData(b)).entries).toEqual([]);

  await syncDevice(b, input(syncTarget));
  await closeSettings(b);
  await sessionTitles(b).filter({ hasText: 'Notes for the board meeting' }).click();
  await expect(userMessages(b)).toHaveText(['Notes for the board meeting']);
});

const SESSIONS = 40;
const MESSAGES_EACH = 50;

/** A chain file of SESSIONS sessions of MESSAGES_EACH messages: enough for several pushed batches. */
function manySessions(): string {
  const sessions: SessionData[] = [];
  const start = Date.UTC(2026, 10, 1);
  for (let s = 0; s < SESSIONS; s++) {
    const id = `bulk-session-${s}`;
    const entries: SessionEntry[] = [];
    let parentId: string | null = null;
    for (let m = 0; m < MESSAGES_EACH; m++) {
      const role = m % 2 === 0 ? 'user' : 'assistant';
      const entryId = `${id}-entry-${m}`;
      entries.push({
        type: 'message',
        id: entryId,
        parentId,
        sessionId: id,
        timestamp: start + s * 1000 + m,
        message: {
          role,
          content: [
            { type: 'text', text: `${role === 'user' ? 'Question' : 'Answer'} ${m} of session ${s}` },
          ],
          ...(role === 'assistant' && { stopReason: 'end_turn' }),
        },
      } as SessionEntry);
      parentId = entryId;
    }
    sessions.push({
      header: {
        id,
        title: `Bulk session ${s}`,
        createdAt: start + s * 1000,
        updatedAt: start + s * 1000 + MESSAGES_EACH,
        model: 'claude-test-model',
        leafId: parentId,
        children: [],
      },
      entries,
    });
  }
  return exportChainJsonl(sessions);
}

/** The server's live entry (`e:`) and header (`h:`) documents. */
async function entryAndHeaderDocs(target: SyncTarget) {
  const docs = await target.docs();
  return {
    entries: docs.filter((doc) => doc._id.startsWith('e:')),
    headers: docs.filter((doc) => doc._id.startsWith('h:')),
    conflicted: docs.filter((doc) => (doc._conflicts?.length ?? 0) > 0).map((doc) => doc._id),
  };
}

async function importFile(page: Page, file: string): Promise<void> {
  await settingsSection(page, 'Data');
  await chooseImportFile(page, file, 'Import without backup');
  await expect(settingsDialog(page).getByRole('group', { name: 'Data' }).getByRole('status')).toContainText(
    `Imported ${SESSIONS} sessions`,
    { timeout: 60_000 },
  );
  await closeSettings(page);
}

test('a page closed in the middle of a push completes on the next start, with no duplicate anywhere', async ({
  connected: page,
  context,
  browser,
  mockApi,
  pageErrors,
  syncTarget,
  couchProxy,
}, testInfo) => {
  const file = testInfo.outputPath('many-sessions.jsonl');
  await writeFile(file, manySessions());
  await importFile(page, file);
  const stored = await readStoredData(page);
  expect(stored.sessions.length).toBeGreaterThanOrEqual(SESSIONS);

  // The server stores each batch at once; its answer reaches the page 3 s later, so the
  // page is closed between a batch stored and the page hearing of it.
  const isBulkDocs = (method: string, path: string) => method === 'POST' && path.includes('/_bulk_docs');
  couchProxy.holdAnswers(isBulkDocs, 3_000);
  const viaProxy = input(syncTarget, { url: couchProxy.databaseUrl(syncTarget.database) });
  await startSync(page, viaProxy);
  await expect
    .poll(
      () => {
        const bulk = couchProxy.requests.filter((request) => isBulkDocs(request.method, request.path));
        return (
          bulk.some((request) => request.answered) &&
          bulk.some((request) => request.status !== undefined && !request.answered)
        );
      },
      { timeout: 60_000, message: 'a batch answered and the next one stored but not yet answered' },
    )
    .toBe(true);
  await expect(syncStatus(page)).toHaveText(/^Uploading [\d,]+ of [\d,]+$/);
  const before = await entryAndHeaderDocs(syncTarget);
  expect(before.entries.length, 'closed in the middle of the push').toBeLessThan(stored.entries.length);
  await page.close();
  couchProxy.holdAnswers(undefined);

  // The app opened again picks sync up where it was (the settings and keys stayed).
  const again = await context.newPage();
  await openApp(again);
  await openSync(again);
  await waitSynced(again, 120_000);
  const after = await entryAndHeaderDocs(syncTarget);
  expect(after.entries.length).toBe(stored.entries.length);
  expect(after.headers.length).toBe(stored.sessions.length);
  expect(after.conflicted).toEqual([]);
  // An entry never changed: pushed twice, it is still its first revision.
  expect(after.entries.filter((doc) => !doc._rev?.startsWith('1-')).map((doc) => doc._id)).toEqual([]);

  // A second device gets each session and entry once.
  const second = await newDevice(browser, {
    mockApi,
    pageErrors,
    baseURL: String(testInfo.project.use.baseURL),
  });
  try {
    await syncDevice(second.page, input(syncTarget));
    const copy = await readStoredData(second.page);
    expect(copy.sessions.map((session) => session.id).sort()).toEqual(
      stored.sessions.map((session) => session.id).sort(),
    );
    expect(copy.entries.map((entry) => entry.id).sort()).toEqual(
      stored.entries.map((entry) => entry.id).sort(),
    );
  } finally {
    await second.context.close();
  }
});
