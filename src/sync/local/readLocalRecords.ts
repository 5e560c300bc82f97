/**
 * LocalReplica.read: the records the feed names, as stored now, each with its current
 * stamp, all read in one transaction (a record and its stamp always agree). A record gone
 * with a stamp marked deleted reads as its tombstone; settings are never synced.
 */
import type { RecordKind, RecordSummary } from '../../storage/records';
import { asRevision, type Stamp, UNSTAMPED } from '../../storage/revision';
import type { BatonDb, StampRecord } from '../../storage/schema';
import { type BatonTransaction, type RequestGroup, runTransaction } from '../../storage/transaction';
import { rootOfRecord } from '../../storage/workspace/workspaceRecordIds';
import type { LocalRecord } from '../syncRecord';

const READ_STORES = [
  'stamps',
  'entries',
  'sessions',
  'attachments',
  'files',
  'fileBodies',
  'fileChanges',
] as const;

type ReadTransaction = BatonTransaction<typeof READ_STORES, 'readonly'>;

/** The stamps store's `record` index, in any transaction. */
export interface StampsByRecord {
  getAll(query: [RecordKind, string]): Promise<StampRecord[]>;
}

export function readLocalRecords(
  db: BatonDb,
  refs: readonly RecordSummary[],
): Promise<Array<LocalRecord | undefined>> {
  return runTransaction(db, READ_STORES, 'readonly', (tx, requests) =>
    Promise.all(refs.map((ref) => readOne(tx, requests, ref))),
  );
}

/** The newest stamp of a record (one per record, unless a damaged one moved between sessions). */
export async function newestStamp(
  byRecord: StampsByRecord,
  requests: RequestGroup,
  ref: { kind: RecordKind; id: string },
): Promise<StampRecord | undefined> {
  const matches = await requests.add(byRecord.getAll([ref.kind, ref.id]));
  return matches.reduce<StampRecord | undefined>((a, b) => (a && a.seq > b.seq ? a : b), undefined);
}

export function stampOf(stored: StampRecord | undefined): Stamp {
  return stored ? { device: String(stored.device), rev: asRevision(stored.rev) } : UNSTAMPED;
}

async function readOne(
  tx: ReadTransaction,
  requests: RequestGroup,
  ref: RecordSummary,
): Promise<LocalRecord | undefined> {
  const { kind, id } = ref;
  if (kind === 'setting') return undefined;
  const [stored, record] = await Promise.all([
    newestStamp(tx.objectStore('stamps').index('record'), requests, ref),
    readRecord(tx, requests, { ...ref, kind }, UNSTAMPED),
  ]);
  const stamp = stampOf(stored);
  if (record) return { ...record, stamp };
  if (stored?.deleted !== true) return undefined;
  if (kind === 'header') return { kind, id, sessionId: id, stamp, deleted: true };
  const sessionId = stored.sessionId || ref.sessionId;
  return { kind, id, ...(sessionId && { sessionId }), stamp, deleted: true };
}

/** The record as stored (with a placeholder stamp the caller replaces), or undefined if it is not. */
async function readRecord(
  tx: ReadTransaction,
  requests: RequestGroup,
  ref: RecordSummary & { kind: Exclude<RecordSummary['kind'], 'setting'> },
  stamp: Stamp,
): Promise<LocalRecord | undefined> {
  const { id } = ref;
  switch (ref.kind) {
    case 'entry': {
      const value = await requests.add(tx.objectStore('entries').get(id));
      return value && { kind: 'entry', id, sessionId: value.sessionId, stamp, value };
    }
    case 'header': {
      const value = await requests.add(tx.objectStore('sessions').get(id));
      return value && { kind: 'header', id, sessionId: id, stamp, value };
    }
    case 'attachment': {
      const stored = await requests.add(tx.objectStore('attachments').get(id));
      if (!stored) return undefined;
      const { data, ...value } = stored;
      return { kind: 'attachment', id, sessionId: stored.sessionId, stamp, value, data };
    }
    case 'file': {
      const root = rootOfRecord(ref);
      if (root === undefined) return undefined;
      const path = id.slice(root.length + 1);
      const [meta, body] = await Promise.all([
        requests.add(tx.objectStore('files').get([root, path])),
        requests.add(tx.objectStore('fileBodies').get([root, path])),
      ]);
      return meta && body && { kind: 'file', id, stamp, root, path, meta, body: body.body };
    }
    case 'fileChange': {
      const root = rootOfRecord(ref);
      if (root === undefined) return undefined;
      const stored = await requests.add(tx.objectStore('fileChanges').get(id.slice(root.length + 1)));
      return stored && { kind: 'fileChange', id, stamp, root, change: stored.change };
    }
  }
}
