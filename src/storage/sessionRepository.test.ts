import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  makeCustomEntry,
  makeHeader,
  makeMessageEntry,
  uniqueDbName,
} from '../../testing/fixtures/storageTestFixtures';
import type { MessageEntry, SessionEntry } from '../core/types/entry';
import { type BatonDb, openBatonDb } from './schema';
import { ACTIVE_SESSION_KEY, SessionRepository } from './sessionRepository';

let name: string;
let repo: SessionRepository;
/** A second connection, to see exactly what is stored. */
let raw: BatonDb;

beforeEach(async () => {
  name = uniqueDbName();
  repo = await SessionRepository.open(name);
  raw = await openBatonDb(name);
});

afterEach(() => {
  vi.restoreAllMocks();
  repo.close();
  raw.close();
});

/** Stores records as they are, bypassing the repository (to plant damaged ones). */
async function plant(store: 'sessions' | 'entries', records: unknown[]): Promise<void> {
  const tx = raw.transaction(store, 'readwrite');
  // Damaged records are deliberately not SessionHeader/SessionEntry.
  for (const record of records) await tx.store.put(record as never);
  await tx.done;
}

describe('loadHeaders', () => {
  it('returns every header newest updatedAt first', async () => {
    await repo.putHeader(makeHeader('old', { updatedAt: 100 }));
    await repo.putHeader(makeHeader('new', { updatedAt: 300 }));
    await repo.putHeader(makeHeader('mid', { updatedAt: 200 }));

    const { headers, problems } = await repo.loadHeaders();
    expect(headers.map((header) => header.id)).toEqual(['new', 'mid', 'old']);
    expect(problems).toEqual([]);
  });

  it('skips a header without a usable id and repairs damaged fields, naming the session', async () => {
    await repo.putHeader(makeHeader('good', { updatedAt: 5 }));
    await plant('sessions', [
      { id: 7, title: 'numeric id' },
      { id: 'broken', title: 'no children', createdAt: 10, updatedAt: 20, model: 'm', leafId: null },
    ]);

    const { headers, problems } = await repo.loadHeaders();
    expect(headers.map((header) => header.id)).toEqual(['broken', 'good']);
    expect(headers[0]?.children).toEqual([]);
    expect(problems).toHaveLength(2);
    expect(problems.some((problem) => problem.includes('7'))).toBe(true);
    expect(problems.some((problem) => problem.includes('Session broken'))).toBe(true);
  });

  it('getHeader returns a stored header and undefined for an unknown id', async () => {
    const header = makeHeader('s1', { parentSession: 'p', children: ['c'] });
    await repo.putHeader(header);
    expect(await repo.getHeader('s1')).toEqual(header);
    expect(await repo.getHeader('missing')).toBeUndefined();
  });
});

