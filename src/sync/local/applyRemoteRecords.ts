/**
 * LocalReplica.applyRemote: what a pull brought, written in one transaction with the
 * stamps it came with (so the clock moves past them and a read gives them back: the
 * push that follows knows each for an echo). Session records go through the change-set
 * write (writeChangeSet), workspace files through the file store's (writeFileRecords), so
 * every rule of those holds here too.
 *
 * What is left out:
 * - a record whose stored stamp is newer or equal (already here, or superseded here);
 *   a header only when its stored stamp is newer, or equal with the same content (the
 *   merged HeaderDoc holds the local fields too, so an equal stamp can still bring a
 *   remote field that won);
 * - records of a deleted session, counted as refused: deletion wins over a later append
 *   or rename on another device (docs/sync.md), whether the session was deleted here
 *   before or by a header in this very call.
 */
import type { FileChange, FileWrite, RootKey } from '../../core/workspace/fileStore';
import { type ApplyTransaction, deletedIds, writeChangeSet } from '../../storage/applyChangeSet';
import type { CommittedChangeSet } from '../../storage/backend';
import { ChangeRecorder } from '../../storage/changeRecorder';
import { type RecordDeletion, recordKey, type StoredRecord } from '../../storage/records';
import { compareStamps, type Stamp } from '../../storage/revision';
import type { BatonDb } from '../../storage/schema';
import { DELETED_SESSIONS_KEY } from '../../storage/settingsKeys';
import { isStorageFull, storageFailureSentence } from '../../storage/storageFailure';
import { type RequestGroup, runTransaction } from '../../storage/transaction';
import { writeFileRecords } from '../../storage/workspace/fileWrites';
import { rootOfRecord } from '../../storage/workspace/workspaceRecordIds';
import { sessionHeaderOf } from '../couch/headerDoc';
import type { ApplyRemoteResult } from '../localReplica';
import { SyncError } from '../syncContract';
import { isTombstone, type SyncRecord } from '../syncRecord';
import { newestStamp, stampOf } from './readLocalRecords';

const ALL_STORES = [
  'sessions',
  'entries',
  'attachments',
  'settings',
  'stamps',
  'files',
  'fileBodies',
  'fileChanges',
] as const;

export interface ApplyRemoteOptions {
  /** Runs before the transaction commits; if it throws, nothing lands. Fault injection (tests) only. */
  beforeCommit?: () => void;
}

export interface AppliedRemote extends ApplyRemoteResult {
  /** What landed, for the other tabs; undefined when nothing did. */
  committed?: CommittedChangeSet;
}

/** One root's part of a pull. */
interface RootWrites {
  writes: FileWrite[];
  changes: FileChange[];
  deletedChanges: string[];
}

export async function applyRemoteRecords(
  db: BatonDb,
  records: readonly SyncRecord[],
  options: ApplyRemoteOptions = {},
): Promise<AppliedRemote> {
  if (records.length === 0) return { applied: 0, refused: 0 };
  try {
    return await runTransaction(db, ALL_STORES, 'readwrite', (tx, requests) =>
      // The transaction holds every store: typed as the change-set writes take it.
      writeAll(tx as unknown as ApplyTransaction, requests, records, options),
    );
  } catch (error) {
    if (isStorageFull(error))
      throw new SyncError(
        'quota-device',
        storageFailureSentence('what the server sent', error, 'Sync waits until there is room.'),
      );
    throw error;
  }
}

