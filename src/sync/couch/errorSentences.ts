/**
 * The sentences a stopped sync shows (issue 28): each says what went wrong and what to
 * do about it, in the user's words. One place, so the client, connect and the replicator
 * say the same thing for the same fault.
 */
import { SyncError } from '../syncContract';
import type { SyncErrorKind } from '../syncStatus';

export function unreachable(url: string): SyncError {
  return new SyncError(
    'unreachable',
    `The sync server at ${originOf(url)} does not answer. Check the Database URL and your connection; changes wait on this device.`,
  );
}

export function corsBlocked(url: string, pageOrigin: string): SyncError {
  return new SyncError(
    'cors',
    `The sync server at ${originOf(url)} answers but does not allow this page (CORS is not enabled). On CouchDB set [chttpd] enable_cors = true and in [cors] origins = ${pageOrigin}, credentials = true (see docs/sync.md).`,
  );
}

export const SENTENCES: Record<Exclude<SyncErrorKind, 'unreachable' | 'cors' | 'passphrase'>, string> = {
  unauthorized:
    'The sync server refused the username or password. Check them in Settings, Sync, and start sync again.',
  forbidden:
    'This user may not read or write the sync database. Give the user access to it on the server, or use another database.',
  'missing-database':
    'The sync database does not exist and this user may not create it. Create it on the server (see docs/sync.md), or check the Database URL.',
  'quota-server':
    'The sync server refuses more data: its quota or disk is full. Free space on the server or raise its limits; changes wait on this device.',
  'quota-device':
    'This device has no storage left for what the server sent. Free space in the browser (delete old sessions), then start sync again.',
  'bad-server':
    'The sync server sent something that is not a CouchDB answer. Check that the Database URL points at a CouchDB database.',
  server: 'The sync server has an internal error. Sync tries again; if it persists, check the server.',
};

export function errorOf(kind: keyof typeof SENTENCES, detail?: string): SyncError {
  return new SyncError(kind, detail ? `${SENTENCES[kind]} (${detail})` : SENTENCES[kind]);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** Kinds a retry cannot fix: the user has to act, so the run ends (no retry storm). */
export function isFinal(kind: SyncErrorKind): boolean {
  return kind !== 'unreachable' && kind !== 'server' && kind !== 'bad-server';
}
