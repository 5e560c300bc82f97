/**
 * Writes that read what is stored and change it in the same transaction, so nothing
 * written between the read and the write is lost: marking cut-off replies interrupted,
 * removing orphans, rewriting everything without a forgotten key. Each is a change set
 * of its own, stamped and put in the change feed like any other.
 */
import { interruptIfStreaming, restoreEntry } from '../core/session/restoreRecords';
import type { SessionEntry } from '../core/types/entry';
import type { CommittedChangeSet } from './backend';
import { ChangeRecorder, DEVICE_ID_KEY, isBookkeepingKey } from './changeRecorder';
import type { RecordKind } from './records';
import type { BatonDb } from './schema';
import { runTransaction } from './transaction';

/**
 * Marks the entries in `fixes` interrupted. Re-reads each record inside the write
 * transaction and only marks it if it is still streaming, so a message finished by a
 * write that landed after our read is not clobbered. `fixes` is updated to what the
 * store now holds.
 */
export function markInterrupted(
  db: BatonDb,
  sessionId: string,
  fixes: Map<string, SessionEntry>,
): Promise<CommittedChangeSet | undefined> {
  return runTransaction(db, ['entries', 'settings', 'stamps'], 'readwrite', async (tx, requests) => {
    const store = tx.objectStore('entries');
    const ids = [...fixes.keys()];
    const [recorder, currents] = await Promise.all([
      ChangeRecorder.begin(tx.objectStore('settings'), tx.objectStore('stamps'), requests),
      Promise.all(ids.map((id) => requests.add(store.get(id)))),
    ]);
    ids.forEach((id, i) => {
      const restored = restoreEntry(currents[i], sessionId);
      if (!restored.ok) return; // Deleted or damaged meanwhile: keep our copy in memory only.
      const fixed = interruptIfStreaming(restored.value);
      if (fixed) {
        requests.add(store.put(fixed));
        recorder.put({ kind: 'entry', id, sessionId });
        fixes.set(id, fixed);
      } else {
        fixes.set(id, restored.value);
      }
    });
    return recorder.finish();
  });
}

/**
 * Deletes the records of `storeName` whose session has no header, in one transaction.
 * Walks the distinct session ids of the store's sessionId index, not every record:
 * one request per session, however many records (or bytes) each holds.
 */
export async function removeOrphans(
  db: BatonDb,
  storeName: 'entries' | 'attachments',
): Promise<{ removed: number; committed: CommittedChangeSet | undefined }> {
  const kind: RecordKind = storeName === 'entries' ? 'entry' : 'attachment';
  let removed = 0;
  const committed = await runTransaction(
    db,
    ['sessions', storeName, 'settings', 'stamps'],
    'readwrite',
    async (tx, requests) => {
      const sessions = tx.objectStore('sessions');
      const store = tx.objectStore(storeName);
      const index = store.index('sessionId');
      const owners: string[] = [];
      let cursor = await requests.add(index.openKeyCursor(null, 'nextunique'));
      while (cursor) {
        owners.push(String(cursor.key));
        cursor = await requests.add(cursor.continue());
      }
      const orphans: Array<{ id: string; sessionId: string }> = [];
      let device: unknown;
      for (const owner of owners) {
        if ((await requests.add(sessions.getKey(owner))) !== undefined) continue;
        device ??= await requests.add(tx.objectStore('settings').get(DEVICE_ID_KEY));
        const [keys, stamps] = await Promise.all([
          requests.add(index.getAllKeys(owner)),
          requests.add(tx.objectStore('stamps').getAll(IDBKeyRange.bound([owner], [owner, []]))),
        ]);
        // A record another device wrote came by sync (issue 28), and its session's header
        // may still be on its way (a pull can list a session's entries before its header,
        // which every message rewrites): it stays. Deleting it here would be a delete of
        // this device's, sent on to every other.
        const synced = new Set(
          stamps
            .filter((stamp) => stamp.kind === kind && stamp.device !== '' && stamp.device !== device)
            .map((stamp) => stamp.id),
        );
        for (const id of keys) {
          if (synced.has(id)) continue;
          requests.add(store.delete(id));
          orphans.push({ id, sessionId: owner });
        }
      }
      removed = orphans.length;
      if (orphans.length === 0) return undefined;
      const recorder = await ChangeRecorder.begin(
        tx.objectStore('settings'),
        tx.objectStore('stamps'),
        requests,
      );
      for (const orphan of orphans) recorder.delete({ kind, ...orphan });
      return recorder.finish();
    },
  );
  return { removed, committed };
}

/**
 * Every stored session header, entry and setting that `rewrite` changes (it returns the
 * new value, or undefined to leave one as it is), written back in one transaction: all
 * of it or none. For taking a forgotten key out of everything stored. Records are
 * passed as stored, unchecked; settings under `keep` (and storage's own bookkeeping)
 * are not offered. Attached files are neither read nor offered: they are bytes the
 * user chose to send, not text a key was typed into, and walking them would read every
 * file on the device.
 */
export async function rewriteEverything(
  db: BatonDb,
  rewrite: (store: 'sessions' | 'entries' | 'settings', value: unknown) => unknown,
  keep: readonly string[] = [],
): Promise<{ changed: number; committed: CommittedChangeSet | undefined }> {
  let changed = 0;
  const stores = ['sessions', 'entries', 'settings', 'stamps'] as const;
  const committed = await runTransaction(db, stores, 'readwrite', async (tx, requests) => {
    const recorder = await ChangeRecorder.begin(
      tx.objectStore('settings'),
      tx.objectStore('stamps'),
      requests,
    );
    for (const name of ['sessions', 'entries', 'settings'] as const) {
      let cursor = await requests.add(tx.objectStore(name).openCursor());
      while (cursor) {
        const key = String(cursor.key);
        const skip = name === 'settings' && (keep.includes(key) || isBookkeepingKey(key));
        const next = skip ? undefined : rewrite(name, cursor.value);
        if (next !== undefined) {
          requests.add(cursor.update(next as never)); // each store takes what it held
          changed += 1;
          recorder.put(summaryOfRewritten(name, key, next));
        }
        cursor = await requests.add(cursor.continue());
      }
    }
    return recorder.finish();
  });
  return { changed, committed };
}

function summaryOfRewritten(store: 'sessions' | 'entries' | 'settings', key: string, value: unknown) {
  if (store === 'settings') return { kind: 'setting' as const, id: key };
  if (store === 'sessions') return { kind: 'header' as const, id: key, sessionId: key };
  const owner = (value as { sessionId?: unknown }).sessionId;
  return { kind: 'entry' as const, id: key, ...(typeof owner === 'string' && { sessionId: owner }) };
}
