/**
 * Playwright fixtures for the sync specs (issue 28), on top of e2e/fixtures.ts:
 *
 *   import { test, expect } from './couchFixture';
 *   test('…', async ({ syncTarget, couch, couchProxy }) => { … });
 *
 * - `couch` (worker): one real CouchDB-protocol server per worker, PouchDB Server in
 *   memory with an admin (testing/couch/couchServer.ts), or the server BATON_COUCH_URL
 *   names; closed when the worker ends.
 * - `syncTarget`: a fresh database on it for the test, created as the admin (a non-admin
 *   creating one kills pouchdb-server 4.2.0), a user that may use it, and a passphrase.
 * - `couchProxy`: a proxy in front of the server that a test can cut, heal or slow
 *   (couchProxy.ts); started only for the tests that ask for it.
 * - `devices`: two devices (syncHelpers.ts twoDevices: a browser context each, the app
 *   open and connected to the test's mock API), closed when the test ends.
 */
import type { CouchDoc } from '../src/sync/syncContract';
import { type CouchServer, startCouchServer } from '../testing/couch/couchServer';
import { type CouchProxy, startCouchProxy } from './couchProxy';
import { test as base, expect } from './fixtures';
import { type TwoDevices, twoDevices } from './syncHelpers';

export interface SyncTarget {
  /** The database's name (created, empty). */
  database: string;
  /** Its URL on the server, without credentials: what goes into Database URL. */
  url: string;
  username: string;
  password: string;
  passphrase: string;
  /** The server's live documents, bodies included, read as the admin. */
  docs(): Promise<CouchDoc[]>;
  /** The same listing as the server sends it, attachments inline: for searching for plaintext. */
  rawDocs(): Promise<string>;
}

interface WorkerFixtures {
  couch: CouchServer;
}

interface TestFixtures {
  syncTarget: SyncTarget;
  couchProxy: CouchProxy;
  devices: TwoDevices;
}

/** Unique per test and worker; CouchDB names start with a lowercase letter. */
function uniqueName(prefix: string, workerIndex: number): string {
  return `${prefix}-${workerIndex}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  couch: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = await startCouchServer();
      try {
        await use(server);
      } finally {
        await server.close();
      }
    },
    { scope: 'worker' },
  ],

  syncTarget: async ({ couch }, use, testInfo) => {
    const database = uniqueName('baton', testInfo.workerIndex);
    const url = await couch.createDatabase(database);
    const username = uniqueName('user', testInfo.workerIndex);
    const password = `pw-${Math.random().toString(36).slice(2)}`;
    await couch.createUser(username, password);
    const path = `/${encodeURIComponent(database)}/_all_docs?include_docs=true&conflicts=true`;
    const rawDocs = async () => {
      const response = await couch.adminFetch(`${path}&attachments=true`);
      expect(response.ok, `listing ${database}`).toBe(true);
      return response.text();
    };
    await use({
      database,
      url,
      username,
      password,
      passphrase: 'violet lantern orbits the quiet harbour',
      rawDocs,
      async docs() {
        const response = await couch.adminFetch(path);
        expect(response.ok, `listing ${database}`).toBe(true);
        const listing = (await response.json()) as { rows: Array<{ doc?: CouchDoc }> };
        return listing.rows.flatMap((row) => (row.doc ? [row.doc] : []));
      },
    });
  },

  devices: async ({ browser, mockApi, pageErrors }, use, testInfo) => {
    const devices = await twoDevices(browser, {
      mockApi,
      pageErrors,
      baseURL: String(testInfo.project.use.baseURL),
    });
    try {
      await use(devices);
    } finally {
      await devices.close();
    }
  },

  couchProxy: async ({ couch }, use) => {
    const proxy = await startCouchProxy(couch.url);
    try {
      await use(proxy);
    } finally {
      await proxy.close();
    }
  },
});

export { expect };
