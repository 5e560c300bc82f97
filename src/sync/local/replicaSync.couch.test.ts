/**
 * Two devices, each Baton's own IndexedDB (fake-indexeddb) with the sync engine the
 * worker runs (IndexedDbReplica, the replicator, the codec, the server checks), against a
 * real CouchDB-protocol server (PouchDB Server, or BATON_COUCH_URL). Writes go through
 * the app's repository and file store, as the app makes them; each device's tab channel
 * carries its commits to its engine, as followOtherTabs posts them.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CouchServer, startCouchServer } from '../../../testing/couch/couchServer';
import {
  bytesOf,
  makeAttachmentRecord,
  makeHeader,
  makeMessageEntry,
  uniqueDbName,
} from '../../../testing/fixtures/storageTestFixtures';
import { FakeChannels, FakeLocks } from '../../../testing/fixtures/syncWorkerFakes';
import { FAST } from '../../../testing/sync/syncHarness';
import { meta } from '../../core/workspace/fileStore.contract';
import { type BatonDb, openBatonDb } from '../../storage/schema';
import { TAB_CHANNEL_NAME } from '../../storage/sessionChanges';
import { SessionRepository } from '../../storage/sessionRepository';
import { createFileStore } from '../../storage/workspace/indexedDbFileStore';
import { connectToServer } from '../couch/connect';
import { createReplicator } from '../couch/replicator';
import { createDocCodec } from '../documents/docCodec';
import { SYNC_CHANNEL_NAME, type SyncSettings, type SyncStatus } from '../syncStatus';
import { SyncEngine } from '../worker/syncEngine';

const FEW = { iterations: 1_000, minIterations: 1_000 };
const PASSPHRASE = 'correct horse battery staple';

let server: CouchServer;
beforeAll(async () => {
  server = await startCouchServer();
}, 60_000);
afterAll(() => server?.close());

interface Device {
  db: BatonDb;
  repository: SessionRepository;
  engine: SyncEngine;
  statuses: SyncStatus[];
  /** Record documents this device sent in _bulk_docs. */
  bulkDocs: number;
  settings: SyncSettings;
  close(): Promise<void>;
}

const open: Device[] = [];
afterEach(async () => {
  for (const device of open.splice(0)) await device.close();
});

async function makeDevice(database: string, name: string): Promise<Device> {
  const db = await openBatonDb(uniqueDbName());
  const channels = new FakeChannels();
  const statusChannel = channels.channel(SYNC_CHANNEL_NAME);
  const tab = channels.channel(TAB_CHANNEL_NAME);
  const repository = new SessionRepository(db);
  repository.onChange((change) => tab.postMessage(change));
  const counting = (async (input: RequestInfo | URL, init?: RequestInit) => {
    // Records pushed: the device document (`d:`, written by the server check) is not one.
    if (String(input).includes('_bulk_docs') && typeof init?.body === 'string') {
      const { docs } = JSON.parse(init.body) as { docs: Array<{ _id: string }> };
      device.bulkDocs += docs.filter((doc) => !doc._id.startsWith('d:')).length;
    }
    return fetch(input, init);
  }) as typeof fetch;
  const engine = new SyncEngine(
    db,
    {
      connect: (settings, passphrase, self) => connectToServer(settings, passphrase, counting, self, FEW),
      createReplicator: (options) => createReplicator({ ...options, fetch: counting }, FAST),
      createDocCodec,
    },
    { locks: new FakeLocks(), channel: channels.channel, deviceName: name },
  );
  const device: Device = {
    db,
    repository,
    engine,
    statuses: [],
    bulkDocs: 0,
    settings: { url: server.databaseUrl(database), ...server.admin },
    async close() {
      await engine.close();
      statusChannel.close();
      tab.close();
      db.close();
    },
  };
  statusChannel.onmessage = (event) => {
    const message = event.data as { type: string; status?: SyncStatus };
    if (message.type === 'status' && message.status) device.statuses.push(message.status);
  };
  open.push(device);
  return device;
}

/** Start sync; an empty passphrase (a restart) reuses the kept keys. */
async function start(device: Device, passphrase = PASSPHRASE): Promise<void> {
  const reply = await device.engine.handle({ id: 1, type: 'start', settings: device.settings, passphrase });
  expect(reply).toEqual({ id: 1, ok: true });
}

async function stop(device: Device): Promise<void> {
  expect(await device.engine.handle({ id: 2, type: 'stop' })).toEqual({ id: 2, ok: true });
}

