/**
 * Workspaces through a backup: read from one database, written as JSONL, parsed and
 * imported into another, byte for byte; and an import merged into what is there.
 */
import { createChange as change } from '../../../testing/fixtures/workspaceTestFixtures';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chainSessions } from '../../../testing/fixtures/exchangeTestFixtures';
import { uniqueDbName } from '../../../testing/fixtures/storageTestFixtures';
import { backupJsonlPieces, exportChainJsonl, piecesText } from '../../core/exchange/exportJsonl';
import { parseImport } from '../../core/exchange/importJsonl';
import type { FileBody, FileStore, RootKey } from '../../core/workspace/fileStore';
import { meta, textWrite } from '../../core/workspace/fileStore.contract';
import { importSessions, loadExistingIds } from '../importSessions';
import { type BatonDb, openBatonDb } from '../schema';
import { SessionRepository } from '../sessionRepository';
import { createFileStore, type IndexedDbFileStore } from './indexedDbFileStore';
import { snapshotWorkspaces } from './workspaceBackup';

/** Every byte value, and a stretch that is not UTF-8: a file no text round trip would keep. */
const BINARY = new Uint8Array([...Array.from({ length: 256 }, (_, i) => i), 0xc3, 0x28, 0xff, 0xfe]);

interface Side {
  db: BatonDb;
  files: IndexedDbFileStore;
}

async function open(): Promise<Side> {
  const db = await openBatonDb(uniqueDbName());
  return { db, files: createFileStore(db) };
}

async function everything(store: FileStore, root: RootKey) {
  const files = [];
  for (const listed of (await store.list(root)).sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const read = await store.read(root, listed.path);
    files.push({ meta: read?.meta, body: await plain(read?.body) });
  }
  return { files, history: await store.history(root) };
}

/** A body comparable with toEqual: a Blob's type and bytes, as numbers. */
async function plain(body: FileBody | undefined) {
  if (!body?.binary) return body;
  return { type: body.blob.type, bytes: [...new Uint8Array(await body.blob.arrayBuffer())] };
}

/** A read file's text; fails the test for a binary or missing file. */
function textOf(read: { body: FileBody } | undefined): string {
  if (!read || read.body.binary) throw new Error('expected a text file');
  return read.body.text;
}

async function backupOf(db: BatonDb): Promise<string> {
  return piecesText(
    backupJsonlPieces([], undefined, { workspaces: await snapshotWorkspaces(db), createdAt: 1 }),
  );
}

async function importInto(side: Side, text: string) {
  const parsed = parseImport(text, await loadExistingIds(side.db));
  expect(parsed.errors).toEqual([]);
  await importSessions(side.db, parsed.sessions, parsed.workspaces);
  return parsed;
}

let from: Side;
let into: Side;
beforeEach(async () => {
  [from, into] = await Promise.all([open(), open()]);
});
afterEach(() => {
  for (const side of [from, into]) {
    side.files.close();
    side.db.close();
  }
});

const W: RootKey = 'workspace:chain';

