/**
 * What the sync engine tells the page (issue 28): its status, as data. The Settings
 * section shows it in the "Sync status" region (describeSyncStatus turns it into the
 * sentence); every tab hears it on the SYNC_CHANNEL_NAME BroadcastChannel.
 */

/** The settings a user types: kept on this device only (the sync store), never synced. */
export interface SyncSettings {
  /** The database URL, e.g. https://couch.example.com/baton (no credentials in it). */
  url: string;
  username: string;
  password: string;
}

export type SyncErrorKind =
  | 'unreachable' // nothing answered (down, wrong host, offline)
  | 'cors' // the server answers but not to this page: CORS not enabled
  | 'unauthorized' // 401: wrong username or password
  | 'forbidden' // 403: the user may not read or write this database
  | 'missing-database' // 404 and the user may not create it
  | 'passphrase' // the key check does not decrypt: another passphrase
  | 'quota-server' // 413 / 507 / a quota error: the server refuses more data
  | 'quota-device' // this device's storage is full
  | 'bad-server' // HTML, truncated JSON, a body that is not CouchDB's
  | 'server'; // 500s that persist after retries

export type SyncStatus =
  | { phase: 'off' }
  | { phase: 'checking' }
  | { phase: 'uploading'; done: number; total: number }
  | { phase: 'downloading'; done: number; total: number }
  | {
      phase: 'synced';
      /** When the last push or pull finished (ms since epoch). */
      at: number;
      /** Records this device holds in sync (entries, headers, files). */
      entries: number;
      devices: number;
      /** Documents from the server that could not be decrypted or read, skipped. */
      skipped: number;
    }
  /** The server cannot be reached; work goes on locally and is pushed when it can be. */
  | { phase: 'offline'; retryAt?: number }
  /** A stop that needs the user: `message` is the whole sentence, with what to do. */
  | { phase: 'error'; kind: SyncErrorKind; message: string };

/** Tabs hear the status (and ask for it) on this channel. */
export const SYNC_CHANNEL_NAME = 'baton-sync';

/** Only one tab syncs at a time: it holds this Web Lock. */
export const SYNC_LOCK_NAME = 'baton-sync';
