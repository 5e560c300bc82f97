/**
 * The app's database as the bare baseline reaches it: opened through the app's own
 * schema (so the layout is the same) and used through the plain IndexedDB API.
 * Nothing of the SDK here: the P3 baseline page loads this alone.
 */
import { unwrap } from 'idb';
import type { HandoffSwitchRecords } from '../../src/core/handoff/handoffSwitch';
import { openBatonDb } from '../../src/storage/schema';
import { ACTIVE_SESSION_KEY } from '../lib/appContract';

export interface Timed {
  start: number;
  end: number;
}

let opened: Promise<IDBDatabase> | undefined;

/** The app's database, opened (and created with the app's schema) once per page. */
export function database(): Promise<IDBDatabase> {
  opened ??= openBatonDb().then((db) => unwrap(db));
  return opened;
}

export function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('transaction aborted'));
  });
}

/**
 * Puts what a handoff switch stores (buildHandoffSwitch's records, the very ones the app
 * commits: both headers, the handoff entry, the active-session setting) in one readwrite
 * transaction; resolves once it has completed.
 */
export function putHandoffRecords(db: IDBDatabase, records: HandoffSwitchRecords): Promise<void> {
  const tx = db.transaction(['sessions', 'entries', 'settings'], 'readwrite');
  tx.objectStore('sessions').put(records.parent);
  tx.objectStore('sessions').put(records.child);
  tx.objectStore('entries').put(records.handoffEntry);
  tx.objectStore('settings').put(records.activeSessionId, ACTIVE_SESSION_KEY);
  return done(tx);
}

export function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * A session's newest `limit` entries, newest first: a `prev` cursor over the
 * `sessionId_timestamp` index, bounded to the session, stopped after `limit` values.
 * P4's baseline, and the second half of P3's.
 */
export function newestEntries(tx: IDBTransaction, sessionId: string, limit: number): Promise<unknown[]> {
  const range = IDBKeyRange.bound([sessionId, -Infinity], [sessionId, Infinity]);
  const request = tx.objectStore('entries').index('sessionId_timestamp').openCursor(range, 'prev');
  return new Promise((resolve, reject) => {
    const out: unknown[] = [];
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor || out.length >= limit) {
        resolve(out);
        return;
      }
      out.push(cursor.value);
      cursor.continue();
    };
  });
}

export interface ColdStartRead extends Timed {
  /** Headers read. */
  count: number;
  /** The open session's entries read. */
  entries: number;
  sessionId: string | null;
}

/**
 * P3's baseline: the least a cold start must read before its first paint. From opening
 * the database: every session header (`getAll` on `sessions`) and the active session's
 * id, in one read transaction, then that session's newest `limit` entries as P4's
 * baseline reads them. No sorting, no checking, nothing rendered.
 */
export async function readColdStart(limit: number): Promise<ColdStartRead> {
  const start = performance.now();
  const db = await database();
  const tx = db.transaction(['sessions', 'settings', 'entries'], 'readonly');
  const [headers, active] = await Promise.all([
    result(tx.objectStore('sessions').getAll()),
    result<unknown>(tx.objectStore('settings').get(ACTIVE_SESSION_KEY)),
  ]);
  const sessionId = typeof active === 'string' ? active : null;
  const entries = sessionId === null ? [] : await newestEntries(tx, sessionId, limit);
  return { start, end: performance.now(), count: headers.length, entries: entries.length, sessionId };
}

/** Every session header (getAll on 'sessions'), from opening the database: P3's baseline before issue 14. */
export async function readHeaders(): Promise<Timed & { count: number }> {
  const start = performance.now();
  const db = await database();
  const headers = await result(db.transaction('sessions', 'readonly').objectStore('sessions').getAll());
  return { start, end: performance.now(), count: headers.length };
}