describe('loadEntries', () => {
  it('round-trips entries, unknown types and unknown fields untouched', async () => {
    const message = { ...makeMessageEntry('s1', 'm1', 10), futureField: { nested: [1, 'two'] } };
    const custom = makeCustomEntry('s1', 'c1', 20);
    const unknown = {
      id: 'u1',
      parentId: 'm1',
      sessionId: 's1',
      timestamp: 30,
      type: 'branch_summary',
      summary: 'kept as it came',
      extra: { when: new Date(5), tags: new Set(['a']) },
    };
    await repo.writeBatch({ headers: [makeHeader('s1')], entries: [message, custom, unknown] });

    const loaded = await repo.loadEntries('s1');
    expect(loaded.problems).toEqual([]);
    expect(loaded.entries).toEqual([message, custom, unknown]);

    // Saving what was loaded writes back exactly what was there.
    await repo.writeBatch({ headers: [], entries: loaded.entries });
    expect(await raw.get('entries', 'u1')).toEqual(unknown);
    expect(await raw.get('entries', 'm1')).toEqual(message);
  });

  it('reads only the asked session', async () => {
    await repo.writeBatch({
      headers: [],
      entries: [makeMessageEntry('s1', 'a', 1), makeMessageEntry('s2', 'b', 2)],
    });
    expect((await repo.loadEntries('s1')).entries.map((entry) => entry.id)).toEqual(['a']);
  });

  it('orders by timestamp, and a parent before its child within the same millisecond', async () => {
    // Ids sort opposite to the write order, so an id order would be caught.
    const root = makeMessageEntry('s1', 'z-root', 100);
    const child = makeMessageEntry('s1', 'y-child', 200, { parentId: 'z-root' });
    const grandchild = makeMessageEntry('s1', 'x-grandchild', 200, { parentId: 'y-child' });
    const later = makeMessageEntry('s1', 'a-later', 300, { parentId: 'x-grandchild' });
    await repo.writeBatch({ headers: [], entries: [later, grandchild, root, child] });

    const { entries } = await repo.loadEntries('s1');
    expect(entries.map((entry) => entry.id)).toEqual(['z-root', 'y-child', 'x-grandchild', 'a-later']);
  });

  it('turns streaming messages into interrupted, in the result and in the store', async () => {
    const cutOff = makeMessageEntry('s1', 'cut', 10, { stopReason: 'streaming', text: 'half a rep' });
    const done = makeMessageEntry('s1', 'done', 5);
    await repo.writeBatch({ headers: [], entries: [cutOff, done] });

    const { entries, problems } = await repo.loadEntries('s1');
    expect(problems).toEqual([]);
    const loaded = entries.find((entry) => entry.id === 'cut') as MessageEntry;
    expect(loaded.message.stopReason).toBe('interrupted');
    expect(loaded.message.content).toEqual(cutOff.message.content);

    const stored = (await raw.get('entries', 'cut')) as MessageEntry;
    expect(stored.message.stopReason).toBe('interrupted');
    expect(await raw.get('entries', 'done')).toEqual(done);
  });

  it('still loads, reporting it, when the interrupted write-back fails', async () => {
    await repo.writeBatch({
      headers: [],
      entries: [makeMessageEntry('s1', 'cut', 10, { stopReason: 'streaming' })],
    });
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });

    const { entries, problems } = await repo.loadEntries('s1');
    expect((entries[0] as MessageEntry).message.stopReason).toBe('interrupted');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('Session s1');
    // In words: the DOMException's name says nothing to the reader.
    expect(problems[0]).toContain("this browser's storage for Baton is full");
    expect(problems[0]).not.toContain('QuotaExceededError');
  });

  it('skips damaged entries and names the session in each problem', async () => {
    const good = makeMessageEntry('s1', 'good', 10);
    await repo.writeBatch({ headers: [], entries: [good] });
    await plant('entries', [
      { id: 'no-type', sessionId: 's1', parentId: null, timestamp: 1 },
      { id: 'no-time', sessionId: 's1', parentId: null, type: 'message', message: good.message },
      { id: 'no-message', sessionId: 's1', parentId: null, timestamp: 2, type: 'message' },
      { id: 'bad-custom', sessionId: 's1', parentId: null, timestamp: 3, type: 'custom_message' },
      { id: 42, sessionId: 's1', parentId: null, timestamp: 4, type: 'message', message: good.message },
    ]);

    const { entries, problems } = await repo.loadEntries('s1');
    expect(entries).toEqual([good]);
    // A record whose timestamp is no key at all ('no-time') is outside the timestamp index
    // the pages read; finding it would take a second walk of the whole session on every
    // open (issue 31), and Baton never writes one: it is neither shown nor named.
    expect(problems).toHaveLength(4);
    for (const problem of problems) expect(problem).toContain('Session s1');
    for (const id of ['no-type', 'no-message', 'bad-custom']) {
      expect(problems.some((problem) => problem.includes(id))).toBe(true);
    }
  });
});

