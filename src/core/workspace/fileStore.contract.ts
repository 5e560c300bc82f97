/**
 * What every FileStore must do, as tests both implementations run: MemoryFileStore
 * (memoryFileStore.test.ts) and the IndexedDB one (src/storage/workspace). Imported by
 * test files only.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createChange as change } from '../../../testing/fixtures/workspaceTestFixtures';
import type { FileBody, FileMeta, FileStore, FileWrite, RootKey } from './fileStore';

export interface ContractSubject {
  store: FileStore;
  /** Releases what the store holds (a database connection, a channel). */
  close?: () => void;
}

const A: RootKey = 'workspace:a';
const B: RootKey = 'workspace:b';

export function meta(root: RootKey, path: string, size: number, at = 1000, binary = false): FileMeta {
  return { root, path, size, modifiedAt: at, binary, mediaType: binary ? 'image/png' : 'text/markdown' };
}

export function textWrite(root: RootKey, path: string, text: string, at = 1000): FileWrite {
  return {
    path,
    meta: meta(root, path, new TextEncoder().encode(text).length, at),
    body: { binary: false, text },
  };
}

async function bytesOf(body: FileBody | undefined): Promise<number[]> {
  if (!body?.binary) throw new Error('expected a binary body');
  return [...new Uint8Array(await body.blob.arrayBuffer())];
}

