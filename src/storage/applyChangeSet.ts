/**
 * A change set written to IndexedDB in one transaction: its puts (less the records of
 * sessions deleted meanwhile), then its deletes, then every stamp. Any failure aborts
 * all of it (see runTransaction).
 */
import { restoreHeader } from '../core/session/restoreRecords';
import type { SessionHeader } from '../core/types/entry';
import type { ApplyOptions, ApplyResult, CommittedChangeSet } from './backend';
import { ChangeRecorder } from './changeRecorder';
import {
  type ChangeSet,
  type RecordDeletion,
  STORE_OF_KIND,
  type StoredRecord,
  sessionOf,
  summaryOf,
} from './records';
import type { BatonDb } from './schema';
import { DELETED_SESSIONS_KEY } from './settingsKeys';
import { type BatonStoreName, type BatonTransaction, type RequestGroup, runTransaction } from './transaction';

export type ApplyTransaction = BatonTransaction<BatonStoreName[], 'readwrite'>;

export async function applyChangeSet(
  db: BatonDb,
  changeSet: ChangeSet,
  options: ApplyOptions = {},
): Promise<ApplyResult> {
  const deletions = changeSet.delete ?? [];
  if (changeSet.put.length === 0 && deletions.length === 0) return { refusedSessionIds: [] };
  let refused: Set<string> = new Set();
  let committed: CommittedChangeSet | undefined;

  await runTransaction(db, [...changeSetStores(changeSet)], 'readwrite', async (tx, requests) => {
    // Begun, not awaited: the recorder's reads and the deleted list's go out together.
    const recorder = ChangeRecorder.begin(tx.objectStore('settings'), tx.objectStore('stamps'), requests);
    refused = await writeChangeSet(tx, requests, recorder, changeSet, options.addOnly === true);
    committed = (await recorder).finish();
    options.beforeCommit?.();
  });
  return { refusedSessionIds: [...refused], ...(committed && { committed }) };
}

/** The stores a change set writes (settings and stamps always: the clock and the feed). */
export function changeSetStores(changeSet: ChangeSet): Set<BatonStoreName> {
  const stores = new Set<BatonStoreName>(['settings', 'stamps']);
  for (const record of changeSet.put) stores.add(STORE_OF_KIND[record.kind]);
  for (const deletion of changeSet.delete ?? []) {
    if (deletion.kind !== 'header') stores.add(STORE_OF_KIND[deletion.kind]);
    // A session goes whole: its entries, its files and the link from its parent.
    else for (const store of ['sessions', 'entries', 'attachments'] as const) stores.add(store);
  }
  return stores;
}

/**
 * Writes a change set's records in `tx` (which holds changeSetStores) and tells
 * `recorder` of each; the caller finishes the recorder. Sync's replica writes a pull
 * this way, in one transaction with its workspace files. Returns the deleted sessions
 * whose records were left out.
 */
export async function writeChangeSet(
  tx: ApplyTransaction,
  requests: RequestGroup,
  beginning: ChangeRecorder | Promise<ChangeRecorder>,
  changeSet: ChangeSet,
  addOnly: boolean,
): Promise<Set<string>> {
  const refused = new Set<string>();
  const [recorder, storedDeleted] = await Promise.all([
    beginning,
    requests.add(tx.objectStore('settings').get(DELETED_SESSIONS_KEY)),
  ]);
  const deleted = new Set(deletedIds(storedDeleted));
  for (const record of changeSet.put) {
    const sessionId = sessionOf(record);
    if (sessionId !== undefined && deleted.has(sessionId)) {
      refused.add(sessionId);
      continue;
    }
    requests.add(write(tx, record, addOnly));
    recorder.put(summaryOf(record), record.stamp);
  }
  for (const deletion of changeSet.delete ?? []) {
    if (deletion.kind === 'header') {
      await deleteSession(tx, requests, recorder, deletion, deleted);
    } else {
      await deleteRecord(tx, requests, recorder, deletion);
    }
  }
  return refused;
}

