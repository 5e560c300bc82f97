/** The IndexedDB FileStore: the shared contract, then what only storage can get wrong. */
import { createChange as change } from '../../../testing/fixtures/workspaceTestFixtures';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uniqueDbName } from '../../../testing/fixtures/storageTestFixtures';
import type { RootKey } from '../../core/workspace/fileStore';
import { fileStoreContract, meta, textWrite } from '../../core/workspace/fileStore.contract';
import { readChanges } from '../changeFeed';
import { type BatonDb, openBatonDb } from '../schema';
import { describeStorageFailure } from '../storageFailure';
import { fileStoreFaults } from './fileFaults';
import { createFileStore, type IndexedDbFileStore, openFileStore } from './indexedDbFileStore';

const A: RootKey = 'workspace:a';

fileStoreContract('IndexedDbFileStore', async () => {
  const store = await openFileStore(uniqueDbName());
  return { store, close: () => store.close() };
});

describe('IndexedDbFileStore', () => {
  let name: string;
  let db: BatonDb;
  let store: IndexedDbFileStore;
  beforeEach(async () => {
    name = uniqueDbName();
    db = await openBatonDb(name);
    store = createFileStore(db);
  });
  afterEach(() => {
    store.close();
    db.close();
  });

  it('lists from the listings alone: no file contents are read', async () => {
    await store.commit(A, [textWrite(A, '/big.txt', 'x'.repeat(20_000))], []);
    // Spied on, not replaced: the transactions still run; the spy notes which stores each opens.
    const spy = vi.spyOn(db, 'transaction');
    try {
      expect(await store.list(A)).toEqual([meta(A, '/big.txt', 20_000)]);
      expect(spy.mock.calls.map(([stores]) => [stores].flat())).toEqual([['files']]);
    } finally {
      spy.mockRestore();
    }
  });

  it('keeps each file in records of its own: an edit rewrites that file only', async () => {
    await store.commit(A, [textWrite(A, '/a.md', 'a'), textWrite(A, '/b.md', 'b')], []);
    const before = await readChanges(db);
    await store.commit(A, [textWrite(A, '/a.md', 'a2', 2000)], [change(A, 'c1', '/a.md', 2000)]);
    const after = await readChanges(db, before.checkpoint);
    // One change set: the file it wrote and its change, nothing of /b.md.
    expect(after.changes.map(({ kind, id, deleted }) => ({ kind, id, deleted }))).toEqual([
      { kind: 'file', id: `${A}\u0000/a.md`, deleted: false },
      { kind: 'fileChange', id: `${A}\u0000c1`, deleted: false },
    ]);
    expect(new Set(after.changes.map((c) => c.seq)).size).toBe(1);
    expect(await db.get('fileBodies', [A, '/b.md'])).toEqual({
      root: A,
      path: '/b.md',
      body: { binary: false, text: 'b' },
    });
  });

  it('leaves a tombstone in the change feed for every file and change of a deleted root', async () => {
    await store.commit(
      A,
      [textWrite(A, '/a.md', 'a'), textWrite(A, '/b.md', 'b')],
      [change(A, 'c1', '/a.md', 1)],
    );
    const { checkpoint } = await readChanges(db);
    await store.deleteRoot(A);
    const page = await readChanges(db, checkpoint);
    expect(page.changes.map(({ kind, id, deleted }) => ({ kind, id, deleted }))).toEqual([
      { kind: 'file', id: `${A}\u0000/a.md`, deleted: true },
      { kind: 'file', id: `${A}\u0000/b.md`, deleted: true },
      { kind: 'fileChange', id: `${A}\u0000c1`, deleted: true },
    ]);
    expect(await db.count('fileBodies')).toBe(0);
  });

  it('writes nothing, file or change, when the commit fails before it lands; the error says the disk is full', async () => {
    await store.commit(A, [textWrite(A, '/kept.md', 'kept')], [change(A, 'c0', '/kept.md', 1)]);
    const faulty = createFileStore(db, {
      beforeCommit: () => {
        throw new DOMException('The quota has been exceeded (test).', 'QuotaExceededError');
      },
    });
    const heard: RootKey[] = [];
    faulty.watch((root) => heard.push(root));
    try {
      const failed = faulty.commit(
        A,
        [
          textWrite(A, '/new.md', 'new'),
          textWrite(A, '/kept.md', 'overwritten'),
          { path: '/gone.md', delete: true },
        ],
        [change(A, 'c1', '/new.md', 2), { ...change(A, 'c0', '/kept.md', 1), revertedBy: 'c1' }],
      );
      const error = await failed.then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(DOMException);
      expect(describeStorageFailure(error).short).toBe('storage is full');
    } finally {
      faulty.close();
    }
    expect(heard).toEqual([]);
    expect(await store.list(A)).toEqual([meta(A, '/kept.md', 4)]);
    expect((await store.read(A, '/kept.md'))?.body).toEqual({ binary: false, text: 'kept' });
    expect(await store.history(A)).toEqual([change(A, 'c0', '/kept.md', 1)]);
    expect(await db.count('stamps')).toBe(2);
  });

  it('fails as many commits as the test hooks ask, with a full disk, then commits again', async () => {
    const hooks = { failWrites: 2 };
    const faulty = createFileStore(
      db,
      fileStoreFaults(() => hooks),
    );
    try {
      for (const path of ['/one.md', '/two.md']) {
        const error = await faulty.commit(A, [textWrite(A, path, 'x')], []).then(
          () => undefined,
          (reason: unknown) => reason,
        );
        expect(describeStorageFailure(error).short).toBe('storage is full');
      }
      expect(hooks.failWrites).toBe(0);
      expect(await faulty.list(A)).toEqual([]);
      await faulty.commit(A, [textWrite(A, '/three.md', 'x')], []);
      expect((await faulty.list(A)).map((file) => file.path)).toEqual(['/three.md']);
    } finally {
      faulty.close();
    }
  });

  it('rejects with the browser’s own error when a record cannot be stored, and stores none of the commit', async () => {
    const unstorable = {
      ...change(A, 'c1', '/a.md', 1),
      origin: { kind: 'user', action: () => 'no' },
    } as never;
    await expect(store.commit(A, [textWrite(A, '/a.md', 'a')], [unstorable])).rejects.toMatchObject({
      name: 'DataCloneError',
    });
    expect(await store.list(A)).toEqual([]);
    expect(await db.count('stamps')).toBe(0);
  });

  it('keeps a file in the tree it was committed to, whatever its listing says', async () => {
    await store.commit(A, [{ ...textWrite('workspace:other', '/x.md', 'x'), path: '/x.md' }], []);
    expect(await store.list('workspace:other')).toEqual([]);
    expect((await store.list(A)).map((file) => [file.root, file.path])).toEqual([[A, '/x.md']]);
  });

  it('tells a store on another connection (another tab) which root changed', async () => {
    const other = await openFileStore(name);
    const heard: RootKey[] = [];
    const done = new Promise<void>((resolve) => {
      other.watch((root) => {
        heard.push(root);
        if (heard.length === 2) resolve();
      });
    });
    try {
      await store.commit(A, [textWrite(A, '/a.md', 'a')], []);
      await store.commit('memory', [], [change('memory', 'm1', '/memories/x.md', 1)]);
      await done;
      expect(heard).toEqual([A, 'memory']);
    } finally {
      other.close();
    }
  });
});
