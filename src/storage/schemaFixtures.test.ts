/**
 * Upgrades keep data: for every released schema version there is a fixture database
 * (testing/fixtures/schema/schema-vN.json: the layout as that version created it, and its
 * records). Each is rebuilt with raw IndexedDB at its own version, then opened by the
 * current app, which must upgrade it and still load every session, entry, setting and
 * attached file, and keep every stored record exactly as it was.
 *
 * Fixture format: { version, stores: [{ name, keyPath, indexes }], records: { sessions,
 * entries, settings: [{ key, value }], attachments? } }. JSON has no Blob, so each
 * attachment record holds its bytes as `data: { base64, type }`; the test stores
 * `new Blob([bytes], { type })` in its place. `attachments` is absent before version 2,
 * `stamps` before version 4, `files`, `fileBodies` and `fileChanges` (stored as they are,
 * text files only) before version 5, `sync` (its { key, value } pairs) before version 6.
 */
import 'fake-indexeddb/auto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bytesOf, uniqueDbName } from '../../testing/fixtures/storageTestFixtures';
import { readStamps } from './changeFeed';
import { DEVICE_ID_KEY } from './changeRecorder';
import { UNSTAMPED } from './revision';
import { openBatonDb, SCHEMA_VERSION } from './schema';
import { ACTIVE_SESSION_KEY, SessionRepository } from './sessionRepository';
import { openFileStore } from './workspace/indexedDbFileStore';

interface FixtureStore {
  name: string;
  keyPath: string | string[] | null;
  indexes: Array<{ name: string; keyPath: string | string[] }>;
}

/** An attachment record as JSON holds it: the bytes in base64 instead of a Blob. */
interface FixtureAttachment extends Record<string, unknown> {
  id: string;
  sessionId: string;
  data: { base64: string; type: string };
}

interface SchemaFixture {
  version: number;
  stores: FixtureStore[];
  records: {
    sessions: Array<Record<string, unknown>>;
    entries: Array<Record<string, unknown>>;
    settings: Array<{ key: string; value: unknown }>;
    attachments?: FixtureAttachment[];
    /** The records' stamps (version 4 on). */
    stamps?: Array<Record<string, unknown>>;
    /** Sync's bookkeeping (version 6 on), out-of-line keys as settings are. */
    sync?: Array<{ key: string; value: unknown }>;
  } & Partial<Record<WorkspaceStore, Array<Record<string, unknown>>>>;
}

/** The workspace's stores (version 5 on), whose records the fixtures hold as stored. */
const WORKSPACE_STORES = ['files', 'fileBodies', 'fileChanges'] as const;
type WorkspaceStore = (typeof WORKSPACE_STORES)[number];

const FIXTURE_DIR = new URL('../../testing/fixtures/schema/', import.meta.url);

function loadFixture(file: string): SchemaFixture {
  // The fixture files are written by hand to this shape.
  return JSON.parse(readFileSync(new URL(file, FIXTURE_DIR), 'utf8')) as SchemaFixture;
}

const fixtureFiles = readdirSync(FIXTURE_DIR)
  .filter((file) => /^schema-v\d+\.json$/.test(file))
  .sort();

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The stored bytes of a fixture attachment. */
function fixtureBytes(attachment: FixtureAttachment): Uint8Array<ArrayBuffer> {
  // Copied out of the Buffer: a Blob takes a view of a plain ArrayBuffer.
  return new Uint8Array(Buffer.from(attachment.data.base64, 'base64'));
}

/** The record as that version stored it: the same fields, the bytes as a Blob. */
function storedAttachment(attachment: FixtureAttachment): Record<string, unknown> {
  return { ...attachment, data: new Blob([fixtureBytes(attachment)], { type: attachment.data.type }) };
}

