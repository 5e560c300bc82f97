/**
 * What other tabs rely on: the repository announces each committed change to sessions
 * or entries (never one that failed), can load without marking a reply another tab is
 * still writing as interrupted, and a write cut off inside its transaction lands nothing.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeHeader, makeMessageEntry, uniqueDbName } from '../../testing/fixtures/storageTestFixtures';
import { type BatonDb, openBatonDb } from './schema';
import { type StorageChange, sessionChangesOf } from './sessionChanges';
import { SessionRepository } from './sessionRepository';

let repo: SessionRepository;
let raw: BatonDb;
let changes: StorageChange[];

beforeEach(async () => {
  const name = uniqueDbName();
  repo = await SessionRepository.open(name);
  raw = await openBatonDb(name);
  changes = [];
  // What a tab makes of each committed change set (see followOtherTabs).
  repo.onChange((committed) => changes.push(...sessionChangesOf(committed)));
});

afterEach(() => {
  repo.close();
  raw.close();
});

describe('change announcements', () => {
  it('names every session a committed batch touched, once each', async () => {
    await repo.writeBatch({
      headers: [makeHeader('a')],
      entries: [
        makeMessageEntry('a', 'a1', 1),
        makeMessageEntry('b', 'b1', 2),
        makeMessageEntry('a', 'a2', 3),
      ],
    });
    expect(changes).toEqual([{ kind: 'sessions-changed', sessionIds: ['a', 'b'] }]);
  });

  it('announces a delete, and a settings-only write not at all', async () => {
    await repo.createSession(makeHeader('a'), [makeMessageEntry('a', 'a1', 1)]);
    await repo.setSetting('x', 1);
    await repo.writeBatch({ headers: [], entries: [], settings: [['y', 2]] });
    await repo.deleteSession('a');
    expect(changes).toEqual([
      { kind: 'sessions-changed', sessionIds: ['a'] },
      { kind: 'session-deleted', sessionId: 'a' },
    ]);
  });

  it('announces nothing for a write that failed', async () => {
    const write = repo.writeBatch(
      { headers: [makeHeader('a')], entries: [] },
      {
        beforeCommit: () => {
          throw new Error('cut off');
        },
      },
    );
    await expect(write).rejects.toThrow('cut off');
    expect(changes).toEqual([]);
  });
});

describe('a write cut off inside its transaction', () => {
  it('lands none of its records', async () => {
    await repo.writeBatch({ headers: [makeHeader('kept', { title: 'Before' })], entries: [] });
    const write = repo.writeBatch(
      {
        headers: [makeHeader('kept', { title: 'After' }), makeHeader('new')],
        entries: [makeMessageEntry('new', 'n1', 1)],
        settings: [['activeSessionId', 'new']],
      },
      {
        beforeCommit: () => {
          throw new DOMException('cut off', 'AbortError');
        },
      },
    );
    await expect(write).rejects.toThrow('cut off');
    expect(await raw.getAll('sessions')).toEqual([makeHeader('kept', { title: 'Before' })]);
    expect(await raw.getAll('entries')).toEqual([]);
    expect(await raw.get('settings', 'activeSessionId')).toBeUndefined();
  });
});

describe('loadEntries without marking interrupted', () => {
  it('leaves a streaming reply as it is, in the result and in storage', async () => {
    const streaming = makeMessageEntry('s', 'm1', 1, { stopReason: 'streaming' });
    await repo.writeBatch({ headers: [makeHeader('s')], entries: [streaming] });
    changes = [];

    const loaded = await repo.loadEntries('s', { markInterrupted: false });
    expect(loaded.entries).toEqual([streaming]);
    expect(await raw.get('entries', 'm1')).toEqual(streaming);
    expect(changes).toEqual([]);

    // The default still marks it, stores that and tells other tabs.
    const marked = await repo.loadEntries('s');
    expect(marked.entries[0]).toMatchObject({ message: { stopReason: 'interrupted' } });
    expect(await raw.get('entries', 'm1')).toMatchObject({ message: { stopReason: 'interrupted' } });
    expect(changes).toEqual([{ kind: 'sessions-changed', sessionIds: ['s'] }]);
  });
});
