/**
 * Reads every stored record of one session in pages, oldest first. One getAll over a
 * session of 100,000 entries hands the page a single result that takes hundreds of
 * milliseconds to unpack on the main thread; pages arrive as separate tasks, so the
 * page keeps painting and answering input while a long session loads.
 *
 * Nothing here walks the whole session a second time: counting it (to learn whether the
 * timestamp index missed records) kept IndexedDB busy for seconds after a 100,000-entry
 * session was painted (issue 31, bench P4's storageIdleAfterClickMs). Records whose
 * timestamp is a key of another type (a string, a date) sit in the same index after the
 * numbers and are read by one bounded request whose cost follows their number. A record
 * whose timestamp is no key at all (missing, NaN) is absent from the index; Baton never
 * writes one (entries get Date.now(), imports and synced records pass restoreEntry), so
 * only an edit by hand makes one, and restoreEntry would skip it with a problem anyway.
 */
import type { BatonDb } from './schema';

/** Records per request: big enough that requests stay few, small enough that each unpacks in a few ms. */
export const RECORDS_PER_PAGE = 2000;

export async function readSessionRecords(db: BatonDb, sessionId: string): Promise<unknown[]> {
  const tx = db.transaction('entries', 'readonly');
  const byTime = tx.store.index('sessionId_timestamp');
  const upper: [string, number] = [sessionId, Infinity];
  const records: unknown[] = [];
  const seen = new Set<unknown>();
  const take = (page: unknown[]) => {
    for (const record of page) {
      const id = idOf(record);
      if (seen.has(id)) continue;
      seen.add(id);
      records.push(record);
    }
  };

  // Each page starts at the last page's final timestamp, inclusive (ties continue there;
  // `seen` drops the repeats). A page all of one timestamp would never move on, so that
  // millisecond is read whole and the next page starts after it.
  let from: [string, number] = [sessionId, -Infinity];
  let fromOpen = false;
  for (;;) {
    const page: unknown[] = await byTime.getAll(IDBKeyRange.bound(from, upper, fromOpen), RECORDS_PER_PAGE);
    take(page);
    if (page.length < RECORDS_PER_PAGE) break;
    const last = timestampOf(page.at(-1));
    if (!fromOpen && last === from[1]) {
      take(await byTime.getAll(IDBKeyRange.only([sessionId, last])));
      fromOpen = true;
    } else {
      fromOpen = false;
    }
    from = [sessionId, last];
  }

  // Timestamps that are keys but not numbers (Date < String < Binary < Array in key
  // order) follow the numbers, before the next session id: read them too, so the
  // restore step can report them.
  take(await byTime.getAll(IDBKeyRange.bound(upper, [`${sessionId}\u0000`], true, true)));
  return records;
}

function idOf(record: unknown): unknown {
  return typeof record === 'object' && record !== null ? (record as { id?: unknown }).id : undefined;
}

function timestampOf(record: unknown): number {
  // Every record in the timestamp index has a numeric timestamp: that is its key.
  return (record as { timestamp: number }).timestamp;
}
