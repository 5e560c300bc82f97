/**
 * The storage backend: what the app reads and writes its records through. IndexedDB's
 * SessionRepository implements it; the write queue writes only through `apply`, and
 * tests wrap it (faultyBackend.ts) to fail writes on demand.
 *
 * It is also the seam for sync (issue 28). A replica adapter:
 * - pushes: reads `changes(checkpoint)` page by page (each change names a record, its
 *   stamp and whether it is deleted; the record itself from the read methods), sends
 *   them, and keeps the last `seq` as its checkpoint. A crash resumes from there.
 * - follows live: `onChange` tells it of each change set this tab commits, so it need
 *   not poll; other tabs' change sets reach it through the tab channel or the next page.
 * - pulls: applies what the remote sent as change sets whose records carry their own
 *   stamps (device and revision), so they keep them and the clock moves past them.
 */
import type { AttachmentRecord } from '../core/attachments/attachmentTypes';
import type { SessionEntry, SessionHeader } from '../core/types/entry';
import type { ChangeSet, RecordSummary } from './records';
import type { Revision, Stamp } from './revision';

export interface ApplyOptions {
  /**
   * Runs inside the transaction after every record was written and before it commits;
   * if it throws, the transaction aborts and none of the change set lands. Only fault
   * injection (tests) passes it.
   */
  beforeCommit?: () => void;
  /**
   * Records are added, never replaced: a record whose id is taken fails the whole change
   * set with a ConstraintError rather than overwriting anything.
   */
  addOnly?: boolean;
}

/** A committed change set as the feed and the other tabs hear of it. */
export interface CommittedChangeSet {
  /** Its place in the change feed: every record it wrote carries this sequence number. */
  seq: number;
  /** The device that wrote it: this one's id, or a replica's for a change set it applied. */
  device: string;
  /** The revision given to the records it stamped (a replica's records keep their own). */
  rev: Revision;
  put: RecordSummary[];
  /**
   * The records it deleted by name. A deleted header stands for its whole session: the
   * session's entries and files, deleted with it, are not listed, here or in the change
   * feed, whose one tombstone for the session is its header's. Deleting a long session
   * stays one request per record, and telling other tabs of it stays small.
   */
  deleted: RecordSummary[];
}

export interface ApplyResult {
  /** Sessions some of whose records were left out because the session was deleted. */
  refusedSessionIds: string[];
  /** What landed; undefined when nothing did (an empty change set, or everything refused). */
  committed?: CommittedChangeSet;
}

/** One record's latest change in the feed. */
export interface FeedChange extends RecordSummary, Stamp {
  seq: number;
  /** The record is gone: this is its tombstone. */
  deleted: boolean;
}

export interface ChangesPage {
  /** The changes after the asked-for checkpoint, oldest first, one per record (its latest). */
  changes: FeedChange[];
  /** The checkpoint to ask from next: the last change's seq, or the one asked from if none. */
  checkpoint: number;
}

export interface LoadedHeaders {
  headers: SessionHeader[];
  problems: string[];
}

export interface LoadedEntries {
  entries: SessionEntry[];
  problems: string[];
}

export interface LoadEntriesOptions {
  /**
   * Mark messages left `streaming` as interrupted, and store that (default true). Off when
   * another tab may still be writing the reply: it is not cut off, only unfinished.
   */
  markInterrupted?: boolean;
}

/** The reads the app makes. */
export interface StorageReads {
  /** Every session header, newest `updatedAt` first. */
  loadHeaders(): Promise<LoadedHeaders>;
  /** A session's entries in write order (see SessionRepository for the interrupted repair). */
  loadEntries(sessionId: string, options?: LoadEntriesOptions): Promise<LoadedEntries>;
  /** The newest `limit` entries of a session, oldest first, for the first paint. */
  loadNewestEntries(sessionId: string, limit: number): Promise<LoadedEntries>;
  /** Stored entries by id; undefined where one is gone or unreadable. */
  getEntries(
    refs: ReadonlyArray<{ id: string; sessionId: string }>,
  ): Promise<Array<SessionEntry | undefined>>;
  getHeader(id: string): Promise<SessionHeader | undefined>;
  /** Stored attachments by id; ids not stored are missing from the map. */
  loadAttachments(ids: readonly string[]): Promise<Map<string, AttachmentRecord>>;
  /** Every stored attachment of one session. */
  loadSessionAttachments(sessionId: string): Promise<AttachmentRecord[]>;
  /** The value stored under `key`; T is the caller's word for what it stored there. */
  getSetting<T>(key: string): Promise<T | undefined>;
}

/** The change feed: every committed change set, in order, resumable from a checkpoint. */
export interface ChangeFeed {
  /** Changes after `since` (0, the default: from the start), at most `limit` of them. */
  changes(since?: number, limit?: number): Promise<ChangesPage>;
  /** Called after each change set this connection commits. Returns the unsubscribe. */
  onChange(listener: (change: CommittedChangeSet) => void): () => void;
}

export interface StorageBackend extends StorageReads, ChangeFeed {
  /**
   * Commits one change set in one transaction: all of it lands or none, and the promise
   * rejects with the first real error. Records of deleted sessions are left out and named
   * in the result. The transaction is created before this returns: a second apply called
   * after it runs after it (the write queue's handoff commit relies on that).
   */
  apply(changeSet: ChangeSet, options?: ApplyOptions): Promise<ApplyResult>;
}

/** The part of the backend the write queue writes through. */
export type ChangeWriter = Pick<StorageBackend, 'apply'>;
