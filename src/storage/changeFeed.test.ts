/**
 * The change feed: every write (change sets, imports, repairs) in order, one change per
 * record at its latest, read in pages that end on a whole change set, resumable from the
 * checkpoint a reader kept.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeHeader, makeMessageEntry, uniqueDbName } from '../../testing/fixtures/storageTestFixtures';
import type { FeedChange } from './backend';
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

const ids = (changes: FeedChange[]) => changes.map((change) => `${change.seq}:${change.kind}:${change.id}`);

/** Every change after `since`, read `limit` at a time; the pages' sizes too. */
async function readAll(since: number, limit: number): Promise<{ changes: FeedChange[]; pages: number[] }> {
  const changes: FeedChange[] = [];
  const pages: number[] = [];
  let checkpoint = since;
  for (;;) {
    const page = await repo.changes(checkpoint, limit);
    if (page.changes.length === 0) return { changes, pages };
    changes.push(...page.changes);
    pages.push(page.changes.length);
    checkpoint = page.checkpoint;
  }
}

describe('changes', () => {
  it('lists the records of each change set in order, each record once, at its latest change', async () => {
    await repo.writeBatch({ headers: [makeHeader('s1')], entries: [makeMessageEntry('s1', 'e1', 1)] });
    await repo.writeBatch({ headers: [], entries: [makeMessageEntry('s1', 'e2', 2)] });
    await repo.writeBatch({ headers: [makeHeader('s1', { title: 'Renamed' })], entries: [] });
    const { changes, checkpoint } = await repo.changes();
    expect(ids(changes)).toEqual(['1:entry:e1', '2:entry:e2', '3:header:s1']);
    expect(checkpoint).toBe(3);
    expect(changes[0]).toMatchObject({ sessionId: 's1', deleted: false });
  });

  it('resumes after a checkpoint, and says where it stands when nothing is new', async () => {
    await repo.setSetting('a', 1);
    const first = await repo.changes();
    await repo.setSetting('b', 2);
    const next = await repo.changes(first.checkpoint);
    expect(ids(next.changes)).toEqual(['2:setting:b']);
    expect(await repo.changes(next.checkpoint)).toEqual({ changes: [], checkpoint: next.checkpoint });
  });

  it('ends every page on a whole change set, so a checkpoint never splits one', async () => {
    const entries = Array.from({ length: 5 }, (_, i) => makeMessageEntry('s1', `big-${i}`, i));
    await repo.setSetting('before', 1);
    await repo.writeBatch({ headers: [], entries });
    await repo.setSetting('after', 1);
    const { changes, pages } = await readAll(0, 3);
    expect(ids(changes)).toEqual([
      '1:setting:before',
      ...entries.map((entry) => `2:entry:${entry.id}`),
      '3:setting:after',
    ]);
    // The first page grows to hold change set 2 whole rather than stop inside it.
    expect(pages).toEqual([6, 1]);
  });

  it('holds imports, interrupted replies marked on load, key removal and orphan removal too', async () => {
    await importSessions(raw, [
      { header: makeHeader('imp'), entries: [makeMessageEntry('imp', 'i1', 1, { stopReason: 'streaming' })] },
    ]);
    await repo.loadEntries('imp'); // marks i1 interrupted and stores that
    await repo.rewriteEverything((store, value) =>
      store === 'sessions' ? { ...(value as object), title: 'x' } : undefined,
    );
    await raw.put('entries', makeMessageEntry('lost', 'o1', 1));
    await repo.removeOrphanEntries();
    const { changes } = await repo.changes();
    expect(ids(changes)).toEqual(['2:entry:i1', '3:header:imp', '4:entry:o1']);
    expect(changes.at(-1)?.deleted).toBe(true);
  });
});
