/**
 * P17's page module (`/__bench/workspace.js`, bench/workspace.spec.ts): the workspace's
 * file store as the app runs it (src/storage/workspace, on the app's own schema), and the
 * bare IndexedDB reads and writes of the same records beside it. Loaded into the bench's
 * blank page of the app's origin, so both sides use the app's database on disk.
 *
 * The Files panel and the executor's FileTree (issue 26) were not merged when P17 was
 * written, so the Baton side is the store operations they make: the listing the panel
 * opens on (`list`, sorted by path as a tree shows it), and a str_replace as the executor
 * performs it (read the file, find the one occurrence, commit the new text with its
 * change record, stamps and change feed, in one transaction).
 */
import { unwrap } from 'idb';
import type { FileChange, FileMeta, RootKey } from '../../src/core/workspace/fileStore';
import { type BatonDb, openBatonDb } from '../../src/storage/schema';
import { createFileStore, type IndexedDbFileStore } from '../../src/storage/workspace/indexedDbFileStore';
import { done, result } from './db';

export const LISTING_ROOT: RootKey = 'workspace:p17-listing';
export const EDIT_ROOT: RootKey = 'workspace:p17-edit';
export const BIG_PATH = '/report/big.txt';

export interface P17Spec {
  files: number;
  fileBytes: number;
  bigBytes: number;
}

export interface Timed {
  ms: number;
}

let opened: Promise<{ db: BatonDb; store: IndexedDbFileStore }> | undefined;

/** The app's database and a store on it, opened once per page (untimed: the app has it open). */
export function openStore(): Promise<{ db: BatonDb; store: IndexedDbFileStore }> {
  opened ??= openBatonDb().then((db) => ({ db, store: createFileStore(db) }));
  return opened;
}

/** ASCII text of exactly `bytes` bytes, different for each `seed`, in lines of about 80 characters. */
function text(bytes: number, seed: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const line = `${seed}.${i}: the quick brown fox jumps over the lazy dog, then writes it down.\n`;
    lines.push(line);
    length += line.length;
  }
  return lines.join('').slice(0, bytes);
}

/** The unique slot a repetition's str_replace replaces: one per line of the big file. */
export function slot(n: number, side: 'baton' | 'baseline'): string {
  return `«slot-${side}-${String(n).padStart(4, '0')}»`;
}

function meta(root: RootKey, path: string, size: number): FileMeta {
  return { root, path, size, modifiedAt: Date.now(), binary: false, mediaType: 'text/plain' };
}

/** `files` files of `fileBytes` in 20 folders, and the big file with 200 slots for each side. */
export async function seedWorkspace(spec: P17Spec): Promise<{ ms: number; bytes: number }> {
  const { store } = await openStore();
  const start = performance.now();
  const writes = Array.from({ length: spec.files }, (_, i) => {
    const path = `/folder-${i % 20}/file-${String(i).padStart(4, '0')}.md`;
    return {
      path,
      meta: meta(LISTING_ROOT, path, spec.fileBytes),
      body: { binary: false as const, text: text(spec.fileBytes, i) },
    };
  });
  await store.commit(LISTING_ROOT, writes, []);
  const slots = Array.from({ length: 200 }, (_, n) => `${slot(n, 'baton')} ${slot(n, 'baseline')}\n`).join(
    '',
  );
  const big = (slots + text(spec.bigBytes, -1)).slice(0, spec.bigBytes);
  await store.commit(
    EDIT_ROOT,
    [{ path: BIG_PATH, meta: meta(EDIT_ROOT, BIG_PATH, big.length), body: { binary: false, text: big } }],
    [],
  );
  return { ms: performance.now() - start, bytes: spec.files * spec.fileBytes + big.length };
}

/** Baton: the listing the Files panel opens on, sorted by path. */
export async function batonListing(): Promise<Timed & { files: number }> {
  const { store } = await openStore();
  const start = performance.now();
  const files = (await store.list(LISTING_ROOT)).sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  );
  return { ms: performance.now() - start, files: files.length };
}

