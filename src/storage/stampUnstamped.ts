/**
 * Stamps every record stored before stamps existed (schema version 4 took none of them
 * into the change feed: they read as unstamped, revision 0). Sync (issue 28) pushes what
 * the feed lists, so before a device's first sync its older sessions, files and file
 * history are put in the feed here, with this device's stamp and a new revision, as if
 * written now. One transaction: all of them or none. Records already stamped are left
 * as they are, so running it again adds nothing.
 */
import type { CommittedChangeSet } from './backend';
import { ChangeRecorder } from './changeRecorder';
import { type RecordSummary, recordKey } from './records';
import type { BatonDb } from './schema';
import { runTransaction } from './transaction';
import { changeRecord, fileRecord } from './workspace/workspaceRecordIds';

export async function stampUnstamped(
  db: BatonDb,
): Promise<{ stamped: number; committed: CommittedChangeSet | undefined }> {
  let stamped = 0;
  const stores = [
    'sessions',
    'entries',
    'attachments',
    'files',
    'fileChanges',
    'settings',
    'stamps',
  ] as const;
  const committed = await runTransaction(db, [...stores], 'readwrite', async (tx, requests) => {
    // The record index's keys are [kind, id]: every stamped record, read without its stamp.
    const known = new Set<string>();
    let cursor = await requests.add(tx.objectStore('stamps').index('record').openKeyCursor());
    while (cursor) {
      const [kind, id] = cursor.key as [RecordSummary['kind'], string];
      known.add(recordKey({ kind, id }));
      cursor = await requests.add(cursor.continue());
    }
    const missing: RecordSummary[] = [];
    const consider = (summary: RecordSummary) => {
      if (!known.has(recordKey(summary))) missing.push(summary);
    };
    for (const id of await requests.add(tx.objectStore('sessions').getAllKeys()))
      consider({ kind: 'header', id, sessionId: id });
    for (const [kind, name] of [
      ['entry', 'entries'],
      ['attachment', 'attachments'],
    ] as const) {
      let owned = await requests.add(tx.objectStore(name).index('sessionId').openKeyCursor());
      while (owned) {
        consider({ kind, id: String(owned.primaryKey), sessionId: String(owned.key) });
        owned = await requests.add(owned.continue());
      }
    }
    for (const [root, path] of await requests.add(tx.objectStore('files').getAllKeys()))
      consider(fileRecord(root, path));
    let change = await requests.add(tx.objectStore('fileChanges').index('root').openKeyCursor());
    while (change) {
      const [root] = change.key as [string, unknown];
      consider(changeRecord(root, String(change.primaryKey)));
      change = await requests.add(change.continue());
    }
    stamped = missing.length;
    if (missing.length === 0) return undefined;
    const recorder = await ChangeRecorder.begin(
      tx.objectStore('settings'),
      tx.objectStore('stamps'),
      requests,
    );
    for (const summary of missing) recorder.put(summary);
    return recorder.finish();
  });
  return { stamped, committed };
}
