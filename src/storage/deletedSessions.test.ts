/** A deleted session stays deleted: later writes for it are refused, and orphans are tidied at start. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeHeader, makeMessageEntry, uniqueDbName } from '../../testing/fixtures/storageTestFixtures';
import { importSessions } from './importSessions';
import { type BatonDb, openBatonDb } from './schema';
import { SessionRepository } from './sessionRepository';

let repo: SessionRepository;
let raw: BatonDb;

beforeEach(async () => {
  const name = uniqueDbName();
  repo = await SessionRepository.open(name);
  raw = await openBatonDb(name);
});
afterEach(() => {
  repo.close();
  raw.close();
});

describe('writes for a deleted session', () => {
  it('are refused, entries and header alike, while the rest of the batch lands', async () => {
    await repo.createSession(makeHeader('gone'), [makeMessageEntry('gone', 'g1', 1)]);
    await repo.deleteSession('gone');
    const result = await repo.writeBatch({
      entries: [makeMessageEntry('gone', 'g2', 2, { parentId: 'g1' }), makeMessageEntry('kept', 'k1', 1)],
      headers: [makeHeader('gone', { title: 'Back from the dead' }), makeHeader('kept')],
    });
    expect(result.refusedSessionIds).toEqual(['gone']);
    expect(await raw.get('sessions', 'gone')).toBeUndefined();
    expect(await raw.getAllFromIndex('entries', 'sessionId', 'gone')).toEqual([]);
    expect(await raw.get('sessions', 'kept')).toBeDefined();
    expect(await raw.get('entries', 'k1')).toBeDefined();
  });

  it('refuses nothing for sessions that were never deleted', async () => {
    const result = await repo.writeBatch({
      entries: [makeMessageEntry('s', 'e', 1)],
      headers: [makeHeader('s')],
    });
    expect(result.refusedSessionIds).toEqual([]);
  });
});

describe('a deleted session imported again', () => {
  it('is live again: its writes are accepted', async () => {
    await repo.createSession(makeHeader('back'), [makeMessageEntry('back', 'b1', 1)]);
    await repo.deleteSession('back');
    await importSessions(raw, [
      { header: makeHeader('back', { leafId: 'b1' }), entries: [makeMessageEntry('back', 'b1', 1)] },
    ]);
    const result = await repo.writeBatch({
      entries: [makeMessageEntry('back', 'b2', 2, { parentId: 'b1' })],
      headers: [],
    });
    expect(result.refusedSessionIds).toEqual([]);
    expect(await raw.get('entries', 'b2')).toBeDefined();
  });
});

describe('removeOrphanEntries', () => {
  it('removes entries whose session has no header, and only those', async () => {
    await repo.createSession(makeHeader('live'), [makeMessageEntry('live', 'l1', 1)]);
    // Left behind by a delete from before deletes were guarded.
    await raw.put('entries', makeMessageEntry('lost', 'o1', 1));
    await raw.put('entries', makeMessageEntry('lost', 'o2', 2, { parentId: 'o1' }));
    expect(await repo.removeOrphanEntries()).toBe(2);
    expect(await raw.getAllFromIndex('entries', 'sessionId', 'lost')).toEqual([]);
    expect(await raw.get('entries', 'l1')).toBeDefined();
    expect(await repo.removeOrphanEntries()).toBe(0);
  });
});
