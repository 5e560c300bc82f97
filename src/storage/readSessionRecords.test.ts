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

  it('reads timestamps of every other key type, and none of the next session', async () => {
    const records = [
      makeMessageEntry('s', 'number', 1_000),
      { ...makeMessageEntry('s', 'date', 0), timestamp: new Date(5) },
      { ...makeMessageEntry('s', 'array', 0), timestamp: [1, 2] },
      makeMessageEntry('s\u0000', 'next-session', 1_000),
      makeMessageEntry('sa', 'other', 1_000),
    ];
    await put(records);

    expect(ids(await readSessionRecords(db, 's'))).toEqual(['array', 'date', 'number']);
  });

  /**
   * Issue 31: counting a session (or reading it whole by its sessionId index) walks every
   * record again; on a 100,000-entry session that kept IndexedDB busy for seconds after
   * the paint. Only the timestamp index, in bounded pages, may be asked.
   */
  it('never counts the session nor reads it whole a second time', async () => {
    const entries = Array.from({ length: RECORDS_PER_PAGE + 5 }, (_, i) => makeMessageEntry('s', `e${i}`, i));
    await put(entries);
    const asked: string[] = [];
    const proto = IDBIndex.prototype;
    const originals = {
      count: proto.count,
      getAll: proto.getAll,
      getAllKeys: proto.getAllKeys,
      openCursor: proto.openCursor,
    };
    for (const name of ['count', 'getAll', 'getAllKeys', 'openCursor'] as const) {
      Object.defineProperty(proto, name, {
        configurable: true,
        writable: true,
        value(this: IDBIndex, ...args: unknown[]) {
          asked.push(`${this.name}.${name}`);
          return (originals[name] as (...a: unknown[]) => unknown).apply(this, args);
        },
      });
    }
    try {
      expect(await readSessionRecords(db, 's')).toHaveLength(entries.length);
    } finally {
      for (const [name, value] of Object.entries(originals)) {
        Object.defineProperty(proto, name, { configurable: true, writable: true, value });
      }
    }
    expect(asked).not.toContain('sessionId.count');
    expect(asked.filter((call) => call.startsWith('sessionId.'))).toEqual([]);
    // Two pages and the bounded read of non-number timestamps.
    expect(asked).toEqual([
      'sessionId_timestamp.getAll',
      'sessionId_timestamp.getAll',
      'sessionId_timestamp.getAll',
    ]);
  });
});
