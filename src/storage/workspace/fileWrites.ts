/**
 * The file store's writes, each one transaction (runTransaction: any failure, a full
 * disk included, aborts all of it and rejects with the real error).
 *
 * Why the change-set machinery's stamps and feed, but not applyChangeSet: a commit is
 * already the unit a change set is (writes and their history, all or nothing), and sync
 * (issue 28) must replicate files and history like any record, so every commit begins a
 * ChangeRecorder, stamps each file and change it writes and lands in the change feed with
 * one seq, exactly as a change set does. The records themselves are written here rather
 * than as StoredRecords through applyChangeSet: a file is two records (listing and
 * contents) under one name, and a commit needs none of the session rules (deleted
 * sessions, parent links) applyChangeSet enforces.
 */
import type { FileChange, FileWrite, RootKey } from '../../core/workspace/fileStore';
import type { CommittedChangeSet } from '../backend';
import { ChangeRecorder } from '../changeRecorder';
import type { RecordSummary } from '../records';
import type { Stamp } from '../revision';
import type { BatonDb } from '../schema';
import {
  type BatonStoreName,
  type BatonTransaction,
  type RequestGroup,
  runTransaction,
} from '../transaction';
import { changeRecord, fileRecord, rootRange } from './workspaceRecordIds';

export const FILE_STORES = ['files', 'fileBodies', 'fileChanges', 'settings', 'stamps'] as const;

/** A transaction holding at least FILE_STORES. */
type FileTransaction = BatonTransaction<BatonStoreName[], 'readwrite'>;

export async function commitFiles(
  db: BatonDb,
  root: RootKey,
  writes: readonly FileWrite[],
  changes: readonly FileChange[],
  beforeCommit?: () => void,
): Promise<CommittedChangeSet | undefined> {
  if (writes.length === 0 && changes.length === 0) return undefined;
  return runTransaction(db, FILE_STORES, 'readwrite', async (tx, requests) => {
    const recorder = ChangeRecorder.begin(tx.objectStore('settings'), tx.objectStore('stamps'), requests);
    const putHistory = await writeFileRecords(tx, requests, recorder, { root, writes, changes });
    const committed = (await recorder).finish();
    putHistory(committed?.seq ?? 0);
    beforeCommit?.();
    return committed;
  });
}

/** One root's writes as writeFileRecords takes them. */
export interface FileRecordWrites {
  root: RootKey;
  writes: readonly FileWrite[];
  changes: readonly FileChange[];
  /** Changes to delete by id: a replica's tombstones (a root deleted on another device). */
  deletedChanges?: readonly string[];
  /** A replica's stamps by record id (fileRecord / changeRecord); records without one are this device's. */
  stamps?: ReadonlyMap<string, Stamp>;
}

/**
 * Writes one root's files and changes in `tx` (which holds FILE_STORES) and tells the
 * recorder of each; the caller finishes the recorder, then calls the function returned
 * with the commit's seq, which puts the changes in history (their order needs it). Sync's
 * replica writes a pull this way, in one transaction with the sessions' records.
 */
export async function writeFileRecords(
  tx: FileTransaction,
  requests: RequestGroup,
  beginning: ChangeRecorder | Promise<ChangeRecorder>,
  { root, writes, changes, deletedChanges = [], stamps }: FileRecordWrites,
): Promise<(seq: number) => void> {
  const files = tx.objectStore('files');
  const bodies = tx.objectStore('fileBodies');
  const history = tx.objectStore('fileChanges');
  const [recorder, earlier] = await Promise.all([
    beginning,
    // A change written before (a revert marks the change it undid) keeps its place in history.
    Promise.all(changes.map((change) => requests.add(history.get(change.id)))),
  ]);
  const stampOf = (record: RecordSummary) => stamps?.get(record.id);
  for (const write of writes) {
    const record = fileRecord(root, write.path);
    if ('delete' in write) {
      requests.add(files.delete([root, write.path]));
      requests.add(bodies.delete([root, write.path]));
      recorder.delete(record, stampOf(record));
    } else {
      // The record's own root and path are the commit's: a file can never land in another tree.
      requests.add(files.put({ ...write.meta, root, path: write.path }));
      requests.add(bodies.put({ root, path: write.path, body: write.body }));
      recorder.put(record, stampOf(record));
    }
  }
  for (const change of changes) {
    const record = changeRecord(root, change.id);
    recorder.put(record, stampOf(record));
  }
  for (const id of deletedChanges) {
    const record = changeRecord(root, id);
    requests.add(history.delete(id));
    recorder.delete(record, stampOf(record));
  }
  // Changes of one millisecond are ordered by their commit's seq, then their place in it.
  return (seq) =>
    changes.forEach((change, index) => {
      const order = earlier[index]?.order ?? [change.at, seq, index];
      requests.add(history.put({ root, order, change: structuredClone(change) }));
    });
}

/** Every file, body and change of one root, each leaving its stamp as a tombstone. */
export async function deleteRootRecords(db: BatonDb, root: RootKey): Promise<CommittedChangeSet | undefined> {
  return runTransaction(db, FILE_STORES, 'readwrite', async (tx, requests) => {
    const files = tx.objectStore('files');
    const history = tx.objectStore('fileChanges');
    const range = rootRange(root);
    const [recorder, fileKeys, changeIds] = await Promise.all([
      ChangeRecorder.begin(tx.objectStore('settings'), tx.objectStore('stamps'), requests),
      requests.add(files.getAllKeys(range)),
      requests.add(history.index('root').getAllKeys(range)),
    ]);
    requests.add(files.delete(range));
    requests.add(tx.objectStore('fileBodies').delete(range));
    for (const [, path] of fileKeys) recorder.delete(fileRecord(root, path));
    for (const id of changeIds) {
      requests.add(history.delete(id));
      recorder.delete(changeRecord(root, id));
    }
    return recorder.finish();
  });
}
