/**
 * StorageBackend.apply over IndexedDB: a change set lands whole or not at all, and every
 * record it writes is stamped with this device's id and a revision later than any before,
 * in the change set's sequence number; deletions leave tombstones; a replica's stamps are
 * kept and the clock moves past them.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  makeAttachmentRecord,
  makeHeader,
  makeMessageEntry,
  uniqueDbName,
} from '../../testing/fixtures/storageTestFixtures';
import type { CommittedChangeSet } from './backend';
import { readStamps } from './changeFeed';
import { CHANGE_CLOCK_KEY, DEVICE_ID_KEY } from './changeRecorder';
import { UNSTAMPED } from './revision';
import { type BatonDb, openBatonDb } from './schema';
import { SessionRepository } from './sessionRepository';

let name: string;
let repo: SessionRepository;
let raw: BatonDb;
let heard: CommittedChangeSet[];

beforeEach(async () => {
  name = uniqueDbName();
  repo = await SessionRepository.open(name);
  raw = await openBatonDb(name);
  heard = [];
  repo.onChange((change) => heard.push(change));
});
afterEach(() => {
  repo.close();
  raw.close();
});

const entry = (id: string, session = 's1') => ({
  kind: 'entry' as const,
  value: makeMessageEntry(session, id, 1),
});
const header = (id: string) => ({ kind: 'header' as const, value: makeHeader(id) });

describe('apply: stamps', () => {
  it('stamps every record of a change set with one device, one revision and one sequence number', async () => {
    const result = await repo.apply({
      put: [
        header('s1'),
        entry('e1'),
        { kind: 'setting', key: 'theme', value: 'dark' },
        { kind: 'attachment', value: makeAttachmentRecord('s1', 'a1') },
      ],
    });
    const committed = result.committed;
    expect(committed?.seq).toBe(1);
    expect(committed?.device).toMatch(/^[0-9a-f-]{36}$/);
    expect(committed?.put).toEqual([
      { kind: 'header', id: 's1', sessionId: 's1' },
      { kind: 'entry', id: 'e1', sessionId: 's1' },
      { kind: 'setting', id: 'theme' },
      { kind: 'attachment', id: 'a1', sessionId: 's1' },
    ]);
    expect(heard).toEqual([committed]);
    const stamps = await readStamps(raw, [
      { kind: 'header', id: 's1' },
      { kind: 'entry', id: 'e1' },
      { kind: 'setting', id: 'theme' },
      { kind: 'attachment', id: 'a1' },
    ]);
    for (const stamp of stamps) expect(stamp).toEqual({ device: committed?.device, rev: committed?.rev });
    // The records themselves are stored exactly as given: stamps live beside them.
    expect(await raw.get('sessions', 's1')).toEqual(makeHeader('s1'));
    expect(await raw.get('settings', 'theme')).toBe('dark');
  });

  it('keeps one device id, made on the first write, across change sets and connections', async () => {
    expect(await raw.get('settings', DEVICE_ID_KEY)).toBeUndefined();
    const first = await repo.apply({ put: [entry('e1')] });
    const device = await raw.get('settings', DEVICE_ID_KEY);
    expect(first.committed?.device).toBe(device);
    const second = await SessionRepository.open(name);
    try {
      const again = await second.apply({ put: [entry('e2')] });
      expect(again.committed?.device).toBe(device);
    } finally {
      second.close();
    }
  });

  it('gives each change set the next sequence number and a later revision, whichever connection writes', async () => {
    const other = await SessionRepository.open(name);
    try {
      const seen: CommittedChangeSet[] = [];
      for (const [i, writer] of [repo, other, repo, other, other].entries()) {
        const { committed } = await writer.apply({ put: [entry('same')] });
        if (committed) seen.push(committed);
        expect(committed?.seq).toBe(i + 1);
      }
      const revs = seen.map((change) => change.rev);
      for (let i = 1; i < revs.length; i++) expect(revs[i]).toBeGreaterThan(revs[i - 1] ?? Infinity);
      const [stamp] = await readStamps(raw, [{ kind: 'entry', id: 'same' }]);
      expect(stamp?.rev).toBe(revs.at(-1));
    } finally {
      other.close();
    }
  });

  it('reads records stored before stamps, or not stored at all, as unstamped', async () => {
    await raw.put('entries', makeMessageEntry('s1', 'old', 1));
    expect(
      await readStamps(raw, [
        { kind: 'entry', id: 'old' },
        { kind: 'header', id: 'never' },
      ]),
    ).toEqual([UNSTAMPED, UNSTAMPED]);
  });

  it('stamps neither the device id nor the clock, and reports no change set that only touched them', async () => {
    await repo.apply({ put: [entry('e1')] });
    const { changes } = await repo.changes();
    expect(changes.map((change) => change.id)).toEqual(['e1']);
    expect(await raw.get('settings', CHANGE_CLOCK_KEY)).toMatchObject({ seq: 1 });
  });
});

describe('apply: all or nothing', () => {
  it('lands neither records nor stamps nor a sequence number when the change set is cut off', async () => {
    await repo.apply({ put: [header('s1')] });
    const cut = repo.apply(
      { put: [header('s2'), entry('e1')] },
      {
        beforeCommit: () => {
          throw new DOMException('cut off', 'AbortError');
        },
      },
    );
    await expect(cut).rejects.toThrow('cut off');
    expect(await raw.get('sessions', 's2')).toBeUndefined();
    expect(await readStamps(raw, [{ kind: 'header', id: 's2' }])).toEqual([UNSTAMPED]);
    expect(heard.map((change) => change.seq)).toEqual([1]);
    const next = await repo.apply({ put: [header('s3')] });
    expect(next.committed?.seq).toBe(2);
  });

  it('addOnly refuses a taken id and lands nothing of the change set', async () => {
    await repo.apply({ put: [header('s1')] });
    const adding = repo.apply({ put: [entry('e9'), header('s1')] }, { addOnly: true });
    await expect(adding).rejects.toMatchObject({ name: 'ConstraintError' });
    expect(await raw.get('entries', 'e9')).toBeUndefined();
  });

  it('does nothing, and announces nothing, for an empty change set', async () => {
    expect(await repo.apply({ put: [] })).toEqual({ refusedSessionIds: [] });
    expect(heard).toEqual([]);
  });

  it('stamps no record it refused for a deleted session', async () => {
    await repo.apply({ put: [header('gone'), entry('g1', 'gone')] });
    await repo.deleteSession('gone');
    const result = await repo.apply({ put: [entry('g2', 'gone'), entry('k1', 'kept')] });
    expect(result.refusedSessionIds).toEqual(['gone']);
    expect(result.committed?.put.map((record) => record.id)).toEqual(['k1']);
    expect(await readStamps(raw, [{ kind: 'entry', id: 'g2' }])).toEqual([UNSTAMPED]);
  });
});

describe('apply: deletions', () => {
  it('deletes a session whole, leaving one tombstone (the header) and no stamp of its records', async () => {
    await repo.apply({
      put: [
        { kind: 'header', value: makeHeader('parent', { children: ['doomed'] }) },
        { kind: 'header', value: makeHeader('doomed', { parentSession: 'parent' }) },
        entry('d1', 'doomed'),
        entry('d2', 'doomed'),
        { kind: 'attachment', value: makeAttachmentRecord('doomed', 'f1') },
        entry('k1', 'parent'),
      ],
    });
    const { committed } = await repo.apply({ put: [], delete: [{ kind: 'header', id: 'doomed' }] });
    expect(committed?.deleted).toEqual([{ kind: 'header', id: 'doomed', sessionId: 'doomed' }]);
    // What else it wrote: the deleted list, and the parent without its link.
    expect(committed?.put).toEqual([
      { kind: 'setting', id: 'deletedSessionIds' },
      { kind: 'header', id: 'parent', sessionId: 'parent' },
    ]);
    expect((await raw.get('sessions', 'parent'))?.children).toEqual([]);
    const { changes } = await repo.changes();
    expect(changes.map((change) => `${change.seq}:${change.kind}:${change.id}:${change.deleted}`)).toEqual([
      '1:entry:k1:false',
      '2:setting:deletedSessionIds:false',
      '2:header:doomed:true',
      '2:header:parent:false',
    ]);
    const gone = await readStamps(raw, [
      { kind: 'entry', id: 'd1' },
      { kind: 'attachment', id: 'f1' },
    ]);
    expect(gone).toEqual([UNSTAMPED, UNSTAMPED]);
    expect((await raw.getAll('stamps')).length).toBe(4);
  });

  it('stamps no record of a session put and deleted in one change set', async () => {
    const { committed } = await repo.apply({
      put: [header('brief'), entry('b1', 'brief')],
      delete: [{ kind: 'header', id: 'brief' }],
    });
    expect(committed?.put).toEqual([{ kind: 'setting', id: 'deletedSessionIds' }]);
    expect(await readStamps(raw, [{ kind: 'entry', id: 'b1' }])).toEqual([UNSTAMPED]);
  });

  it('deletes single records by kind and id, each leaving a tombstone', async () => {
    await repo.apply({ put: [entry('e1'), { kind: 'setting', key: 'x', value: 1 }] });
    const [before] = await readStamps(raw, [{ kind: 'entry', id: 'e1' }]);
    const { committed } = await repo.apply({
      put: [],
      delete: [
        { kind: 'entry', id: 'e1' },
        { kind: 'setting', id: 'x' },
      ],
    });
    expect(committed?.deleted).toEqual([
      { kind: 'entry', id: 'e1', sessionId: 's1' },
      { kind: 'setting', id: 'x' },
    ]);
    expect(await raw.get('entries', 'e1')).toBeUndefined();
    expect(await raw.get('settings', 'x')).toBeUndefined();
    const { changes } = await repo.changes(1);
    expect(changes.map((change) => [change.id, change.sessionId, change.deleted])).toEqual([
      ['x', undefined, true],
      ['e1', 's1', true],
    ]);
    // The tombstone took the live stamp's place: one stamp for the record, the newer.
    const [after] = await readStamps(raw, [{ kind: 'entry', id: 'e1' }]);
    expect(after?.rev).toBeGreaterThan(before?.rev ?? Infinity);
    expect((await raw.getAll('stamps')).filter((stamp) => stamp.id === 'e1')).toHaveLength(1);
  });
});

describe('apply: records from a replica', () => {
  it('keeps the stamps they came with, and stamps this device later than all of them', async () => {
    const farFuture = (Date.now() + 3_600_000) * 1000;
    const { committed } = await repo.apply({
      put: [{ ...entry('theirs'), stamp: { device: 'laptop', rev: farFuture } }, entry('mine')],
      delete: [{ kind: 'setting', id: 'old', stamp: { device: 'laptop', rev: farFuture - 5 } }],
    });
    const [theirs, mine, old] = await readStamps(raw, [
      { kind: 'entry', id: 'theirs' },
      { kind: 'entry', id: 'mine' },
      { kind: 'setting', id: 'old' },
    ]);
    expect(theirs).toEqual({ device: 'laptop', rev: farFuture });
    expect(old).toEqual({ device: 'laptop', rev: farFuture - 5 });
    expect(mine?.device).toBe(committed?.device);
    expect(mine?.rev).toBeGreaterThan(farFuture);
    // The clock remembers: this device's next write is later still, though its wall clock is behind.
    const next = await repo.apply({ put: [entry('later')] });
    expect(next.committed?.rev).toBeGreaterThan(mine?.rev ?? Infinity);
  });

  it('stamps nothing with this device when every record came stamped', async () => {
    const { committed } = await repo.apply({
      put: [{ ...entry('theirs'), stamp: { device: 'phone', rev: 5_000 } }],
    });
    expect(committed?.rev).toBe(0);
    const next = await repo.apply({ put: [entry('mine')] });
    expect(next.committed?.rev).toBeGreaterThan(5_000);
  });
});
