/**
 * Upgrades keep data: for every released schema version there is a fixture database
 * (src/storage/fixtures/schema-vN.json: the layout as that version created it, and its
 * records). Each is rebuilt with raw IndexedDB at its own version, then opened by the
 * current app, which must upgrade it and still load every session and entry.
 */
import 'fake-indexeddb/auto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openBatonDb, SCHEMA_VERSION } from './schema';
import { ACTIVE_SESSION_KEY, SessionRepository } from './sessionRepository';
import { uniqueDbName } from './storageTestFixtures';

interface FixtureStore {
  name: string;
  keyPath: string | null;
  indexes: Array<{ name: string; keyPath: string | string[] }>;
}

interface SchemaFixture {
  version: number;
  stores: FixtureStore[];
  records: {
    sessions: Array<Record<string, unknown>>;
    entries: Array<Record<string, unknown>>;
    settings: Array<{ key: string; value: unknown }>;
  };
}

const FIXTURE_DIR = new URL('./fixtures/', import.meta.url);

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
  const tx = db.transaction(['sessions', 'entries', 'settings'], 'readwrite');
  for (const record of fixture.records.sessions) tx.objectStore('sessions').put(record);
  for (const record of fixture.records.entries) tx.objectStore('entries').put(record);
  for (const { key, value } of fixture.records.settings) tx.objectStore('settings').put(value, key);
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
  db.close();
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
    it(`${file}: opening it with the current app keeps every session, entry and setting`, async () => {
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
      } finally {
        db.close();
      }
    });
  }
});