function write(tx: ApplyTransaction, record: StoredRecord, add: boolean): Promise<unknown> {
  switch (record.kind) {
    case 'entry': {
      const store = tx.objectStore('entries');
      return add ? store.add(record.value) : store.put(record.value);
    }
    case 'header': {
      const store = tx.objectStore('sessions');
      return add ? store.add(record.value) : store.put(record.value);
    }
    case 'attachment': {
      const store = tx.objectStore('attachments');
      return add ? store.add(record.value) : store.put(record.value);
    }
    case 'setting': {
      const store = tx.objectStore('settings');
      return add ? store.add(record.value, record.key) : store.put(record.value, record.key);
    }
  }
}

/** One entry, file or setting; its stamp becomes its tombstone (under its session, read first). */
async function deleteRecord(
  tx: ApplyTransaction,
  requests: RequestGroup,
  recorder: ChangeRecorder,
  deletion: RecordDeletion,
): Promise<void> {
  const { kind, id } = deletion;
  let sessionId: string | undefined;
  if (kind === 'entry' || kind === 'attachment') {
    const stored: unknown = await requests.add(tx.objectStore(STORE_OF_KIND[kind]).get(id));
    const owner =
      typeof stored === 'object' && stored !== null
        ? (stored as { sessionId?: unknown }).sessionId
        : undefined;
    if (typeof owner === 'string') sessionId = owner;
  }
  requests.add(tx.objectStore(STORE_OF_KIND[kind]).delete(id));
  recorder.delete({ kind, id, ...(sessionId !== undefined && { sessionId }) }, deletion.stamp);
}

/**
 * Removes the header, every entry, every attached file and the link from the parent's
 * `children`. Sessions handed off from this one keep their `parentSession`: lineage is
 * history, and the UI shows the parent as missing. The id joins the deleted list, so a
 * tab still writing into the session can neither leave orphans nor bring it back.
 */
async function deleteSession(
  tx: ApplyTransaction,
  requests: RequestGroup,
  recorder: ChangeRecorder,
  deletion: RecordDeletion,
  deleted: Set<string>,
): Promise<void> {
  const { id } = deletion;
  const sessions = tx.objectStore('sessions');
  const entries = tx.objectStore('entries');
  const attachments = tx.objectStore('attachments');
  if (!deleted.has(id)) {
    deleted.add(id);
    requests.add(tx.objectStore('settings').put([...deleted], DELETED_SESSIONS_KEY));
    recorder.put({ kind: 'setting', id: DELETED_SESSIONS_KEY });
  }
  const [raw, entryKeys, fileKeys] = await Promise.all([
    requests.add(sessions.get(id)),
    requests.add(entries.index('sessionId').getAllKeys(id)),
    requests.add(attachments.index('sessionId').getAllKeys(id)),
  ]);
  for (const key of entryKeys) requests.add(entries.delete(key));
  // The session's files go with it, in the same transaction: none is left behind.
  for (const key of fileKeys) requests.add(attachments.delete(key));
  requests.add(sessions.delete(id));
  recorder.sessionDeleted(id, deletion.stamp);

  const restored = raw === undefined ? undefined : restoreHeader(raw);
  const parentId = restored?.ok ? restored.value.parentSession : undefined;
  if (parentId === undefined) return;
  // The parent is written back as stored, bar the one link, so nothing else of it changes.
  const parent: unknown = await requests.add(sessions.get(parentId));
  if (!isHeaderWithChildren(parent) || !parent.children.includes(id)) return;
  requests.add(sessions.put({ ...parent, children: parent.children.filter((child) => child !== id) }));
  recorder.put({ kind: 'header', id: parentId, sessionId: parentId });
}

/** The stored list of deleted session ids, whatever was stored under its key. */
export function deletedIds(stored: unknown): string[] {
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
}

export function isHeaderWithChildren(value: unknown): value is SessionHeader {
  // Only `children` is read and extended; the rest is written back as it was.
  return (
    typeof value === 'object' && value !== null && Array.isArray((value as { children?: unknown }).children)
  );
}
