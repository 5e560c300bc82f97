/**
 * Issue 31, item 3: the search worker no longer reads every header before each query.
 * After its first full read it reads the headers updated since, those announced as
 * changed, and the count; a count that does not add up costs one full read.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { user } from '../../../testing/entryBuilders';
import { makeMessageEntry, uniqueDbName } from '../../../testing/fixtures/storageTestFixtures';
import { noiseSessions, recallChain, storedSession } from '../../../testing/recallFixtures';
import { openBatonDb } from '../schema';
import { sessionsTouchedBy } from '../sessionChanges';
import { SessionRepository } from '../sessionRepository';
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

    // An imported session keeps its old time: the count no longer adds up, so all are read.
    const imported = storedSession('old', 'Imported long ago', [user('A narwhal in the archive.')], {
      updatedAt: 10,
    });
    await repository.createSession(imported.header, imported.entries);
    expect(await found('narwhal')).toEqual([imported.entries[0]?.id]);
    expect(headerReads()).toBe(2);

    // A deleted session is dropped (fewer records than headers known: one full read).
    await repository.deleteSession('old');
    expect(await found('narwhal')).toEqual([]);
    expect(headerReads()).toBe(3);
    await found('narwhal');
    expect(headerReads()).toBe(3);
    close();
  });

  it('reads the headers of announced sessions, even when their time is not the newest', async () => {
    const { repository, engine, found, headerReads, close } = await setUp();
    repository.onChange((change) => engine.noteChanged(sessionsTouchedBy(change)));
    await found('billing');
    // Written with a time older than the newest header (another tab's clock, a sync): only the announcement tells.
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
});