describe('workspaces in a backup', () => {
  it('come back byte-identical, binary files included, with their history in order', async () => {
    const blob = new Blob([BINARY], { type: 'application/octet-stream' });
    await from.files.commit(
      W,
      [textWrite(W, '/notes/plan.md', 'Plan: ✓ ünïcödé\r\n\ttabs\u0000nul')],
      [change(W, 'c1', '/notes/plan.md', 5)],
    );
    await from.files.commit(
      W,
      [
        {
          path: '/data.bin',
          meta: { ...meta(W, '/data.bin', BINARY.length, 6, true), mediaType: 'application/octet-stream' },
          body: { binary: true, blob },
        },
      ],
      [change(W, 'c2', '/data.bin', 6), change(W, 'c3', '/notes/plan.md', 6)],
    );
    await from.files.commit('memory', [textWrite('memory', '/memories/user.md', 'likes tea')], []);

    await importInto(into, await backupOf(from.db));

    for (const root of [W, 'memory']) {
      expect(await everything(into.files, root)).toEqual(await everything(from.files, root));
    }
    const read = await into.files.read(W, '/data.bin');
    expect(await plain(read?.body)).toEqual({ type: 'application/octet-stream', bytes: [...BINARY] });
    expect((await into.files.history(W)).map((c) => c.id)).toEqual(['c1', 'c2', 'c3']);
  });

  it('merges memory: files only here stay, the same file is not doubled, a different one is added beside it', async () => {
    await from.files.commit(
      'memory',
      [
        textWrite('memory', '/memories/same.md', 'same', 1),
        textWrite('memory', '/memories/clash.md', 'from the backup', 2),
      ],
      [change('memory', 'm1', '/memories/clash.md', 2)],
    );
    await into.files.commit(
      'memory',
      [
        textWrite('memory', '/memories/mine.md', 'only here', 1),
        textWrite('memory', '/memories/same.md', 'same', 1),
        textWrite('memory', '/memories/clash.md', 'kept as it is', 3),
      ],
      [],
    );

    const text = await backupOf(from.db);
    await importInto(into, text);
    // A second import of the same backup changes nothing more.
    await importInto(into, text);

    const files = await into.files.list('memory');
    expect(files.map((file) => file.path).sort()).toEqual([
      '/memories/clash (imported).md',
      '/memories/clash.md',
      '/memories/mine.md',
      '/memories/same.md',
    ]);
    const text_ = async (path: string) => textOf(await into.files.read('memory', path));
    expect(await text_('/memories/clash.md')).toBe('kept as it is');
    expect(await text_('/memories/clash (imported).md')).toBe('from the backup');
    expect(await text_('/memories/mine.md')).toBe('only here');
    // The imported change follows its file to the name it was stored under.
    expect((await into.files.history('memory')).map((c) => [c.id, c.path])).toEqual([
      ['m1', '/memories/clash (imported).md'],
    ]);
  });

  it('moves a chain’s workspace to the id its root session got when that id was taken', async () => {
    const sessions = chainSessions();
    const rootId = sessions[0]!.header.id;
    const root = `workspace:${rootId}`;
    await from.files.commit(root, [textWrite(root, '/a.md', 'chain file')], [change(root, 'c1', '/a.md', 1)]);
    // The database imported into already has the chain (an earlier import of it), and its workspace.
    const repo = await SessionRepository.open(into.db.name);
    for (const { header, entries } of sessions) await repo.createSession(header, entries);
    repo.close();
    await into.files.commit(
      root,
      [textWrite(root, '/a.md', 'the copy already here')],
      [change(root, 'c0', '/a.md', 1)],
    );

    const parsed = await importInto(
      into,
      exportChainJsonl(sessions, { workspaces: await snapshotWorkspaces(from.db, [root]) }),
    );
    const renamed = parsed.renamedSessions.get(rootId);
    expect(renamed).toBeDefined();
    expect(textOf(await into.files.read(`workspace:${renamed}`, '/a.md'))).toBe('chain file');
    expect((await into.files.history(`workspace:${renamed}`)).map((c) => c.id)).toEqual(['c1']);
    // The workspace already here is untouched.
    expect(textOf(await into.files.read(root, '/a.md'))).toBe('the copy already here');
    expect((await into.files.history(root)).map((c) => c.id)).toEqual(['c0']);
  });

  it('imports nothing, session or file, when the import fails', async () => {
    await from.files.commit(W, [textWrite(W, '/a.md', 'a')], []);
    const parsed = parseImport(
      exportChainJsonl(chainSessions(), { workspaces: await snapshotWorkspaces(from.db) }),
      await loadExistingIds(into.db),
    );
    expect(parsed.errors).toEqual([]);
    // Another tab took a session id after the file was checked: the add fails, all of it rolls back.
    const repo = await SessionRepository.open(into.db.name);
    const first = parsed.sessions[0]!;
    await repo.createSession(first.header, []);
    repo.close();
    await expect(importSessions(into.db, parsed.sessions, parsed.workspaces)).rejects.toMatchObject({
      name: 'ConstraintError',
    });
    expect(await into.files.list(W)).toEqual([]);
    expect(await into.db.count('fileChanges')).toBe(0);
  });

  it('tells the file store of another connection which roots an import brought', async () => {
    await from.files.commit(W, [textWrite(W, '/a.md', 'a')], []);
    const heard: RootKey[] = [];
    const done = new Promise<void>((resolve) =>
      into.files.watch((root) => {
        heard.push(root);
        resolve();
      }),
    );
    const { announceFileCommit } = await import('./fileChannel');
    const parsed = parseImport(await backupOf(from.db), await loadExistingIds(into.db));
    const importer = await openBatonDb(into.db.name);
    try {
      announceFileCommit(importer.name, await importSessions(importer, parsed.sessions, parsed.workspaces));
    } finally {
      importer.close();
    }
    await done;
    expect(heard).toEqual([W]);
  });
});
