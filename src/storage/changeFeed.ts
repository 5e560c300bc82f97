/**
 * Reading the change feed: the stamps store in `seq` order. Each record appears once,
 * at the change set that last wrote or deleted it, as in CouchDB's `_changes`; a reader
 * that keeps the last `seq` it handled (its checkpoint) resumes there after a crash.
 */
import type { ChangesPage, FeedChange } from './backend';
import type { RecordRef } from './records';
import { asRevision, type Stamp, UNSTAMPED } from './revision';
import type { BatonDb, StampRecord } from './schema';

/** Changes per page when the reader does not say. */
export const CHANGES_PER_PAGE = 1000;

/**
 * About `limit` changes after `since`. A page always ends with a whole change set (it
 * runs over `limit` when one change set is larger): its changes share one `seq`, so a
 * checkpoint inside one could not say which of them were read.
 */
export async function readChanges(db: BatonDb, since = 0, limit = CHANGES_PER_PAGE): Promise<ChangesPage> {
  const index = db.transaction('stamps', 'readonly').store.index('seq');
  const max = Math.max(1, limit);
  let stored = await index.getAll(IDBKeyRange.lowerBound(since, true), max);
  const last = stored.at(-1)?.seq;
  if (last !== undefined && stored.length === max) {
    const whole = await index.getAll(IDBKeyRange.only(last));
    stored = [...stored.filter((record) => record.seq < last), ...whole];
  }
  const changes = stored.map(feedChange);
  return { changes, checkpoint: last ?? since };
}

export async function readStamps(db: BatonDb, refs: readonly RecordRef[]): Promise<Stamp[]> {
  const tx = db.transaction('stamps', 'readonly');
  const byRecord = tx.store.index('record');
  const stored = await Promise.all(refs.map((ref) => byRecord.getAll([ref.kind, ref.id])));
  return stored.map((matches) => {
    // One stamp per record, unless a damaged record once moved between sessions: the newest counts.
    const newest = matches.reduce<StampRecord | undefined>((a, b) => (a && a.seq > b.seq ? a : b), undefined);
    return newest ? { device: String(newest.device), rev: asRevision(newest.rev) } : UNSTAMPED;
  });
}

function feedChange(record: StampRecord): FeedChange {
  return {
    seq: record.seq,
    kind: record.kind,
    id: record.id,
    ...(record.sessionId !== '' && { sessionId: record.sessionId }),
    device: record.device,
    rev: record.rev,
    deleted: record.deleted === true,
  };
}
