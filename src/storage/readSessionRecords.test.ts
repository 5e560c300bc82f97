import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeMessageEntry, uniqueDbName } from '../../testing/fixtures/storageTestFixtures';
import { RECORDS_PER_PAGE, readSessionRecords } from './readSessionRecords';
import { type BatonDb, openBatonDb } from './schema';

let db: BatonDb;

beforeEach(async () => {
  db = await openBatonDb(uniqueDbName());
});

afterEach(() => db.close());

async function put(records: unknown[]): Promise<void> {
  const tx = db.transaction('entries', 'readwrite');
  // Some records are deliberately damaged (no timestamp).
  for (const record of records) void tx.store.put(record as never);
  await tx.done;
}

const ids = (records: unknown[]) => records.map((record) => (record as { id: string }).id).sort();

/**
 * Time order shows the pages were used: the whole-session fallback returns id order,
 * which these ids (e0, e1, e10, …; after, before, t0, …) do not share.
 */
function expectTimeOrder(records: unknown[]): void {
  const times = records.map((record) => (record as { timestamp: number }).timestamp);
  expect(times).toEqual([...times].sort((a, b) => a - b));
}

describe('readSessionRecords', () => {
  it('reads a session spread over several pages whole, once each, oldest first', async () => {
    const count = RECORDS_PER_PAGE * 2 + 17;
    const entries = Array.from({ length: count }, (_, i) => makeMessageEntry('s', `e${i}`, 1_000 + i));
    await put([...entries, makeMessageEntry('other', 'x', 1_500)]);

    const records = await readSessionRecords(db, 's');
    expect(records).toHaveLength(count);
    expect(ids(records)).toEqual(ids(entries));
    expectTimeOrder(records);
  });

  it('does not stall or drop entries when more than a page share one millisecond', async () => {
    const tied = Array.from({ length: RECORDS_PER_PAGE + 300 }, (_, i) =>
      makeMessageEntry('s', `t${i}`, 2_000),
    );
    const around = [makeMessageEntry('s', 'before', 1_000), makeMessageEntry('s', 'after', 3_000)];
    await put([...tied, ...around]);

    const records = await readSessionRecords(db, 's');
    expect(ids(records)).toEqual(ids([...tied, ...around]));
    expectTimeOrder(records);
  });

  it('still returns records the timestamp index cannot see', async () => {
    const good = makeMessageEntry('s', 'good', 1_000);
    const damaged = { ...makeMessageEntry('s', 'damaged', 0), timestamp: 'yesterday' };
    await put([good, damaged]);

    expect(ids(await readSessionRecords(db, 's'))).toEqual(['damaged', 'good']);
  });
});