async function writeAll(
  tx: ApplyTransaction,
  requests: RequestGroup,
  records: readonly SyncRecord[],
  options: ApplyRemoteOptions,
): Promise<AppliedRemote> {
  const recorder = ChangeRecorder.begin(tx.objectStore('settings'), tx.objectStore('stamps'), requests);
  const byRecord = tx.objectStore('stamps').index('record');
  const [storedDeleted, stored, storedHeaders] = await Promise.all([
    requests.add(tx.objectStore('settings').get(DELETED_SESSIONS_KEY)),
    Promise.all(records.map((record) => newestStamp(byRecord, requests, record))),
    Promise.all(
      records.map((record) =>
        record.kind === 'header' ? requests.add(tx.objectStore('sessions').get(record.id)) : undefined,
      ),
    ),
  ]);
  const deletedBefore = new Set(deletedIds(storedDeleted));
  // Sessions a header in this call deletes: their records in this call are refused too.
  const deletedNow = new Set<string>();
  for (const record of records)
    if (record.kind === 'header' && record.header.deleted && !deletedBefore.has(record.id))
      deletedNow.add(record.id);
  const isDeleted = (sessionId: string | undefined) =>
    sessionId !== undefined && (deletedBefore.has(sessionId) || deletedNow.has(sessionId));

  const put: StoredRecord[] = [];
  const deletions: RecordDeletion[] = [];
  const roots = new Map<RootKey, RootWrites>();
  const fileStamps = new Map<string, Stamp>();
  const rootOf = (root: RootKey) => {
    const known = roots.get(root);
    if (known) return known;
    const writes: RootWrites = { writes: [], changes: [], deletedChanges: [] };
    roots.set(root, writes);
    return writes;
  };
  // The newest stamp seen of each record: stored, or earlier in this call.
  const newest = new Map<string, Stamp>();
  let applied = 0;
  let refused = 0;

  records.forEach((record, index) => {
    const key = recordKey(record);
    const known = newest.get(key) ?? (stored[index] ? stampOf(stored[index]) : undefined);
    if (record.kind === 'header' && !isTombstone(record)) {
      const { header } = record;
      // The header the merge gives, and its stamp: the newest of its fields' and its deletion's.
      const { value, stamp } = sessionHeaderOf(header);
      if (header.deleted) {
        // Deletion wins; a session deleted here already stays as it is.
        if (deletedNow.has(record.id) && !newest.has(key)) {
          deletions.push({ kind: 'header', id: record.id, stamp });
          newest.set(key, stamp);
          applied++;
        }
        return;
      }
      if (isDeleted(record.id)) {
        refused++;
        return;
      }
      const order = known ? compareStamps(known, stamp) : -1;
      const same = sameValue(storedHeaders[index], value);
      if (order > 0 || (order === 0 && same)) return;
      put.push({ kind: 'header', value, stamp });
      newest.set(key, stamp);
      applied++;
      return;
    }
    const stamp = (record as { stamp: Stamp }).stamp;
    const sessionId = 'sessionId' in record ? record.sessionId : undefined;
    if (isDeleted(sessionId)) {
      refused++;
      return;
    }
    if (known && compareStamps(known, stamp) >= 0) return;
    newest.set(key, stamp);
    applied++;
    if (isTombstone(record)) {
      if (record.kind === 'entry' || record.kind === 'attachment')
        deletions.push({ kind: record.kind, id: record.id, stamp });
      else {
        const root = rootOfRecord(record);
        if (root === undefined) return;
        const rest = record.id.slice(root.length + 1);
        fileStamps.set(record.id, stamp);
        if (record.kind === 'file') rootOf(root).writes.push({ path: rest, delete: true });
        else rootOf(root).deletedChanges.push(rest);
      }
      return;
    }
    switch (record.kind) {
      case 'entry':
        put.push({ kind: 'entry', value: record.value, stamp });
        return;
      case 'attachment':
        put.push({ kind: 'attachment', value: { ...record.value, data: record.data }, stamp });
        return;
      case 'file':
        fileStamps.set(record.id, stamp);
        rootOf(record.root).writes.push({ path: record.path, meta: record.meta, body: record.body });
        return;
      case 'fileChange':
        fileStamps.set(record.id, stamp);
        rootOf(record.root).changes.push(record.change);
        return;
    }
  });

  await writeChangeSet(tx, requests, recorder, { put, delete: deletions }, false);
  const histories: Array<(seq: number) => void> = [];
  for (const [root, writes] of roots)
    histories.push(await writeFileRecords(tx, requests, recorder, { root, ...writes, stamps: fileStamps }));
  const committed = (await recorder).finish();
  for (const putHistory of histories) putHistory(committed?.seq ?? 0);
  options.beforeCommit?.();
  return { applied, refused, ...(committed && { committed }) };
}

/** Deep equality of plain JSON-like values, whatever the order of their keys. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const bKeys = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  if (aKeys.length !== bKeys.length) return false;
  // Both are objects (or both arrays), read field by field.
  return aKeys.every((key) =>
    sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
