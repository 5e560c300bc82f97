/** The LocalReplica on Baton's IndexedDB: what the replicator reads and what a pull writes. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bytesOf,
  makeAttachmentRecord,
  makeHeader,
  makeMessageEntry,
  uniqueDbName,
} from '../../../testing/fixtures/storageTestFixtures';
import { entryRecord, headerDocOf, headerRecord } from '../../../testing/fixtures/syncTestRecords';
import { createChange as change } from '../../../testing/fixtures/workspaceTestFixtures';
import { meta } from '../../core/workspace/fileStore.contract';
import type { CommittedChangeSet } from '../../storage/backend';
import { DEVICE_ID_KEY } from '../../storage/changeRecorder';
import { type BatonDb, openBatonDb } from '../../storage/schema';
import { announcedSessionIds, TAB_CHANNEL_NAME } from '../../storage/sessionChanges';
import { SessionRepository } from '../../storage/sessionRepository';
import { createFileStore, openFileStore } from '../../storage/workspace/indexedDbFileStore';
import { SyncError } from '../syncContract';
import type { LocalRecord, SyncRecord } from '../syncRecord';
import { IndexedDbReplica } from './indexedDbReplica';

const REMOTE = 'device-remote';
const at = (rev: number) => ({ device: REMOTE, rev });
const ROOT = 'workspace:s1';

describe('IndexedDbReplica', () => {
  let name: string;
  let db: BatonDb;
  let heard: CommittedChangeSet[];
  let replica: IndexedDbReplica;
  beforeEach(async () => {
    name = uniqueDbName();
    db = await openBatonDb(name);
    heard = [];
    replica = new IndexedDbReplica(db, { announce: (change) => heard.push(change) });
  });
  afterEach(() => db.close());

  it('gives the device id the change recorder stamps with, made once if no write made it yet', async () => {
    const device = await replica.deviceId();
    expect(device).toMatch(/^[0-9a-f-]{36}$/);
    expect(await db.get('settings', DEVICE_ID_KEY)).toBe(device);
    const repository = new SessionRepository(db);
    const { committed } = await repository.writeBatch({ headers: [makeHeader('s1')], entries: [] });
    expect(committed?.device).toBe(device);
    expect(await new IndexedDbReplica(db).deviceId()).toBe(device);
  });

  it('reads what the feed names as stored, with its stamp; settings and unknown records read as undefined', async () => {
    const repository = new SessionRepository(db);
    const entry = makeMessageEntry('s1', 'e1', 5);
    const attachment = makeAttachmentRecord('s1', 'a1', 'bytes of a1');
    await repository.writeBatch({
      headers: [makeHeader('s1')],
      entries: [entry],
      attachments: [attachment],
      settings: [['theme', 'dark']],
    });
    const files = createFileStore(db);
    await files.commit(
      ROOT,
      [{ path: '/a.md', meta: meta(ROOT, '/a.md', 2), body: { binary: false, text: 'hi' } }],
      [change(ROOT, 'c1', '/a.md', 10)],
    );
    files.close();

    const { changes } = await replica.changes(0, 100);
    const read = await replica.read(changes);
    const stampOf = (id: string) => {
      const feed = changes.find((c) => c.id === id);
      return feed && { device: feed.device, rev: feed.rev };
    };
    const byId = new Map(read.filter((r): r is LocalRecord => r !== undefined).map((r) => [r.id, r]));
    expect(byId.get('e1')).toEqual({
      kind: 'entry',
      id: 'e1',
      sessionId: 's1',
      stamp: stampOf('e1'),
      value: entry,
    });
    expect(byId.get('s1')).toEqual({
      kind: 'header',
      id: 's1',
      sessionId: 's1',
      stamp: stampOf('s1'),
      value: makeHeader('s1'),
    });
    const readAttachment = byId.get('a1');
    expect(readAttachment?.kind).toBe('attachment');
    if (readAttachment?.kind !== 'attachment' || 'deleted' in readAttachment)
      throw new Error('no attachment');
    const { data, ...reference } = attachment;
    expect(readAttachment.value).toEqual(reference);
    expect(await bytesOf(readAttachment)).toEqual(await bytesOf(attachment));
    expect(byId.get(`${ROOT}\u0000/a.md`)).toEqual({
      kind: 'file',
      id: `${ROOT}\u0000/a.md`,
      stamp: stampOf(`${ROOT}\u0000/a.md`),
      root: ROOT,
      path: '/a.md',
      meta: meta(ROOT, '/a.md', 2),
      body: { binary: false, text: 'hi' },
    });
    expect(byId.get(`${ROOT}\u0000c1`)).toEqual({
      kind: 'fileChange',
      id: `${ROOT}\u0000c1`,
      stamp: stampOf(`${ROOT}\u0000c1`),
      root: ROOT,
      change: change(ROOT, 'c1', '/a.md', 10),
    });
    expect(read[changes.findIndex((c) => c.id === 'theme')]).toBeUndefined();
    expect(await replica.read([{ kind: 'entry', id: 'never', sessionId: 's1' }])).toEqual([undefined]);
  });

  it('reads a record deleted here as its tombstone, with the stamp of the delete', async () => {
    const repository = new SessionRepository(db);
    await repository.writeBatch({
      headers: [makeHeader('s1'), makeHeader('s2')],
      entries: [makeMessageEntry('s1', 'e1', 5)],
    });
    await repository.apply({ put: [], delete: [{ kind: 'entry', id: 'e1' }] });
    await repository.deleteSession('s2');
    const { changes } = await replica.changes(0, 100);
    const [entry, header] = await replica.read([
      { kind: 'entry', id: 'e1', sessionId: 's1' },
      { kind: 'header', id: 's2', sessionId: 's2' },
    ]);
    const feed = (id: string) => changes.find((c) => c.id === id);
    expect(entry).toEqual({
      kind: 'entry',
      id: 'e1',
      sessionId: 's1',
      stamp: { device: feed('e1')?.device, rev: feed('e1')?.rev },
      deleted: true,
    });
    expect(header).toEqual({
      kind: 'header',
      id: 's2',
      sessionId: 's2',
      stamp: { device: feed('s2')?.device, rev: feed('s2')?.rev },
      deleted: true,
    });
  });

  it('writes a pull with the stamps it came with: a read gives the remote stamp back (an echo), the clock moves past it', async () => {
    const entry = makeMessageEntry('s1', 'e1', 5);
    const far = 9_000_000_000_000_000;
    const attachment = makeAttachmentRecord('s1', 'a1', 'remote bytes');
    const { data, ...value } = attachment;
    const result = await replica.applyRemote([
      headerRecord(makeHeader('s1', { pinned: true }), at(far)),
      entryRecord(entry, at(far + 1)),
      { kind: 'attachment', id: 'a1', sessionId: 's1', stamp: at(far + 2), value, data },
    ]);
    expect(result).toEqual({ applied: 3, refused: 0 });

    const read = await replica.read([
      { kind: 'header', id: 's1', sessionId: 's1' },
      { kind: 'entry', id: 'e1', sessionId: 's1' },
      { kind: 'attachment', id: 'a1', sessionId: 's1' },
    ]);
    expect(read.map((r) => r?.stamp)).toEqual([at(far), at(far + 1), at(far + 2)]);
    expect(read[0]).toMatchObject({ value: makeHeader('s1', { pinned: true }) });
    expect(read[1]).toMatchObject({ value: entry });
    expect(await bytesOf(read[2] as { data: Blob })).toEqual(await bytesOf(attachment));

    // In the feed with the remote device, and this device's next write is later still.
    const { changes } = await replica.changes(0, 100);
    expect(changes.map((c) => [c.id, c.device]).sort()).toEqual([
      ['a1', REMOTE],
      ['e1', REMOTE],
      ['s1', REMOTE],
    ]);
    const { committed } = await new SessionRepository(db).writeBatch({
      headers: [],
      entries: [makeMessageEntry('s1', 'e2', 6)],
    });
    expect(committed?.rev).toBeGreaterThan(far + 2);
    expect(heard.map((c) => c.put.map((p) => p.id))).toEqual([['s1', 'e1', 'a1']]);
  });

  it('leaves a record whose stored stamp is newer or equal as it is, and takes a newer one', async () => {
    const first = makeMessageEntry('s1', 'e1', 5, { text: 'first' });
    await replica.applyRemote([entryRecord(first, at(100))]);
    const older = await replica.applyRemote([
      entryRecord(makeMessageEntry('s1', 'e1', 5, { text: 'older' }), at(50)),
    ]);
    const equal = await replica.applyRemote([
      entryRecord(makeMessageEntry('s1', 'e1', 5, { text: 'same stamp' }), at(100)),
    ]);
    // Equal revision, a device id that sorts earlier: still older.
    const tie = await replica.applyRemote([
      entryRecord(makeMessageEntry('s1', 'e1', 5, { text: 'tie' }), { device: 'a-device', rev: 100 }),
    ]);
    expect([older, equal, tie]).toEqual([
      { applied: 0, refused: 0 },
      { applied: 0, refused: 0 },
      { applied: 0, refused: 0 },
    ]);
    expect(await db.get('entries', 'e1')).toEqual(first);
    expect(heard).toHaveLength(1);

    const newer = makeMessageEntry('s1', 'e1', 5, { text: 'newer' });
    expect(await replica.applyRemote([entryRecord(newer, at(200))])).toEqual({ applied: 1, refused: 0 });
    expect(await db.get('entries', 'e1')).toEqual(newer);
  });

  it('skips a local write newer than the pull: this device’s edit stays', async () => {
    const repository = new SessionRepository(db);
    const mine = makeMessageEntry('s1', 'e1', 5, { text: 'mine' });
    await repository.writeBatch({ headers: [makeHeader('s1')], entries: [mine] });
    const result = await replica.applyRemote([
      entryRecord(makeMessageEntry('s1', 'e1', 5, { text: 'theirs' }), at(1)),
    ]);
    expect(result.applied).toBe(0);
    expect(await db.get('entries', 'e1')).toEqual(mine);
  });

  it('writes a merged header with the stamp of this device’s last edit when a remote field won', async () => {
    const repository = new SessionRepository(db);
    await repository.writeBatch({ headers: [makeHeader('s1', { title: 'Mine' })], entries: [] });
    const [local] = await replica.read([{ kind: 'header', id: 's1', sessionId: 's1' }]);
    const stamp = local?.stamp ?? at(0);
    // The merge keeps this device's title (its stamp, the newest) and takes the remote pin.
    const doc = headerDocOf(makeHeader('s1', { title: 'Mine' }), stamp);
    const merged = { ...doc, fields: { ...doc.fields, pinned: { value: true, stamp: at(stamp.rev - 5) } } };
    const same = await replica.applyRemote([{ kind: 'header', id: 's1', sessionId: 's1', header: doc }]);
    expect(same.applied).toBe(0);
    const won = await replica.applyRemote([{ kind: 'header', id: 's1', sessionId: 's1', header: merged }]);
    expect(won.applied).toBe(1);
    expect(await db.get('sessions', 's1')).toEqual(makeHeader('s1', { title: 'Mine', pinned: true }));
    const [after] = await replica.read([{ kind: 'header', id: 's1', sessionId: 's1' }]);
    expect(after?.stamp).toEqual(stamp);
  });

  it('deletes a session a header says was deleted, whatever came later: its records then and after are refused', async () => {
    const repository = new SessionRepository(db);
    await repository.writeBatch({ headers: [makeHeader('s1')], entries: [makeMessageEntry('s1', 'e1', 5)] });
    const deletedAt = at(10);
    // An append made elsewhere after the delete, and a rename: deletion wins over both.
    const result = await replica.applyRemote([
      entryRecord(makeMessageEntry('s1', 'e2', 6), at(9_000_000_000_000_000)),
      headerRecord(makeHeader('s1', { title: 'Renamed' }), at(9_000_000_000_000_001), deletedAt),
    ]);
    expect(result).toEqual({ applied: 1, refused: 1 });
    expect(await db.get('sessions', 's1')).toBeUndefined();
    expect(await db.getAllKeys('entries')).toEqual([]);
    const [tombstone] = await replica.read([{ kind: 'header', id: 's1', sessionId: 's1' }]);
    expect(tombstone).toEqual({
      kind: 'header',
      id: 's1',
      sessionId: 's1',
      stamp: at(9_000_000_000_000_001),
      deleted: true,
    });
    expect(heard.at(-1)?.deleted.map((d) => d.id)).toEqual(['s1']);

    const later = await replica.applyRemote([
      headerRecord(makeHeader('s1'), at(9_000_000_000_000_009)),
      entryRecord(makeMessageEntry('s1', 'e3', 7), at(9_000_000_000_000_009)),
    ]);
    expect(later).toEqual({ applied: 0, refused: 2 });
    expect(await db.get('sessions', 's1')).toBeUndefined();
    expect(await db.getAllKeys('entries')).toEqual([]);
  });

  it('writes workspace files and their history through the file store’s path, and deletes by tombstone', async () => {
    const files = await openFileStore(name);
    const roots: string[] = [];
    files.watch((root) => roots.push(root));
    try {
      const fileId = `${ROOT}\u0000/notes.md`;
      const text = '# Notes\n';
      const written: SyncRecord[] = [
        {
          kind: 'file',
          id: fileId,
          stamp: at(100),
          root: ROOT,
          path: '/notes.md',
          meta: meta(ROOT, '/notes.md', text.length),
          body: { binary: false, text },
        },
        {
          kind: 'fileChange',
          id: `${ROOT}\u0000c1`,
          stamp: at(101),
          root: ROOT,
          change: change(ROOT, 'c1', '/notes.md', 50),
        },
      ];
      const replicaOnOwnConnection = new IndexedDbReplica(db);
      expect(await replicaOnOwnConnection.applyRemote(written)).toEqual({ applied: 2, refused: 0 });
      expect(await files.read(ROOT, '/notes.md')).toEqual({
        meta: meta(ROOT, '/notes.md', text.length),
        body: { binary: false, text },
      });
      expect(await files.history(ROOT)).toEqual([change(ROOT, 'c1', '/notes.md', 50)]);
      const read = await replica.read([
        { kind: 'file', id: fileId },
        { kind: 'fileChange', id: `${ROOT}\u0000c1` },
      ]);
      expect(read.map((r) => r?.stamp)).toEqual([at(100), at(101)]);
      // The file store on another connection heard of it as of another tab's commit.
      await expect.poll(() => roots).toEqual([ROOT]);

      await replicaOnOwnConnection.applyRemote([
        { kind: 'file', id: fileId, stamp: at(200), deleted: true },
        { kind: 'fileChange', id: `${ROOT}\u0000c1`, stamp: at(201), deleted: true },
      ]);
      expect(await files.read(ROOT, '/notes.md')).toBeUndefined();
      expect(await files.history(ROOT)).toEqual([]);
      const [gone] = await replica.read([{ kind: 'file', id: fileId }]);
      expect(gone).toEqual({ kind: 'file', id: fileId, stamp: at(200), deleted: true });
    } finally {
      files.close();
    }
  });

  it('tells the tabs on the tab channel, as another tab’s commit', async () => {
    const listener = new BroadcastChannel(TAB_CHANNEL_NAME);
    const messages: unknown[] = [];
    listener.onmessage = (event: MessageEvent<unknown>) => messages.push(event.data);
    try {
      await new IndexedDbReplica(db).applyRemote([entryRecord(makeMessageEntry('s9', 'e9', 5), at(100))]);
      await expect.poll(() => messages.flatMap(announcedSessionIds)).toEqual(['s9']);
    } finally {
      listener.close();
    }
  });

  it('stops with the quota sentence when storage is full, having written nothing', async () => {
    const full = new IndexedDbReplica(db, {
      announce: (change) => heard.push(change),
      beforeCommit: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    });
    const error = await full
      .applyRemote([
        headerRecord(makeHeader('s1'), at(100)),
        entryRecord(makeMessageEntry('s1', 'e1', 5), at(101)),
        {
          kind: 'file',
          id: `${ROOT}\u0000/a.md`,
          stamp: at(102),
          root: ROOT,
          path: '/a.md',
          meta: meta(ROOT, '/a.md', 1),
          body: { binary: false, text: 'a' },
        },
      ])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SyncError);
    expect(error).toMatchObject({ kind: 'quota-device' });
    expect((error as Error).message).toMatch(/storage for Baton is full/);
    expect((await replica.changes(0, 100)).changes).toEqual([]);
    expect(await db.count('sessions')).toBe(0);
    expect(await db.count('entries')).toBe(0);
    expect(await db.count('files')).toBe(0);
    expect(heard).toEqual([]);
  });

  it('a pulled entry waiting for its header survives the start-up orphan tidy; an orphan of this device’s goes', async () => {
    await replica.applyRemote([entryRecord(makeMessageEntry('s-later', 'e-pulled', 5), at(100))]);
    // An orphan this device made (a crash between writes, in an older version).
    await db.put('entries', makeMessageEntry('s-gone', 'e-mine', 6));
    const repository = new SessionRepository(db);
    expect(await repository.removeOrphanEntries()).toBe(1);
    expect(await db.getAllKeys('entries')).toEqual(['e-pulled']);
    // The header arrives in a later pull: the session is whole.
    await replica.applyRemote([headerRecord(makeHeader('s-later', { leafId: 'e-pulled' }), at(101))]);
    expect((await repository.loadEntries('s-later')).entries.map((entry) => entry.id)).toEqual(['e-pulled']);
  });

  it('keeps its bookkeeping in the sync store, out of the change feed', async () => {
    const meta1 = { docId: 'e:e1', rev: '1-abc', stamp: at(5) };
    await replica.putMeta([meta1]);
    await replica.putValue('checkpoint', { since: '12-x' });
    expect(await replica.getMeta(['e:e1', 'e:none'])).toEqual(new Map([['e:e1', meta1]]));
    expect(await replica.getValue('checkpoint')).toEqual({ since: '12-x' });
    expect(await replica.getValue('nothing')).toBeUndefined();
    expect((await db.getAllKeys('sync')).sort()).toEqual(['doc:e:e1', 'value:checkpoint']);
    expect((await replica.changes(0, 100)).changes).toEqual([]);
  });
});
