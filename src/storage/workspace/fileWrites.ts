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
import type { BatonDb } from '../schema';
import { runTransaction } from '../transaction';
import { changeRecord, fileRecord, rootRange } from './workspaceRecordIds';

const FILE_STORES = ['files', 'fileBodies', 'fileChanges', 'settings', 'stamps'] as const;

export async function commitFiles(
  db: BatonDb,
  root: RootKey,
  writes: readonly FileWrite[],
  changes: readonly FileChange[],
  beforeCommit?: () => void,
): Promise<CommittedChangeSet | undefined> {
  if (writes.length === 0 && changes.length === 0) return undefined;
  return runTransaction(db, FILE_STORES, 'readwrite', async (tx, requests) => {
    const files = tx.objectStore('files');
    const bodies = tx.objectStore('fileBodies');
    const history = tx.objectStore('fileChanges');
    const [recorder, earlier] = await Promise.all([
      ChangeRecorder.begin(tx.objectStore('settings'), tx.objectStore('stamps'), requests),
      // A change written before (a revert marks the change it undid) keeps its place in history.
      Promise.all(changes.map((change) => requests.add(history.get(change.id)))),
    ]);
    for (const write of writes) {
      if ('delete' in write) {
        requests.add(files.delete([root, write.path]));
        requests.add(bodies.delete([root, write.path]));
        recorder.delete(fileRecord(root, write.path));
      } else {
        // The record's own root and path are the commit's: a file can never land in another tree.
        requests.add(files.put({ ...write.meta, root, path: write.path }));
        requests.add(bodies.put({ root, path: write.path, body: write.body }));
        recorder.put(fileRecord(root, write.path));
      }
    }
    for (const change of changes) recorder.put(changeRecord(root, change.id));
    const committed = recorder.finish();
    // Changes of one millisecond are ordered by their commit's seq, then their place in it.
    const seq = committed?.seq ?? 0;
    changes.forEach((change, index) => {
      const order = earlier[index]?.order ?? [change.at, seq, index];
      requests.add(history.put({ root, order, change: structuredClone(change) }));
    });
    beforeCommit?.();
    return committed;
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