describe('createSession', () => {
  it('stores the header and its entries together', async () => {
    const entries = [makeCustomEntry('s1', 'h', 1), makeMessageEntry('s1', 'm', 2)];
    await repo.createSession(makeHeader('s1'), entries);
    expect(await repo.getHeader('s1')).toEqual(makeHeader('s1'));
    expect((await repo.loadEntries('s1')).entries).toEqual(entries);
  });

  it('refuses to overwrite an existing session, and writes none of the entries', async () => {
    await repo.putHeader(makeHeader('s1', { title: 'original' }));
    await expect(repo.createSession(makeHeader('s1'), [makeMessageEntry('s1', 'm', 2)])).rejects.toThrow();
    expect((await repo.getHeader('s1'))?.title).toBe('original');
    expect(await raw.get('entries', 'm')).toBeUndefined();
  });
});

describe('deleteSession', () => {
  it('removes the header, all its entries and the link from its parent', async () => {
    await repo.writeBatch({
      headers: [
        makeHeader('parent', { children: ['doomed', 'sibling'] }),
        makeHeader('doomed', { parentSession: 'parent', children: ['grandchild'] }),
        makeHeader('sibling', { parentSession: 'parent' }),
        makeHeader('grandchild', { parentSession: 'doomed' }),
      ],
      entries: [
        makeMessageEntry('doomed', 'd1', 1),
        makeMessageEntry('doomed', 'd2', 2),
        makeMessageEntry('parent', 'p1', 1),
      ],
    });

    await repo.deleteSession('doomed');

    expect(await repo.getHeader('doomed')).toBeUndefined();
    expect(await raw.getAllKeysFromIndex('entries', 'sessionId', 'doomed')).toEqual([]);
    expect((await repo.getHeader('parent'))?.children).toEqual(['sibling']);
    expect(await raw.get('entries', 'p1')).toEqual(makeMessageEntry('parent', 'p1', 1));
    // Lineage is history: the grandchild still names its (now missing) parent.
    expect((await repo.getHeader('grandchild'))?.parentSession).toBe('doomed');
  });

  it('works when the parent no longer exists', async () => {
    await repo.createSession(makeHeader('orphan', { parentSession: 'gone' }), [
      makeMessageEntry('orphan', 'o1', 1),
    ]);
    await repo.deleteSession('orphan');
    expect(await repo.getHeader('orphan')).toBeUndefined();
    expect(await raw.get('entries', 'o1')).toBeUndefined();
    expect(await repo.getHeader('gone')).toBeUndefined();
  });
});

