import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import {
  makeAttachmentRecord,
  makeHeader,
  makeMessageEntry,
  uniqueDbName,
} from '../../testing/fixtures/storageTestFixtures';
import { type BatonDbSchema, DB_NAME, openBatonDb, SCHEMA_VERSION, upgradeSchema } from './schema';

describe('schema', () => {
  it('is named baton and at version 6', () => {
    expect(DB_NAME).toBe('baton');
    expect(SCHEMA_VERSION).toBe(6);
  });

  it('creates the ten stores and their indexes on a fresh database', async () => {
    const db = await openBatonDb(uniqueDbName());
    try {
      expect(db.version).toBe(SCHEMA_VERSION);
      expect([...db.objectStoreNames].sort()).toEqual([
        'attachments',
        'entries',
        'fileBodies',
        'fileChanges',
        'files',
        'searchIndex',
        'sessions',
        'settings',
        'stamps',
        'sync',
      ]);

      const tx = db.transaction(['sessions', 'entries', 'settings', 'attachments', 'searchIndex', 'stamps']);
      const sessions = tx.objectStore('sessions');
      expect(sessions.keyPath).toBe('id');
      expect([...sessions.indexNames]).toEqual(['updatedAt']);
      expect(sessions.index('updatedAt').keyPath).toBe('updatedAt');

      const entries = tx.objectStore('entries');
      expect(entries.keyPath).toBe('id');
      expect([...entries.indexNames].sort()).toEqual(['sessionId', 'sessionId_timestamp']);
      expect(entries.index('sessionId').keyPath).toBe('sessionId');
      expect(entries.index('sessionId_timestamp').keyPath).toEqual(['sessionId', 'timestamp']);

      const settings = tx.objectStore('settings');
      expect(settings.keyPath).toBeNull();
      expect(settings.autoIncrement).toBe(false);

      const searchIndex = tx.objectStore('searchIndex');
      expect(searchIndex.keyPath).toBeNull();
      expect([...searchIndex.indexNames]).toEqual([]);

      const attachments = tx.objectStore('attachments');
      expect(attachments.keyPath).toBe('id');
      expect(attachments.autoIncrement).toBe(false);
      expect([...attachments.indexNames]).toEqual(['sessionId']);
      expect(attachments.index('sessionId').keyPath).toBe('sessionId');

      const stamps = tx.objectStore('stamps');
      expect(stamps.keyPath).toEqual(['sessionId', 'kind', 'id']);
      expect([...stamps.indexNames].sort()).toEqual(['record', 'seq']);
      expect(stamps.index('seq').keyPath).toBe('seq');
      expect(stamps.index('record').keyPath).toEqual(['kind', 'id']);
      await tx.done;

      const workspace = db.transaction(['files', 'fileBodies', 'fileChanges']);
      expect(workspace.objectStore('files').keyPath).toEqual(['root', 'path']);
      expect([...workspace.objectStore('files').indexNames]).toEqual([]);
      expect(workspace.objectStore('fileBodies').keyPath).toEqual(['root', 'path']);
      const fileChanges = workspace.objectStore('fileChanges');
      expect(fileChanges.keyPath).toBe('change.id');
      expect([...fileChanges.indexNames]).toEqual(['root']);
      expect(fileChanges.index('root').keyPath).toEqual(['root', 'order']);
      await workspace.done;

      const sync = db.transaction('sync').store;
      expect(sync.keyPath).toBeNull();
      expect(sync.autoIncrement).toBe(false);
      expect([...sync.indexNames]).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('upgrades an empty version-0 database through upgradeSchema', async () => {
    const seen: Array<[number, number | null]> = [];
    const db = await openDB<BatonDbSchema>(uniqueDbName(), SCHEMA_VERSION, {
      upgrade(database, oldVersion, newVersion, tx) {
        seen.push([oldVersion, newVersion]);
        upgradeSchema(database, oldVersion, newVersion, tx);
      },
    });
    try {
      expect(seen).toEqual([[0, SCHEMA_VERSION]]);
      expect([...db.objectStoreNames].sort()).toEqual([
        'attachments',
        'entries',
        'fileBodies',
        'fileChanges',
        'files',
        'searchIndex',
        'sessions',
        'settings',
        'stamps',
        'sync',
      ]);
      // The layout works, not merely exists: keys in line and out of line, both indexes.
      await db.put('sessions', makeHeader('s1'));
      await db.put('entries', makeMessageEntry('s1', 'e1', 5));
      await db.put('settings', { any: ['value'] }, 'k');
      await db.put('attachments', makeAttachmentRecord('s1', 'a1'));
      expect(await db.getAllKeysFromIndex('entries', 'sessionId', 's1')).toEqual(['e1']);
      expect(await db.getAllKeysFromIndex('attachments', 'sessionId', 's1')).toEqual(['a1']);
      expect(await db.get('settings', 'k')).toEqual({ any: ['value'] });
    } finally {
      db.close();
    }
  });

  it('upgrades a version-5 database to 6: every store kept, the sync store added empty and working', async () => {
    const name = uniqueDbName();
    const v5 = await openDB<BatonDbSchema>(name, 5, {
      upgrade(database, oldVersion, newVersion, tx) {
        upgradeSchema(database, oldVersion, newVersion, tx);
      },
    });
    expect([...v5.objectStoreNames]).not.toContain('sync');
    await v5.put('sessions', makeHeader('kept'));
    await v5.put('settings', 'device-a', 'deviceId');
    v5.close();

    const db = await openBatonDb(name);
    try {
      expect(db.version).toBe(6);
      expect([...db.objectStoreNames]).toContain('sync');
      expect(await db.count('sync')).toBe(0);
      expect(await db.get('sessions', 'kept')).toEqual(makeHeader('kept'));
      expect(await db.get('settings', 'deviceId')).toBe('device-a');
      // Out-of-line keys: anything structured clone takes, under a string.
      await db.put('sync', { docId: 'e:1', rev: '1-a', stamp: { device: 'd', rev: 1 } }, 'doc:e:1');
      expect(await db.get('sync', 'doc:e:1')).toEqual({
        docId: 'e:1',
        rev: '1-a',
        stamp: { device: 'd', rev: 1 },
      });
    } finally {
      db.close();
    }
  });

  it('keeps stored records when the same version is opened again', async () => {
    const name = uniqueDbName();
    const first = await openBatonDb(name);
    await first.put('sessions', makeHeader('kept'));
    first.close();

    const second = await openBatonDb(name);
    try {
      expect(await second.get('sessions', 'kept')).toEqual(makeHeader('kept'));
    } finally {
      second.close();
    }
  });

  it('fails loudly, and changes nothing, when asked for a version it has no step for', async () => {
    const name = uniqueDbName();
    const current = await openBatonDb(name);
    await current.put('sessions', makeHeader('kept'));
    current.close();

    let stepError: unknown;
    const opening = openDB<BatonDbSchema>(name, SCHEMA_VERSION + 1, {
      upgrade(database, oldVersion, newVersion, tx) {
        try {
          upgradeSchema(database, oldVersion, newVersion, tx);
        } catch (error) {
          stepError = error;
          throw error;
        }
      },
    });
    await expect(opening).rejects.toThrow();
    expect(String(stepError)).toContain(`No schema upgrade step to version ${SCHEMA_VERSION + 1}`);

    const again = await openBatonDb(name);
    try {
      expect(again.version).toBe(SCHEMA_VERSION);
      expect(await again.get('sessions', 'kept')).toEqual(makeHeader('kept'));
    } finally {
      again.close();
    }
  });

  it('lets a newer version in another tab upgrade instead of blocking it', async () => {
    const name = uniqueDbName();
    const ours = await openBatonDb(name);
    let blocked = false;
    const newer = await openDB(name, SCHEMA_VERSION + 1, {
      blocked: () => {
        blocked = true;
      },
    });
    try {
      expect(newer.version).toBe(SCHEMA_VERSION + 1);
      expect(blocked).toBe(false);
      // Our connection was closed for it: using it now fails instead of writing.
      expect(() => ours.transaction('sessions')).toThrow();
    } finally {
      newer.close();
    }
  });
});