/** Builds the fixture's database exactly as its version laid it out, without the app's code. */
async function createFixtureDatabase(name: string, fixture: SchemaFixture): Promise<void> {
  const open = indexedDB.open(name, fixture.version);
  open.onupgradeneeded = () => {
    const db = open.result;
    for (const store of fixture.stores) {
      const created = db.createObjectStore(
        store.name,
        store.keyPath === null ? {} : { keyPath: store.keyPath },
      );
      for (const index of store.indexes) created.createIndex(index.name, index.keyPath);
    }
  };
  const db = await request(open);
  const tx = db.transaction(
    fixture.stores.map((store) => store.name),
    'readwrite',
  );
  for (const record of fixture.records.sessions) tx.objectStore('sessions').put(record);
  for (const record of fixture.records.entries) tx.objectStore('entries').put(record);
  for (const { key, value } of fixture.records.settings) tx.objectStore('settings').put(value, key);
  for (const attachment of fixture.records.attachments ?? []) {
    tx.objectStore('attachments').put(storedAttachment(attachment));
  }
  for (const stamp of fixture.records.stamps ?? []) tx.objectStore('stamps').put(stamp);
  for (const store of WORKSPACE_STORES)
    for (const record of fixture.records[store] ?? []) tx.objectStore(store).put(record);
  for (const { key, value } of fixture.records.sync ?? []) tx.objectStore('sync').put(value, key);
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
  db.close();
}

/**
 * A read attachment equals the fixture's: every field, the Blob's type and each byte.
 * (toEqual alone cannot tell two Blobs apart: it sees no fields on either.)
 */
async function expectSameAttachment(read: { data: Blob } | undefined, attachment: FixtureAttachment) {
  expect(read).toBeDefined();
  const { data: readData, ...readFields } = read as { data: Blob };
  const { data: _base64, ...fields } = attachment;
  expect(readFields).toEqual(fields);
  expect(readData).toBeInstanceOf(Blob);
  expect(readData.type).toBe(attachment.data.type);
  expect(await bytesOf(read)).toEqual([...fixtureBytes(attachment)]);
}

/** What the app must give back for a stored entry: the same record, a cut-off reply marked interrupted. */
function expectedEntry(record: Record<string, unknown>): Record<string, unknown> {
  const message = record.message as { stopReason?: string } | undefined; // Read only to compare.
  if (message?.stopReason !== 'streaming') return record;
  return { ...record, message: { ...message, stopReason: 'interrupted' } };
}

