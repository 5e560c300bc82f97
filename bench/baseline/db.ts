/**
 * The app's database as the bare baseline reaches it: opened through the app's own
 * schema (so the layout is the same) and used through the plain IndexedDB API.
 * Nothing of the SDK here: the P3 baseline page loads this alone.
 */
import { unwrap } from 'idb';
import { openBatonDb } from '../../src/storage/schema';

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

export function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** P3's baseline: every session header (getAll on 'sessions'), from opening the database. */
export async function readHeaders(): Promise<Timed & { count: number }> {
  const start = performance.now();
  const db = await database();
  const headers = await result(db.transaction('sessions', 'readonly').objectStore('sessions').getAll());
  return { start, end: performance.now(), count: headers.length };
}
