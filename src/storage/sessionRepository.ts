/**
 * Sessions, entries, attached files and settings in IndexedDB: the StorageBackend the
 * app runs on. Every write is one change set in one transaction that either lands whole
 * or not at all, stamped and put in the change feed with it; every failure rejects the
 * returned promise, and callers (the write queue, the handoff commit) decide what to retry.
 */
import type { AttachmentRecord } from '../core/attachments/attachmentTypes';
import { interruptIfStreaming, sessionLabel } from '../core/session/restoreRecords';
import type { SessionEntry, SessionHeader } from '../core/types/entry';
import type {
  ApplyOptions,
  ApplyResult,
  ChangesPage,
  CommittedChangeSet,
  LoadEntriesOptions,
  LoadedEntries,
  LoadedHeaders,
  StorageBackend,
} from './backend';
import { orderEntries } from './orderEntries';
import { type ChangeSet, changeSetOf, type WriteBatch } from './records';
import type * as RepositoryWrites from './repositoryWrites';
import { type BatonDb, openBatonDb } from './schema';
import {
  readAttachments,
  readEntries,
  readEntriesById,
  readHeader,
  readHeaders,
  readNewestEntries,
  readSessionAttachments,
} from './sessionReads';
import { measureSessionSizes, type SessionSize } from './sessionSizes';
import { ACTIVE_SESSION_KEY } from './settingsKeys';
import { describeStorageFailure } from './storageFailure';

export type { LoadEntriesOptions, LoadedEntries, LoadedHeaders } from './backend';
export type { WriteBatch } from './records';
export { type StorageChange, sessionChangesOf } from './sessionChanges';
export { ACTIVE_SESSION_KEY, DELETED_SESSIONS_KEY, SETTINGS_KEY } from './settingsKeys';

let writes: typeof RepositoryWrites | undefined;
let loadingWrites: Promise<typeof RepositoryWrites> | undefined;

/**
 * The write path (repositoryWrites.ts), loaded once. Start-up calls it right after the
 * first paint (startApp), so writes find it there: a write then creates its transaction
 * before apply returns, as StorageBackend.apply promises. Writes asked for before it has
 * loaded wait for it in the order they were asked, so one still runs after another.
 */
export function loadRepositoryWrites(): Promise<typeof RepositoryWrites> {
  loadingWrites ??= import('./repositoryWrites').then(
    (loaded) => {
      writes = loaded;
      return loaded;
    },
    (error: unknown) => {
      // A failed fetch (offline, a deploy) is tried again by the next write.
      loadingWrites = undefined;
      throw error;
    },
  );
  return loadingWrites;
}

export class SessionRepository implements StorageBackend {
  private readonly changeListeners = new Set<(change: CommittedChangeSet) => void>();

  constructor(private readonly db: BatonDb) {}

  static async open(name?: string): Promise<SessionRepository> {
    return new SessionRepository(await openBatonDb(name));
  }

  close(): void {
    this.db.close();
  }

  /** The database this repository is on, for a second connection to the same one. */
  get databaseName(): string {
    return this.db.name;
  }

  // --- The change feed ---------------------------------------------------------------