describe('schema fixtures', () => {
  it('has a fixture database for every released schema version', () => {
    const versions = fixtureFiles.map((file) => loadFixture(file).version);
    expect(versions).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1));
  });

  for (const file of fixtureFiles) {
    it(`${file}: opening it with the current app keeps every session, entry, setting and attached file`, async () => {
      const fixture = loadFixture(file);
      const name = uniqueDbName();
      await createFixtureDatabase(name, fixture);

      const repository = await SessionRepository.open(name);
      try {
        const { headers, problems } = await repository.loadHeaders();
        expect(problems).toEqual([]);
        const byId = new Map(headers.map((h) => [h.id, h]));
        expect([...byId.keys()].sort()).toEqual(fixture.records.sessions.map((s) => s.id).sort());
        for (const stored of fixture.records.sessions) expect(byId.get(String(stored.id))).toEqual(stored);

        for (const session of fixture.records.sessions) {
          const loaded = await repository.loadEntries(String(session.id));
          expect(loaded.problems).toEqual([]);
          const expected = fixture.records.entries
            .filter((entry) => entry.sessionId === session.id)
            .map(expectedEntry);
          expect(loaded.entries).toEqual(expected);
        }
        for (const { key, value } of fixture.records.settings) {
          expect(await repository.getSetting(key)).toEqual(value);
        }
        expect(await repository.getActiveSessionId()).toBe(
          fixture.records.settings.find((s) => s.key === ACTIVE_SESSION_KEY)?.value,
        );

        const attachments = fixture.records.attachments ?? [];
        const read = await repository.loadAttachments(attachments.map((a) => a.id));
        expect([...read.keys()].sort()).toEqual(attachments.map((a) => a.id).sort());
        for (const attachment of attachments) await expectSameAttachment(read.get(attachment.id), attachment);
        for (const session of fixture.records.sessions) {
          const ofSession = await repository.loadSessionAttachments(String(session.id));
          expect(ofSession.map((a) => a.id).sort()).toEqual(
            attachments
              .filter((a) => a.sessionId === session.id)
              .map((a) => a.id)
              .sort(),
          );
        }
      } finally {
        repository.close();
      }

      // The upgraded database is at the current version with the current indexes working.
      const db = await openBatonDb(name);
      try {
        expect(db.version).toBe(SCHEMA_VERSION);
        const firstSession = String(fixture.records.sessions[0]?.id);
        const ordered = await db.getAllFromIndex(
          'entries',
          'sessionId_timestamp',
          IDBKeyRange.bound([firstSession, 0], [firstSession, Number.MAX_SAFE_INTEGER]),
        );
        expect(ordered.map((e) => e.id)).toEqual(
          fixture.records.entries.filter((e) => e.sessionId === firstSession).map((e) => e.id),
        );
        expect((await db.getAllKeysFromIndex('attachments', 'sessionId', firstSession)).sort()).toEqual(
          (fixture.records.attachments ?? [])
            .filter((a) => a.sessionId === firstSession)
            .map((a) => a.id)
            .sort(),
        );
      } finally {
        db.close();
      }
    });

    it(`${file}: upgrading keeps every stored record as it was, and adds the newer stores empty`, async () => {
      const fixture = loadFixture(file);
      const name = uniqueDbName();
      await createFixtureDatabase(name, fixture);
      const fresh = await openBatonDb(uniqueDbName());
      const currentStores = [...fresh.objectStoreNames].sort();
      fresh.close();

      // Opened by the schema code alone: no load repairs anything on the way.
      const db = await openBatonDb(name);
      try {
        expect(db.version).toBe(SCHEMA_VERSION);
        expect([...db.objectStoreNames].sort()).toEqual(currentStores);
        const byId = (a: Record<string, unknown>, b: Record<string, unknown>) =>
          String(a.id) < String(b.id) ? -1 : 1;
        expect(await db.getAll('sessions')).toEqual([...fixture.records.sessions].sort(byId));
        expect(await db.getAll('entries')).toEqual([...fixture.records.entries].sort(byId));
        expect((await db.getAllKeys('settings')).sort()).toEqual(
          fixture.records.settings.map((s) => s.key).sort(),
        );
        for (const { key, value } of fixture.records.settings)
          expect(await db.get('settings', key)).toEqual(value);

        const attachments = [...(fixture.records.attachments ?? [])].sort(byId);
        const stored = await db.getAll('attachments');
        expect(stored.map((a) => a.id)).toEqual(attachments.map((a) => a.id));
        for (const [i, attachment] of attachments.entries())
          await expectSameAttachment(stored[i], attachment);

        const stamps = fixture.records.stamps ?? [];
        const key = (stamp: Record<string, unknown>) => String([stamp.sessionId, stamp.kind, stamp.id]);
        expect(await db.getAll('stamps')).toEqual([...stamps].sort((a, b) => (key(a) < key(b) ? -1 : 1)));

        for (const store of WORKSPACE_STORES) {
          if (!fixture.stores.some((s) => s.name === store)) continue;
          expect(await db.getAll(store)).toEqual(fixture.records[store] ?? []);
        }

        if (fixture.stores.some((s) => s.name === 'sync')) {
          const sync = fixture.records.sync ?? [];
          expect((await db.getAllKeys('sync')).sort()).toEqual(sync.map((s) => s.key).sort());
          for (const { key, value } of sync) expect(await db.get('sync', key)).toEqual(value);
        }

        const had = new Set(fixture.stores.map((store) => store.name));
        for (const added of currentStores.filter((store) => !had.has(store))) {
          expect(await db.count(added)).toBe(0);
        }
      } finally {
        db.close();
      }
    });
  }

  it('schema-v1.json gains a working attachments store on the way to the current version', async () => {
    const fixture = loadFixture('schema-v1.json');
    expect(fixture.stores.map((store) => store.name)).not.toContain('attachments');
    const name = uniqueDbName();
    await createFixtureDatabase(name, fixture);
    const repository = await SessionRepository.open(name);
    try {
      expect(await repository.loadSessionAttachments('s-plan')).toEqual([]);
      const data = new Blob([new Uint8Array([0, 128, 255])], { type: 'image/png' });
      const record = {
        id: 'a-new',
        sessionId: 's-plan',
        kind: 'image' as const,
        mediaType: 'image/png',
        name: 'new.png',
        size: data.size,
        data,
      };
      await repository.writeBatch({ entries: [], headers: [], attachments: [record] });
      const [read] = await repository.loadSessionAttachments('s-plan');
      expect(read?.id).toBe('a-new');
      expect(await bytesOf(read)).toEqual([0, 128, 255]);
    } finally {
      repository.close();
    }
  });
  it('schema-v4.json: the change feed and the stamps go on from what was stored, old records unstamped', async () => {
    const fixture = loadFixture('schema-v4.json');
    const name = uniqueDbName();
    await createFixtureDatabase(name, fixture);
    const repository = await SessionRepository.open(name);
    try {
      const device = fixture.records.settings.find((s) => s.key === DEVICE_ID_KEY)?.value;
      const { changes, checkpoint } = await repository.changes();
      expect(changes.map((change) => change.seq)).toEqual([1, 1, 1, 2, 2, 3, 3]);
      expect(checkpoint).toBe(3);
      expect(changes.filter((change) => change.deleted).map((change) => change.id)).toEqual(['s-gone']);
      const db = await openBatonDb(name);
      const [plan, ship] = await readStamps(db, [
        { kind: 'header', id: 's-plan' },
        { kind: 'header', id: 's-ship' },
      ]);
      db.close();
      expect(plan).toEqual(UNSTAMPED);
      expect(ship).toEqual({ device, rev: 1767100050000 * 1000 });

      // A write now is change set 4, by the same device, later than anything stored.
      const written = await repository.writeBatch({ headers: [], entries: [], settings: [['note', 1]] });
      expect(written.committed?.seq).toBe(4);
      expect(written.committed?.device).toBe(device);
      expect(written.committed?.rev).toBeGreaterThan(1767100090000 * 1000);
      expect((await repository.changes(3)).changes.map((change) => change.id)).toEqual(['note']);
    } finally {
      repository.close();
    }
  });

  it('schema-v4.json: a workspace is written after the upgrade, in the change feed after what was stored', async () => {
    const name = uniqueDbName();
    await createFixtureDatabase(name, loadFixture('schema-v4.json'));
    const files = await openFileStore(name);
    try {
      const text = '# Notes\n';
      const meta = {
        root: 'workspace:s-plan',
        path: '/notes.md',
        size: 8,
        modifiedAt: 1,
        binary: false,
        mediaType: 'text/markdown',
      };
      await files.commit(
        'workspace:s-plan',
        [{ path: '/notes.md', meta, body: { binary: false, text } }],
        [],
      );
      expect(await files.read('workspace:s-plan', '/notes.md')).toEqual({
        meta,
        body: { binary: false, text },
      });
    } finally {
      files.close();
    }
    const repository = await SessionRepository.open(name);
    try {
      const { changes } = await repository.changes(3);
      expect(changes.map(({ seq, kind, id }) => ({ seq, kind, id }))).toEqual([
        { seq: 4, kind: 'file', id: 'workspace:s-plan\u0000/notes.md' },
      ]);
    } finally {
      repository.close();
    }
  });

  it('schema-v5.json: its workspace and memory files, their history and their stamps read as stored', async () => {
    const name = uniqueDbName();
    await createFixtureDatabase(name, loadFixture('schema-v5.json'));
    const files = await openFileStore(name);
    try {
      expect((await files.list('workspace:s-ship')).map((file) => file.path)).toEqual(['/plan.md']);
      expect((await files.read('workspace:s-ship', '/plan.md'))?.body).toEqual({
        binary: false,
        text: '# Plan\n\n1. Ship it now\n',
      });
      expect((await files.history('workspace:s-ship')).map((change) => change.id)).toEqual(['fc-1', 'fc-2']);
      expect((await files.history('memory')).map((change) => change.id)).toEqual(['fc-3']);
      // The next commit goes on from the stored clock.
      await files.deleteRoot('memory');
    } finally {
      files.close();
    }
    const repository = await SessionRepository.open(name);
    try {
      const { changes } = await repository.changes(6);
      expect(changes.map(({ seq, kind, id, deleted }) => ({ seq, kind, id, deleted }))).toEqual([
        { seq: 7, kind: 'file', id: 'memory\u0000/memories/user.md', deleted: true },
        { seq: 7, kind: 'fileChange', id: 'memory\u0000fc-3', deleted: true },
      ]);
    } finally {
      repository.close();
    }
  });
});