/** Baseline: the same listing records in one getAll over the root's key range. */
export async function bareListing(withContents = false): Promise<Timed & { files: number }> {
  const raw = unwrap((await openStore()).db);
  const start = performance.now();
  const tx = raw.transaction(withContents ? ['files', 'fileBodies'] : ['files'], 'readonly');
  const range = IDBKeyRange.bound([LISTING_ROOT], [LISTING_ROOT, [[]]]);
  const [listed] = await Promise.all([
    result(tx.objectStore('files').getAll(range)),
    ...(withContents ? [result(tx.objectStore('fileBodies').getAll(range))] : []),
  ]);
  return { ms: performance.now() - start, files: listed.length };
}

/** One small write to another store, as a running app has made before any edit (untimed). */
export async function warmWrite(): Promise<void> {
  const raw = unwrap((await openStore()).db);
  const tx = raw.transaction('settings', 'readwrite');
  tx.objectStore('settings').put(Date.now(), 'bench:p17-warm');
  await done(tx);
}

/** Baton: str_replace of one occurrence in the big file, as the executor performs it. */
export async function batonStrReplace(n: number): Promise<Timed> {
  const { store } = await openStore();
  const oldText = slot(n, 'baton');
  const newText = `«done-baton-${n}»`;
  const start = performance.now();
  const file = await store.read(EDIT_ROOT, BIG_PATH);
  if (!file || file.body.binary) throw new Error('P17: the big file is missing');
  const current = file.body.text;
  const at = current.indexOf(oldText);
  if (at < 0 || current.indexOf(oldText, at + 1) >= 0)
    throw new Error(`P17: ${oldText} is not there exactly once`);
  const next = current.slice(0, at) + newText + current.slice(at + oldText.length);
  const change: FileChange = {
    id: crypto.randomUUID(),
    root: EDIT_ROOT,
    path: BIG_PATH,
    at: Date.now(),
    origin: {
      kind: 'tool',
      tool: 'str_replace_based_edit_tool',
      command: 'str_replace',
      callId: `toolu_${n}`,
      sessionId: 'p17',
    },
    edit: { kind: 'hunk', start: at, removed: oldText, inserted: newText },
  };
  await store.commit(
    EDIT_ROOT,
    [
      {
        path: BIG_PATH,
        meta: { ...file.meta, size: next.length, modifiedAt: change.at },
        body: { binary: false, text: next },
      },
    ],
    [change],
  );
  return { ms: performance.now() - start };
}

/** Baseline: the same read and the same replacement written back (listing and contents), bare. */
export async function bareStrReplace(n: number): Promise<Timed> {
  const raw = unwrap((await openStore()).db);
  const oldText = slot(n, 'baseline');
  const newText = `«done-baseline-${n}»`;
  const start = performance.now();
  const read = raw.transaction(['files', 'fileBodies'], 'readonly');
  const [listed, stored] = await Promise.all([
    result(read.objectStore('files').get([EDIT_ROOT, BIG_PATH])) as Promise<FileMeta>,
    result(read.objectStore('fileBodies').get([EDIT_ROOT, BIG_PATH])) as Promise<{ body: { text: string } }>,
  ]);
  const current = stored.body.text;
  const at = current.indexOf(oldText);
  if (at < 0 || current.indexOf(oldText, at + 1) >= 0)
    throw new Error(`P17: ${oldText} is not there exactly once`);
  const next = current.slice(0, at) + newText + current.slice(at + oldText.length);
  const write = raw.transaction(['files', 'fileBodies'], 'readwrite');
  write.objectStore('files').put({ ...listed, size: next.length, modifiedAt: Date.now() });
  write
    .objectStore('fileBodies')
    .put({ root: EDIT_ROOT, path: BIG_PATH, body: { binary: false, text: next } });
  await done(write);
  return { ms: performance.now() - start };
}