async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<number> {
  const began = Date.now();
  for (;;) {
    try {
      await check();
      return Date.now() - began;
    } catch (error) {
      if (Date.now() - began > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

describe('IndexedDbReplica with the replicator against a real server', () => {
  it('a second device gets every session, attachment and workspace file, and pushes nothing back of it', async () => {
    const database = 'local-first-sync';
    await server.createDatabase(database);
    const a = await makeDevice(database, 'Device A');
    const entries = [makeMessageEntry('s1', 'e1', 1), makeMessageEntry('s1', 'e2', 2, { parentId: 'e1' })];
    const attachment = makeAttachmentRecord('s1', 'a1', 'the attached bytes');
    await a.repository.writeBatch({
      headers: [makeHeader('s1', { title: 'Plan', leafId: 'e2' })],
      entries,
      attachments: [attachment],
    });
    const files = createFileStore(a.db);
    const text = '# Plan\n';
    await files.commit(
      'workspace:s1',
      [
        {
          path: '/plan.md',
          meta: meta('workspace:s1', '/plan.md', text.length),
          body: { binary: false, text },
        },
      ],
      [],
    );
    files.close();
    await start(a);
    await eventually(async () => expect(a.statuses.at(-1)?.phase).toBe('synced'));

    const b = await makeDevice(database, 'Device B');
    await start(b);
    await eventually(async () => expect((await b.repository.loadEntries('s1')).entries).toEqual(entries));
    expect(await b.repository.getHeader('s1')).toEqual(makeHeader('s1', { title: 'Plan', leafId: 'e2' }));
    const pulled = (await b.repository.loadAttachments(['a1'])).get('a1');
    expect(await bytesOf(pulled)).toEqual(await bytesOf(attachment));
    const bFiles = createFileStore(b.db);
    await eventually(async () =>
      expect((await bFiles.read('workspace:s1', '/plan.md'))?.body).toEqual({ binary: false, text }),
    );
    bFiles.close();
    await eventually(async () => expect(b.statuses.at(-1)?.phase).toBe('synced'));
    // What B pulled is in its feed with A's stamps: a restart's catch-up push (every change
    // after the push checkpoint, the pulled ones included) finds nothing to send.
    await stop(b);
    const synced = b.statuses.length;
    await start(b, '');
    await eventually(async () =>
      expect(b.statuses.slice(synced).some((x) => x.phase === 'synced')).toBe(true),
    );
    expect(b.bulkDocs).toBe(0);

    // Live: a message written on A reaches B while both run.
    await a.repository.writeBatch({
      headers: [],
      entries: [makeMessageEntry('s1', 'e3', 3, { parentId: 'e2' })],
    });
    const took = await eventually(async () =>
      expect((await b.repository.loadEntries('s1')).entries.map((e) => e.id)).toContain('e3'),
    );
    expect(took).toBeLessThan(2_000);

    // And back: B continues the session A wrote (its header too, as the app writes it).
    const onB = await b.repository.getHeader('s1');
    if (!onB) throw new Error('s1 missing on B');
    await b.repository.writeBatch({
      headers: [{ ...onB, leafId: 'e4', updatedAt: 4 }],
      entries: [makeMessageEntry('s1', 'e4', 4, { parentId: 'e3' })],
    });
    const back = await eventually(async () =>
      expect((await a.repository.getHeader('s1'))?.leafId).toBe('e4'),
    );
    expect(back).toBeLessThan(2_000);
    expect((await a.repository.loadEntries('s1')).entries.map((e) => e.id)).toEqual(['e1', 'e2', 'e3', 'e4']);
  }, 60_000);

  it('offline, a rename on one device and a pin on the other merge; a delete on one wins over an append on the other', async () => {
    const database = 'local-merge-delete';
    await server.createDatabase(database);
    const a = await makeDevice(database, 'Device A');
    await a.repository.writeBatch({
      headers: [makeHeader('s1', { title: 'Plan' }), makeHeader('s2', { title: 'Doomed' })],
      entries: [makeMessageEntry('s2', 'd1', 1)],
    });
    await start(a);
    await eventually(async () => expect(a.statuses.at(-1)?.phase).toBe('synced'));
    const b = await makeDevice(database, 'Device B');
    await start(b);
    await eventually(async () => expect(await b.repository.getHeader('s2')).toBeDefined());
    await eventually(async () => expect((await b.repository.loadEntries('s2')).entries).toHaveLength(1));

    await eventually(async () => expect(b.statuses.at(-1)?.phase).toBe('synced'));
    await stop(a);
    await stop(b);
    await a.repository.putHeader({ ...makeHeader('s1'), title: 'Plan, renamed' });
    const onB = await b.repository.getHeader('s1');
    if (!onB) throw new Error('s1 missing on B');
    await b.repository.putHeader({ ...onB, pinned: true });
    await a.repository.deleteSession('s2');
    await b.repository.writeBatch({
      headers: [],
      entries: [makeMessageEntry('s2', 'd2', 2, { parentId: 'd1' })],
    });
    await start(a, '');
    await start(b, '');

    for (const device of [a, b]) {
      await eventually(async () =>
        expect(await device.repository.getHeader('s1')).toEqual(
          makeHeader('s1', { title: 'Plan, renamed', pinned: true }),
        ),
      );
      await eventually(async () => expect(await device.repository.getHeader('s2')).toBeUndefined());
      expect((await device.repository.loadEntries('s2')).entries).toEqual([]);
    }
  }, 60_000);
});
