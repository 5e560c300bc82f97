import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../../testing/entryBuilders';
import { uniqueDbName } from '../../../testing/fixtures/storageTestFixtures';
import { noiseSessions, PLANTED_ENTRY_ID, recallChain, storedSession } from '../../../testing/recallFixtures';
import { openBatonDb } from '../schema';
import { SessionRepository } from '../sessionRepository';
import { indexedDbIndexStore } from './indexedDbIndexStore';
import { repositorySource } from './repositorySource';
import { SearchEngine } from './searchEngine';

async function seeded(name: string) {
  const repository = await SessionRepository.open(name);
  for (const { header, entries } of [...recallChain(), ...noiseSessions(10)])
    await repository.createSession(header, entries);
  return repository;
}

async function engineOver(name: string) {
  const db = await openBatonDb(name);
  const repository = new SessionRepository(db);
  let reads = 0;
  const source = repositorySource(repository, db);
  const engine = new SearchEngine(
    {
      ...source,
      entries: (id) => {
        reads++;
        return source.entries(id);
      },
    },
    indexedDbIndexStore(db),
  );
  return { engine, reads: () => reads, close: () => db.close() };
}

describe('SearchEngine', () => {
  it('saves the index with what it covers; a reload adds only the entries written since', async () => {
    const name = uniqueDbName();
    const repository = await seeded(name);

    const first = await engineOver(name);
    const builtWith = await first.engine.catchUp();
    expect(builtWith).toBeGreaterThan(30);
    expect(first.reads()).toBe(13);
    first.close();

    // Written after the save: one new session and one more message in an old one.
    const extra = storedSession('late', 'Late work', [user('A zebra crossing on the deployment path.')]);
    await repository.createSession(extra.header, extra.entries);
    const [gp] = recallChain();
    if (!gp) throw new Error('the chain has a grandparent');
    const added = storedSession('gp', gp.header.title, [
      ...gp.entries.map(() => assistant(['placeholder'])),
      assistant(['The zebra fix went out with the release.']),
    ]).entries.at(-1);
    if (!added) throw new Error('one entry added');
    const last = gp.entries.at(-1);
    await repository.writeBatch({
      entries: [{ ...added, parentId: last?.id ?? null }],
      headers: [{ ...gp.header, leafId: added.id, updatedAt: gp.header.updatedAt + 1 }],
    });

    const second = await engineOver(name);
    expect(await second.engine.catchUp()).toBe(2);
    // Only the two sessions that changed were read again.
    expect(second.reads()).toBe(2);
    const hits = await second.engine.search({ query: 'zebra', limit: 5 });
    expect(hits.map((hit) => hit.id).sort()).toEqual([added.id, extra.entries[0]?.id].sort());
    expect((await second.engine.search({ query: 'deploying billing', limit: 3 })).map((h) => h.id)).toContain(
      PLANTED_ENTRY_ID,
    );
    // Caught up: nothing more to add.
    expect(await second.engine.catchUp()).toBe(0);
    second.close();
    repository.close();
  });

  it('saves no copy of the text: a hit reads it back from the stored entry', async () => {
    const name = uniqueDbName();
    const repository = await seeded(name);
    const db = await openBatonDb(name);
    let saved = '';
    const engine = new SearchEngine(repositorySource(new SessionRepository(db), db), {
      load: async () => undefined,
      save: async (index) => {
        saved = JSON.stringify(index);
      },
    });
    const [hit] = await engine.search({ query: 'deploying billing', limit: 1 });
    expect(hit?.id).toBe(PLANTED_ENTRY_ID);
    // The planted passage is long; none of its sentences is in the saved index.
    const planted = hit?.text ?? '';
    expect(planted.length).toBeGreaterThan(40);
    for (const line of planted.split(/[.\n]/).filter((part) => part.trim().length > 20))
      expect(saved).not.toContain(line.trim());
    expect(saved.length).toBeGreaterThan(0);
    db.close();
    repository.close();
  });

  it('drops a deleted session from the index', async () => {
    const name = uniqueDbName();
    const repository = await seeded(name);
    const engine = await engineOver(name);
    const ofGrandparent = async () =>
      (await engine.engine.search({ query: 'billing release', limit: 50 })).filter(
        (hit) => hit.sessionId === 'gp',
      );
    expect((await ofGrandparent()).length).toBeGreaterThan(0);
    await repository.deleteSession('gp');
    expect(await ofGrandparent()).toEqual([]);
    engine.close();
    repository.close();
  });

  it('finds sessions by title', async () => {
    const name = uniqueDbName();
    const repository = await seeded(name);
    const engine = await engineOver(name);
    const hits = await engine.engine.search({ query: 'other work', kinds: new Set(['title']), limit: 50 });
    expect(hits).toHaveLength(10);
    expect(hits.every((hit) => hit.kind === 'title')).toBe(true);
    engine.close();
    repository.close();
  });

  it('rebuilds an index saved in an earlier format (MiniSearch JSON) instead of reading it', async () => {
    const name = uniqueDbName();
    const repository = await seeded(name);
    const db = await openBatonDb(name);
    const covered = Object.fromEntries(
      [...recallChain(), ...noiseSessions(10)].map(({ header }) => [
        header.id,
        { updatedAt: header.updatedAt, entries: {} },
      ]),
    );
    const engine = new SearchEngine(repositorySource(new SessionRepository(db), db), {
      // What INDEX_FORMAT 2 saved: MiniSearch's plain object, and every session marked as covered.
      load: async () => ({ format: 2, index: { documentCount: 0, index: [] } as never, covered }),
      save: async () => undefined,
    });
    expect(await engine.catchUp()).toBeGreaterThan(30);
    expect((await engine.search({ query: 'deploying billing', limit: 3 })).map((h) => h.id)).toContain(
      PLANTED_ENTRY_ID,
    );
    db.close();
    repository.close();
  });
});