  onChange(listener: (change: CommittedChangeSet) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private announce(change: CommittedChangeSet | undefined): void {
    if (change === undefined) return;
    for (const listener of [...this.changeListeners]) listener(change);
  }

  // The feed is read by the search index, never before the first paint: its reads load
  // with the write path (repositoryWrites.ts), out of the first load. (Sync reads the feed
  // and the stamps in its worker, on its own connection: src/sync/local.)
  async changes(since?: number, limit?: number): Promise<ChangesPage> {
    const { readChanges } = writes ?? (await loadRepositoryWrites());
    return readChanges(this.db, since, limit);
  }

  // --- Writes --------------------------------------------------------------------------

  /** See StorageBackend.apply: one transaction, created before this returns. */
  async apply(changeSet: ChangeSet, options?: ApplyOptions): Promise<ApplyResult> {
    // Loaded: no await before the transaction is created.
    const { applyChangeSet } = writes ?? (await loadRepositoryWrites());
    const result = await applyChangeSet(this.db, changeSet, options);
    this.announce(result.committed);
    return result;
  }

  /** Entries, headers, settings and files in one change set (the records of deleted sessions left out). */
  writeBatch(batch: WriteBatch, options?: ApplyOptions): Promise<ApplyResult> {
    return this.apply(changeSetOf(batch), options);
  }

  async putHeader(header: SessionHeader): Promise<void> {
    await this.apply({ put: [{ kind: 'header', value: header }] });
  }

  /**
   * A new session and its first entries, in one transaction. Rejects (ConstraintError)
   * if a session with that id exists already, rather than overwriting it.
   */
  async createSession(header: SessionHeader, entries: SessionEntry[]): Promise<void> {
    for (const entry of entries) {
      if (entry.sessionId !== header.id) {
        throw new Error(`Entry ${entry.id} belongs to session ${entry.sessionId}, not ${header.id}.`);
      }
    }
    await this.apply({ put: changeSetOf({ headers: [header], entries }).put }, { addOnly: true });
  }

  /**
   * Removes the header, every entry, every attached file and the link from the parent's
   * `children`, in one transaction (see applyChangeSet).
   */
  async deleteSession(id: string): Promise<void> {
    await this.apply({ put: [], delete: [{ kind: 'header', id }] });
  }

  async setSetting(key: string, value: unknown): Promise<void> {
    await this.apply({ put: [{ kind: 'setting', key, value }] });
  }

  async deleteSetting(key: string): Promise<void> {
    await this.apply({ put: [], delete: [{ kind: 'setting', id: key }] });
  }

  /**
   * Deletes attachments whose session has no header (a crash or older data can leave
   * them): nothing can show or send them, and they can be large. Returns how many.
   */
  removeOrphanAttachments(): Promise<number> {
    return this.removeOrphans('attachments');
  }

  /**
   * Deletes entries whose session has no header (left by a delete before deletes were
   * guarded, or by hand-edited data): nothing can show or reach them. Returns how many.
   */
  removeOrphanEntries(): Promise<number> {
    return this.removeOrphans('entries');
  }

  private async removeOrphans(storeName: 'entries' | 'attachments'): Promise<number> {
    const { removeOrphans } = writes ?? (await loadRepositoryWrites());
    const { removed, committed } = await removeOrphans(this.db, storeName);
    this.announce(committed);
    return removed;
  }

  /** See storeRepairs' rewriteEverything: for taking a forgotten key out of everything stored. */
  async rewriteEverything(
    rewrite: (store: 'sessions' | 'entries' | 'settings', value: unknown) => unknown,
    keep: readonly string[] = [],
  ): Promise<number> {
    const { rewriteEverything } = writes ?? (await loadRepositoryWrites());
    const { changed, committed } = await rewriteEverything(this.db, rewrite, keep);
    this.announce(committed);
    return changed;
  }

  // --- Reads ---------------------------------------------------------------------------

  /** Every session header, newest `updatedAt` first. Reads the sessions store only. */
  loadHeaders(): Promise<LoadedHeaders> {
    return readHeaders(this.db);
  }

  /**
   * A session's entries in write order. Messages left `streaming` by a reload or crash
   * come back `interrupted`, and that is written back so the store agrees with what the
   * app shows. If the write-back fails, the load still succeeds and says so in problems.
   */
  async loadEntries(sessionId: string, options: LoadEntriesOptions = {}): Promise<LoadedEntries> {
    const { entries, problems, title } = await readEntries(this.db, sessionId);
    const interrupted = new Map<string, SessionEntry>();
    const markInterruptedToo = options.markInterrupted ?? true;
    for (const entry of markInterruptedToo ? entries : []) {
      const fixed = interruptIfStreaming(entry);
      if (fixed) interrupted.set(fixed.id, fixed);
    }
    if (interrupted.size > 0) {
      try {
        const { markInterrupted } = writes ?? (await loadRepositoryWrites());
        this.announce(await markInterrupted(this.db, sessionId, interrupted));
      } catch (error) {
        problems.push(
          `Session ${sessionLabel(sessionId, title)}: could not save that ${interrupted.size} cut-off message(s) were interrupted: ${describeStorageFailure(error).what}.`,
        );
      }
    }
    const current = entries.map((entry) => interrupted.get(entry.id) ?? entry);
    return { entries: orderEntries(current), problems };
  }

  /** The newest `limit` entries of a session, oldest first (see readNewestEntries). */
  loadNewestEntries(sessionId: string, limit: number): Promise<LoadedEntries> {
    return readNewestEntries(this.db, sessionId, limit);
  }

  /** Stored entries by id, in one read; undefined where one is gone or unreadable. */
  getEntries(
    refs: ReadonlyArray<{ id: string; sessionId: string }>,
  ): Promise<Array<SessionEntry | undefined>> {
    return readEntriesById(this.db, refs);
  }

  getHeader(id: string): Promise<SessionHeader | undefined> {
    return readHeader(this.db, id);
  }

  /** Stored attachments by id; ids not stored (or damaged) are missing from the map. */
  loadAttachments(ids: readonly string[]): Promise<Map<string, AttachmentRecord>> {
    return readAttachments(this.db, ids);
  }

  /** Every stored attachment of one session (for export and backups). */
  loadSessionAttachments(sessionId: string): Promise<AttachmentRecord[]> {
    return readSessionAttachments(this.db, sessionId);
  }

  /** What each session takes, entries and files, largest first (Settings → Storage). */
  sessionSizes(): Promise<SessionSize[]> {
    return measureSessionSizes(this.db);
  }

  /** The value stored under `key`; T is the caller's word for what it stored there. */
  async getSetting<T>(key: string): Promise<T | undefined> {
    // Settings hold whatever their owner wrote; the caller names that type.
    return (await this.db.get('settings', key)) as T | undefined;
  }

  async getActiveSessionId(): Promise<string | undefined> {
    const value = await this.getSetting<unknown>(ACTIVE_SESSION_KEY);
    return typeof value === 'string' && value.length > 0 ? value : undefined;
  }
}
