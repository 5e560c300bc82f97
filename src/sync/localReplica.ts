/**
 * The local side of sync as the replicator sees it (issue 28): Baton's IndexedDB store
 * (src/sync/local/ implements it on the app's database; tests use an in-memory one).
 * IndexedDB stays the app's only store: sync keeps no second copy of the records, only
 * this bookkeeping beside them.
 */
import type { ChangesPage } from '../storage/backend';
import type { RecordSummary } from '../storage/records';
import type { HeaderDoc, LocalRecord, SyncRecord } from './syncRecord';

/** What this device knows of one document on the server. */
export interface DocMeta {
  docId: string;
  /** The CouchDB revision this device last pushed or pulled for it (`N-hash`). */
  rev: string;
  /**
   * The record's stamp at that revision: a feed change with the same stamp is already on
   * the server (the echo of a pull, or a push that landed before a crash).
   */
  stamp: { device: string; rev: number };
  /** For headers: the HeaderDoc at that revision, which the next push of the header builds on. */
  header?: HeaderDoc;
}

export interface ApplyRemoteResult {
  /** Records that landed (older than what is stored ones are skipped, not counted). */
  applied: number;
  /** Records refused: their session was deleted here (deletion wins). */
  refused: number;
}

export interface LocalReplica {
  /** This profile's device id: the `device` of its stamps. */
  deviceId(): Promise<string>;
  /** The change feed (StorageBackend.changes): every record kind, workspace ones included. */
  changes(since: number, limit: number): Promise<ChangesPage>;
  /**
   * The records as stored now, each with its current stamp (a feed change's, or the
   * stamps store's); a tombstone for a deleted one; undefined for a record that is not
   * synced (a setting) or is neither stored nor stamped.
   */
  read(refs: readonly RecordSummary[]): Promise<Array<LocalRecord | undefined>>;
  /**
   * Writes what the server sent, in one transaction per call, each record keeping its own
   * stamp (so the clock moves past it and the push that follows knows it for an echo).
   * A record whose stored stamp is newer or equal is left as it is; a header is written
   * as the merged HeaderDoc says; a deleted header deletes its session. Other tabs hear
   * of it as of any write.
   */
  applyRemote(records: readonly SyncRecord[]): Promise<ApplyRemoteResult>;
  getMeta(docIds: readonly string[]): Promise<Map<string, DocMeta>>;
  putMeta(metas: readonly DocMeta[]): Promise<void>;
  /** Replication checkpoints and other sync bookkeeping; never in the change feed or a backup. */
  getValue<T>(key: string): Promise<T | undefined>;
  putValue(key: string, value: unknown): Promise<void>;
}