export function fileStoreContract(
  name: string,
  make: () => Promise<ContractSubject> | ContractSubject,
): void {
  describe(`${name} (the FileStore contract)`, () => {
    let subject: ContractSubject;
    let store: FileStore;
    beforeEach(async () => {
      subject = await make();
      store = subject.store;
    });
    afterEach(() => subject.close?.());

    it('has nothing in a root never written', async () => {
      expect(await store.list(A)).toEqual([]);
      expect(await store.read(A, '/none.md')).toBeUndefined();
      expect(await store.history(A)).toEqual([]);
    });

    it('lists what a commit wrote, without contents, and reads it back whole', async () => {
      await store.commit(
        A,
        [textWrite(A, '/notes.md', '# Plan\nstep 1'), textWrite(A, '/src/a.ts', 'let a = 1;')],
        [],
      );
      const listed = (await store.list(A)).sort((x, y) => (x.path < y.path ? -1 : 1));
      expect(listed).toEqual([meta(A, '/notes.md', 13), meta(A, '/src/a.ts', 10)]);
      for (const file of listed)
        expect(Object.keys(file).sort()).toEqual([
          'binary',
          'mediaType',
          'modifiedAt',
          'path',
          'root',
          'size',
        ]);
      expect(await store.read(A, '/notes.md')).toEqual({
        meta: meta(A, '/notes.md', 13),
        body: { binary: false, text: '# Plan\nstep 1' },
      });
    });

    it('keeps a binary file byte for byte, with its type', async () => {
      const bytes = new Uint8Array([0, 255, 1, 254, 137, 80, 78, 71, 13, 10, 26, 10]);
      const blob = new Blob([bytes], { type: 'image/png' });
      await store.commit(
        A,
        [
          {
            path: '/logo.png',
            meta: meta(A, '/logo.png', bytes.length, 5, true),
            body: { binary: true, blob },
          },
        ],
        [],
      );
      const read = await store.read(A, '/logo.png');
      expect(read?.meta).toEqual(meta(A, '/logo.png', bytes.length, 5, true));
      expect(await bytesOf(read?.body)).toEqual([...bytes]);
      expect(read?.body.binary && read.body.blob.type).toBe('image/png');
    });

    it('replaces a file written again and removes a deleted one, leaving the others', async () => {
      await store.commit(A, [textWrite(A, '/a.md', 'one'), textWrite(A, '/b.md', 'bee')], []);
      await store.commit(A, [textWrite(A, '/a.md', 'two!', 2000), { path: '/b.md', delete: true }], []);
      expect(await store.list(A)).toEqual([meta(A, '/a.md', 4, 2000)]);
      expect((await store.read(A, '/a.md'))?.body).toEqual({ binary: false, text: 'two!' });
      expect(await store.read(A, '/b.md')).toBeUndefined();
    });

    it('keeps roots apart: the same path in two roots, and deleting one root', async () => {
      await store.commit(A, [textWrite(A, '/same.md', 'in a')], [change(A, 'ca', '/same.md', 1)]);
      await store.commit(B, [textWrite(B, '/same.md', 'in b')], [change(B, 'cb', '/same.md', 1)]);
      await store.commit('memory', [textWrite('memory', '/memories/m.md', 'remember')], []);
      expect((await store.read(A, '/same.md'))?.body).toEqual({ binary: false, text: 'in a' });
      expect((await store.read(B, '/same.md'))?.body).toEqual({ binary: false, text: 'in b' });
      // Counted across every root, memory included: 4 + 4 + 8 bytes.
      expect(await store.usage()).toEqual({ files: 3, bytes: 16 });

      await store.deleteRoot(A);
      expect(await store.usage()).toEqual({ files: 2, bytes: 12 });
      expect(await store.list(A)).toEqual([]);
      expect(await store.history(A)).toEqual([]);
      expect(await store.read(A, '/same.md')).toBeUndefined();
      expect(await store.list(B)).toEqual([meta(B, '/same.md', 4)]);
      expect((await store.history(B)).map((c) => c.id)).toEqual(['cb']);
      expect(await store.list('memory')).toEqual([meta('memory', '/memories/m.md', 8)]);
    });

    it('gives history oldest first, ties in the order committed, and an updated change in its place', async () => {
      await store.commit(A, [textWrite(A, '/a.md', 'a')], [change(A, 'z-late', '/a.md', 30)]);
      await store.commit(A, [], [change(A, 'y-first', '/a.md', 10), change(A, 'x-tie1', '/a.md', 20)]);
      await store.commit(A, [], [change(A, 'w-tie2', '/a.md', 20)]);
      expect((await store.history(A)).map((c) => c.id)).toEqual(['y-first', 'x-tie1', 'w-tie2', 'z-late']);

      // A revert marks the change it undid: the mark shows, the order stays.
      const reverted = { ...change(A, 'x-tie1', '/a.md', 20), revertedBy: 'r1' };
      const revert = { ...change(A, 'r1', '/a.md', 40), reverts: 'x-tie1' };
      await store.commit(A, [], [reverted, revert]);
      const history = await store.history(A);
      expect(history.map((c) => c.id)).toEqual(['y-first', 'x-tie1', 'w-tie2', 'z-late', 'r1']);
      expect(history[1]).toEqual(reverted);
      expect(history[4]).toEqual(revert);
    });

    it('hands out copies: changing what it returned changes nothing stored', async () => {
      await store.commit(A, [textWrite(A, '/a.md', 'a')], [change(A, 'c1', '/a.md', 1)]);
      const [listed] = await store.list(A);
      if (listed) listed.size = 999;
      const [first] = await store.history(A);
      if (first) first.path = '/moved.md';
      expect(await store.list(A)).toEqual([meta(A, '/a.md', 1)]);
      expect((await store.history(A))[0]?.path).toBe('/a.md');
    });

    it('tells watchers of each commit and root deletion, until they unsubscribe', async () => {
      const heard: RootKey[] = [];
      const stop = store.watch((root) => heard.push(root));
      await store.commit(A, [textWrite(A, '/a.md', 'a')], []);
      await store.commit('memory', [textWrite('memory', '/memories/m.md', 'm')], []);
      await store.deleteRoot(A);
      stop();
      await store.commit(B, [textWrite(B, '/b.md', 'b')], []);
      expect(heard).toEqual([A, 'memory', A]);
    });

    it('lists a thousand files in one root', async () => {
      const writes = Array.from({ length: 1000 }, (_, i) =>
        textWrite(A, `/dir${i % 10}/file${i}.txt`, `file ${i}`),
      );
      await store.commit(A, writes, []);
      const listed = await store.list(A);
      expect(listed).toHaveLength(1000);
      expect(new Set(listed.map((file) => file.path)).size).toBe(1000);
    });
  });
}
