/**
 * Issue 31, item 3: the search worker no longer reads every header before each query.
 * After its first full read it follows the change feed: it re-reads only the headers of
 * sessions changed since, by any connection, whatever their time, and counts nothing.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { user } from '../../../testing/entryBuilders';
import { makeMessageEntry, uniqueDbName } from '../../../testing/fixtures/storageTestFixtures';
import { noiseSessions, recallChain, storedSession } from '../../../testing/recallFixtures';
import { openBatonDb } from '../schema';
import { SessionRepository } from '../sessionRepository';
import { FEED_READ_LIMIT, HeaderTracker } from './headerTracker';
import { repositorySource } from './repositorySource';
import { SearchEngine } from './searchEngine';

async function setUp() {
  const name = uniqueDbName();
  const repository = await SessionRepository.open(name);
  for (const { header, entries } of [...recallChain(), ...noiseSessions(10)])
    await repository.createSession(header, entries);
  const db = await openBatonDb(name);
  let headerReads = 0;
  const source = repositorySource(new SessionRepository(db), db);
  const engine = new SearchEngine(
    {
      ...source,
      headers: () => {
        headerReads++;
        return source.headers();
      },
    },
    { load: async () => undefined, save: async () => undefined },
  );
  const found = async (query: string) => (await engine.search({ query, limit: 10 })).map((hit) => hit.id);
  return {
    repository,
    engine,
    found,
    headerReads: () => headerReads,
    close: () => {
      db.close();
      repository.close();
    },
  };
}

describe('the search engine keeps headers current', () => {
  it('reads every header once, then only what changed, and still finds what was just written', async () => {
    const { repository, found, headerReads, close } = await setUp();
    expect(await found('billing')).not.toEqual([]);
    await found('deployment');
    await found('metrics');
    expect(headerReads()).toBe(1);

    // A reply written since: a newer updatedAt, found by the range read alone.
    const [, , child] = recallChain();
    if (!child) throw new Error('the chain has a child');
    await repository.writeBatch({
      entries: [makeMessageEntry('c', 'c-new', 5_000, { text: 'The walrus dashboard is live.' })],
      headers: [{ ...child.header, leafId: 'c-new', updatedAt: 5_000 }],
    });
    expect(await found('walrus')).toEqual(['c-new']);
    expect(headerReads()).toBe(1);

    // An imported session keeps its old time: the feed names it all the same.
    const imported = storedSession('old', 'Imported long ago', [user('A narwhal in the archive.')], {
      updatedAt: 10,
    });
    await repository.createSession(imported.header, imported.entries);
    expect(await found('narwhal')).toEqual([imported.entries[0]?.id]);
    expect(headerReads()).toBe(1);

    // A deleted session is dropped: its header's tombstone is in the feed.
    await repository.deleteSession('old');
    expect(await found('narwhal')).toEqual([]);
    await found('narwhal');
    expect(headerReads()).toBe(1);
    close();
  });

  it("sees another connection's writes and deletions with no announcement, even when their time is not the newest", async () => {
    // `repository` is another connection to the database, as another tab's is: nothing it does is told to the engine.
    const { repository, found, headerReads, close } = await setUp();
    await found('billing');
    // Written with a time older than the newest header (another tab's clock, a sync).
    const noise = noiseSessions(1)[0];
    if (!noise) throw new Error('one session');
    await repository.writeBatch({
      entries: [makeMessageEntry('n0', 'n0-late', 1_500, { text: 'An okapi crossed the deployment path.' })],
      headers: [{ ...noise.header, leafId: 'n0-late', updatedAt: 1_500 }],
    });
    expect(await found('okapi')).toEqual(['n0-late']);
    await repository.deleteSession('n0');
    expect(await found('okapi')).toEqual([]);
    expect(headerReads()).toBe(1);
    close();
  });

  it('counts nothing and reads no header store whole once it has read the headers', async () => {
    const { repository, found, close } = await setUp();
    await found('billing');
    const counted: string[] = [];
    const wholeReads: string[] = [];
    const count = vi.spyOn(IDBObjectStore.prototype, 'count').mockImplementation(function (
      this: IDBObjectStore,
    ) {
      counted.push(this.name);
      throw new Error('counted');
    });
    const getAll = IDBObjectStore.prototype.getAll;
    const spyGetAll = vi.spyOn(IDBObjectStore.prototype, 'getAll').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['getAll']>
    ) {
      if (this.name === 'sessions') wholeReads.push(this.name);
      return getAll.apply(this, args);
    });
    try {
      const noise = noiseSessions(1)[0];
      if (!noise) throw new Error('one session');
      await repository.putHeader({ ...noise.header, title: 'The pangolin report', updatedAt: 7 });
      expect(await found('pangolin')).not.toEqual([]);
      await found('deployment');
    } finally {
      count.mockRestore();
      spyGetAll.mockRestore();
    }
    expect(counted).toEqual([]);
    expect(wholeReads).toEqual([]);
    close();
  });
});

describe('HeaderTracker', () => {
  const header = (id: string, updatedAt = 1) =>
    ({ ...storedSession(id, `Session ${id}`, [user('x')], { updatedAt }).header }) as const;

  afterEach(() => vi.restoreAllMocks());

  it('takes the feed checkpoint before its full read, and asks the feed from there', async () => {
    const order: string[] = [];
    const asked: number[] = [];
    const tracker = new HeaderTracker({
      feedCheckpoint: async () => {
        order.push('checkpoint');
        return 41;
      },
      headers: async () => {
        order.push('headers');
        return [header('a'), header('b')];
      },
      headerChanges: async (since) => {
        asked.push(since);
        return { changed: [header('c')], gone: ['a'], checkpoint: 45 };
      },
    });
    expect([...(await tracker.current()).keys()]).toEqual(['a', 'b']);
    expect(order).toEqual(['checkpoint', 'headers']);
    expect([...(await tracker.current()).keys()].sort()).toEqual(['b', 'c']);
    await tracker.current();
    expect(asked).toEqual([41, 45]);
    expect(tracker.fullReads).toBe(1);
  });

  it('reads every header again when more changes came than that would cost', async () => {
    const limits: number[] = [];
    const tracker = new HeaderTracker({
      feedCheckpoint: async () => 1,
      headers: async () => [header('a')],
      headerChanges: async (_since, limit) => {
        limits.push(limit);
        return undefined;
      },
    });
    await tracker.current();
    await tracker.current();
    expect(tracker.fullReads).toBe(2);
    expect(limits).toEqual([FEED_READ_LIMIT]);
  });
});