describe('writeBatch', () => {
  it('writes entries, headers and settings together', async () => {
    await repo.writeBatch({
      headers: [makeHeader('s1')],
      entries: [makeMessageEntry('s1', 'e1', 1)],
      settings: [[ACTIVE_SESSION_KEY, 's1']],
    });
    expect(await repo.getHeader('s1')).toEqual(makeHeader('s1'));
    expect(await raw.get('entries', 'e1')).toEqual(makeMessageEntry('s1', 'e1', 1));
    expect(await repo.getActiveSessionId()).toBe('s1');
  });

  it('lands nothing when one record cannot be stored, and rejects with that error', async () => {
    await repo.putHeader(makeHeader('s1', { title: 'before' }));
    // A function cannot be structured-cloned: put throws DataCloneError inside the transaction.
    const poisoned = { ...makeMessageEntry('s1', 'bad', 2), callback: () => {} } as SessionEntry;

    await expect(
      repo.writeBatch({
        entries: [makeMessageEntry('s1', 'good', 1), poisoned],
        headers: [makeHeader('s1', { title: 'after' })],
        settings: [[ACTIVE_SESSION_KEY, 's1']],
      }),
    ).rejects.toMatchObject({ name: 'DataCloneError' });

    expect(await raw.get('entries', 'good')).toBeUndefined();
    expect(await raw.get('entries', 'bad')).toBeUndefined();
    expect((await repo.getHeader('s1'))?.title).toBe('before');
    expect(await repo.getActiveSessionId()).toBeUndefined();
  });

  it('lands nothing when the browser aborts the transaction part-way (as on a full disk)', async () => {
    const original = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      const request = original.call(this, value, key);
      // After the entries were queued, the transaction dies the way a quota failure kills it.
      if (this.name === 'settings') this.transaction.abort();
      return request;
    });

    await expect(
      repo.writeBatch({
        entries: [makeMessageEntry('s1', 'e1', 1)],
        headers: [makeHeader('s1')],
        settings: [[ACTIVE_SESSION_KEY, 's1']],
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    vi.restoreAllMocks();

    expect(await raw.get('entries', 'e1')).toBeUndefined();
    expect(await raw.get('sessions', 's1')).toBeUndefined();
    expect(await raw.get('settings', ACTIVE_SESSION_KEY)).toBeUndefined();
  });
});

describe('settings', () => {
  it('stores any structured-cloneable value under a key, and deletes it', async () => {
    const value = { theme: 'dark', seen: new Map([['tip', true]]), at: new Date(7) };
    await repo.setSetting('prefs', value);
    expect(await repo.getSetting<typeof value>('prefs')).toEqual(value);
    await repo.deleteSetting('prefs');
    expect(await repo.getSetting('prefs')).toBeUndefined();
  });

  it('reads the active session id only when it is a non-empty string', async () => {
    expect(await repo.getActiveSessionId()).toBeUndefined();
    await repo.setSetting(ACTIVE_SESSION_KEY, 12);
    expect(await repo.getActiveSessionId()).toBeUndefined();
    await repo.setSetting(ACTIVE_SESSION_KEY, 's9');
    expect(await repo.getActiveSessionId()).toBe('s9');
    expect(ACTIVE_SESSION_KEY).toBe('activeSessionId');
  });
});

describe('loadNewestEntries', () => {
  /** A chain of `count` entries in session `sessionId`, e0 the root, one millisecond apart. */
  function chain(
    sessionId: string,
    count: number,
    options: { streamingLast?: boolean } = {},
  ): MessageEntry[] {
    return Array.from({ length: count }, (_, i) =>
      makeMessageEntry(sessionId, `${sessionId}-e${i}`, 1_000 + i, {
        parentId: i === 0 ? null : `${sessionId}-e${i - 1}`,
        ...(options.streamingLast && i === count - 1 && { stopReason: 'streaming' as const }),
      }),
    );
  }

  it('reads only the newest entries of that session, oldest first', async () => {
    const entries = chain('big', 30);
    await repo.createSession(makeHeader('big', { leafId: 'big-e29' }), entries);
    await repo.createSession(makeHeader('other', { leafId: 'other-e4' }), chain('other', 5));

    const newest = await repo.loadNewestEntries('big', 10);
    expect(newest.entries.map((entry) => entry.id)).toEqual(entries.slice(20).map((entry) => entry.id));
    expect(newest.problems).toEqual([]);
  });

  it('never returns fewer than asked for when entries share a millisecond', async () => {
    const tied = chain('tied', 12).map((entry, i) => ({ ...entry, timestamp: i < 8 ? 500 : 600 + i }));
    await repo.createSession(makeHeader('tied', { leafId: 'tied-e11' }), tied);
    const ids = (await repo.loadNewestEntries('tied', 6)).entries.map((entry) => entry.id);
    expect(ids.length).toBeGreaterThanOrEqual(6);
    expect(ids.slice(-4)).toEqual(['tied-e8', 'tied-e9', 'tied-e10', 'tied-e11']);
  });

  it('reads a session shorter than the limit whole, and nothing for an unknown one', async () => {
    await repo.createSession(makeHeader('small', { leafId: 'small-e4' }), chain('small', 5));
    expect((await repo.loadNewestEntries('small', 50)).entries).toHaveLength(5);
    expect(await repo.loadNewestEntries('missing', 10)).toEqual({ entries: [], problems: [] });
  });

  it('shows a message left streaming as interrupted without writing anything', async () => {
    await repo.createSession(makeHeader('s', { leafId: 's-e2' }), chain('s', 3, { streamingLast: true }));
    const newest = await repo.loadNewestEntries('s', 10);
    const last = newest.entries.at(-1) as MessageEntry;
    expect(last.message.stopReason).toBe('interrupted');
    const stored = (await raw.get('entries', 's-e2')) as MessageEntry;
    expect(stored.message.stopReason).toBe('streaming');
  });
});
