/**
 * Sessions, entries and settings in IndexedDB. Every write is one transaction that
 * either lands whole or not at all, and every failure rejects the returned promise:
 * callers (the write queue, the handoff commit) decide what to retry.
 */

import type { AttachmentRecord } from '../core/attachments/attachmentTypes';
import {
  interruptIfStreaming,
  restoreEntry,
  restoreHeader,
  sessionLabel,
} from '../core/session/restoreRecords';
import type { AttachmentKind } from '../core/types/attachment';
import type { SessionEntry, SessionHeader } from '../core/types/entry';
import { orderEntries } from './orderEntries';
import { readSessionRecords } from './readSessionRecords';
import { type BatonDb, openBatonDb } from './schema';
import { type BatonStoreName, runTransaction } from './transaction';

/** Settings key of the user's settings (restored and typed by the store's settings module). */
export const SETTINGS_KEY = 'settings';

/** Settings key of the session the app opens on start. */
export const ACTIVE_SESSION_KEY = 'activeSessionId';

/**
 * Settings key of the ids of deleted sessions. A write for one of them is refused, so a
 * tab still holding a deleted session (it was writing a reply into it when another tab
 * deleted it) can neither leave orphan entries behind nor bring the session back.
 */
export const DELETED_SESSIONS_KEY = 'deletedSessionIds';

/** What a write did not store: records of sessions deleted meanwhile. */
export interface WriteResult {
  refusedSessionIds: string[];
}

export interface WriteBatch {
  entries: SessionEntry[];
  headers: SessionHeader[];
  settings?: Array<[string, unknown]>;
  /** Attached files, written with the message that refers to them (or before it). */
  attachments?: AttachmentRecord[];
}

export interface LoadedHeaders {
  headers: SessionHeader[];
  problems: string[];
}

export interface LoadedEntries {
  entries: SessionEntry[];
  problems: string[];
}

/** What a committed write changed, for telling other tabs. */
export type StorageChange =
  | { kind: 'sessions-changed'; sessionIds: string[] }
  | { kind: 'session-deleted'; sessionId: string };

export interface LoadEntriesOptions {
  /**
   * Mark messages left `streaming` as interrupted, and store that (default true). Off when
   * another tab may still be writing the reply: it is not cut off, only unfinished.
   */
  markInterrupted?: boolean;
}

export interface WriteBatchOptions {
  /**
   * Runs inside the transaction after every record was put and before it commits; if it
   * throws, the transaction aborts and none of the batch lands. For fault-injection tests.
   */
  beforeCommit?: () => void;
}

export class SessionRepository {
  private readonly changeListeners = new Set<(change: StorageChange) => void>();

  constructor(private readonly db: BatonDb) {}

  /** Called after each committed write that changed sessions or entries (not settings). */
  onChange(listener: (change: StorageChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private announce(change: StorageChange): void {
    for (const listener of [...this.changeListeners]) listener(change);
  }

  private announceSessions(ids: Iterable<string>): void {
    const sessionIds = [...new Set(ids)];
    if (sessionIds.length > 0) this.announce({ kind: 'sessions-changed', sessionIds });
  }

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

  /** Every session header, newest `updatedAt` first. Reads the sessions store only. */
  async loadHeaders(): Promise<LoadedHeaders> {
    const raw: unknown[] = await this.db.getAll('sessions');
    const headers: SessionHeader[] = [];
    const problems: string[] = [];
    for (const record of raw) {
      const restored = restoreHeader(record);
      if (restored.ok) {
        headers.push(restored.value);
        problems.push(...restored.problems);
      } else {
        problems.push(restored.problem);
      }
    }
    headers.sort((a, b) => b.updatedAt - a.updatedAt);
    return { headers, problems };
  }

  /**
   * A session's entries in write order. Messages left `streaming` by a reload or crash
   * come back `interrupted`, and that is written back so the store agrees with what the
   * app shows. If the write-back fails, the load still succeeds and says so in problems.
   */
  async loadEntries(sessionId: string, options: LoadEntriesOptions = {}): Promise<LoadedEntries> {
    const [raw, rawHeader]: [unknown[], unknown] = await Promise.all([
      readSessionRecords(this.db, sessionId),
      this.db.get('sessions', sessionId),
    ]);
    // Problems name the session by its title too: an id alone means nothing to the user.
    const title = restoredTitle(rawHeader);
    const { entries, problems } = restoreEntries(raw, sessionId, title);

    const interrupted = new Map<string, SessionEntry>();
    const markInterrupted = options.markInterrupted ?? true;
    for (const entry of markInterrupted ? entries : []) {
      const fixed = interruptIfStreaming(entry);
      if (fixed) interrupted.set(fixed.id, fixed);
    }
    if (interrupted.size > 0) {
      try {
        await this.writeBackInterrupted(sessionId, interrupted);
        this.announceSessions([sessionId]);
      } catch (error) {
        problems.push(
          `Session ${sessionLabel(sessionId, title)}: could not save that ${interrupted.size} cut-off message(s) were interrupted (${errorText(error)}).`,
        );
      }
    }
    const current = entries.map((entry) => interrupted.get(entry.id) ?? entry);
    return { entries: orderEntries(current), problems };
  }

  /**
   * The newest `limit` entries of a session (by timestamp), oldest first, for painting a
   * session at once while `loadEntries` reads the rest. A key cursor walks the session's
   * timestamp index backwards from its newest entry and stops `limit` keys in, then one
   * getAll reads from there: three requests whose cost follows `limit`, never the
   * session's size (counting a session, or skipping its older entries, reads all of
   * them on a disk-backed database). Entries sharing the oldest one's timestamp come
   * along too: a few more than `limit`, never fewer. Nothing is written: a message left
   * streaming is shown interrupted here and stored so by `loadEntries`.
   */
  async loadNewestEntries(sessionId: string, limit: number): Promise<LoadedEntries> {
    const tx = this.db.transaction(['entries', 'sessions'], 'readonly');
    const index = tx.objectStore('entries').index('sessionId_timestamp');
    const upper: [string, number] = [sessionId, Infinity];
    let range = IDBKeyRange.bound([sessionId, -Infinity], upper);
    const newest = await index.openKeyCursor(range, 'prev');
    const oldest = limit > 1 ? await newest?.advance(limit - 1) : newest;
    if (oldest) range = IDBKeyRange.bound(oldest.key, upper);
    const raw: unknown[] = await index.getAll(range);
    const title = restoredTitle(await tx.objectStore('sessions').get(sessionId));
    const { entries, problems } = restoreEntries(raw, sessionId, title);
    const shown = entries.map((entry) => interruptIfStreaming(entry) ?? entry);
    return { entries: orderEntries(shown), problems };
  }

  /**
   * Re-reads each record inside the write transaction and only marks it if it is still
   * streaming, so a message finished by a write that landed after our read is not
   * clobbered. `fixes` is updated to what the store now holds.
   */
  private async writeBackInterrupted(sessionId: string, fixes: Map<string, SessionEntry>): Promise<void> {
    await runTransaction(this.db, ['entries'], 'readwrite', async (tx, requests) => {
      const ids = [...fixes.keys()];
      const currents = await Promise.all(ids.map((id) => requests.add(tx.store.get(id))));
      ids.forEach((id, i) => {
        const restored = restoreEntry(currents[i], sessionId);
        if (!restored.ok) return; // Deleted or damaged meanwhile: keep our copy in memory only.
        const fixed = interruptIfStreaming(restored.value);
        if (fixed) {
          requests.add(tx.store.put(fixed));
          fixes.set(id, fixed);
        } else {
          fixes.set(id, restored.value);
        }
      });
    });
  }

  /** Stored entries by id, in one read; undefined where one is gone or unreadable. */
  async getEntries(
    refs: ReadonlyArray<{ id: string; sessionId: string }>,
  ): Promise<Array<SessionEntry | undefined>> {
    const tx = this.db.transaction('entries', 'readonly');
    const raw: unknown[] = await Promise.all(refs.map((ref) => tx.store.get(ref.id)));
    return raw.map((record, i) => {
      const restored = restoreEntry(record, refs[i]?.sessionId ?? '');
      return restored.ok ? restored.value : undefined;
    });
  }

  async getHeader(id: string): Promise<SessionHeader | undefined> {
    const raw: unknown = await this.db.get('sessions', id);
    if (raw === undefined) return undefined;
    const restored = restoreHeader(raw);
    return restored.ok ? restored.value : undefined;
  }

  async putHeader(header: SessionHeader): Promise<void> {
    await runTransaction(this.db, ['sessions'], 'readwrite', (tx, requests) => {
      requests.add(tx.store.put(header));
    });
    this.announceSessions([header.id]);
  }

  /**
   * A new session and its first entries, in one transaction. Rejects (ConstraintError)
   * if a session with that id exists already, rather than overwriting it.
   */
  async createSession(header: SessionHeader, entries: SessionEntry[]): Promise<void> {
    await runTransaction(this.db, ['sessions', 'entries'], 'readwrite', (tx, requests) => {
      requests.add(tx.objectStore('sessions').add(header));
      const store = tx.objectStore('entries');
      for (const entry of entries) {
        if (entry.sessionId !== header.id) {
          throw new Error(`Entry ${entry.id} belongs to session ${entry.sessionId}, not ${header.id}.`);
        }
        requests.add(store.put(entry));
      }
    });
    this.announceSessions([header.id]);
  }

  /**
   * Removes the header, every entry, every attached file and the link from the parent's
   * `children`, in one transaction. Sessions handed off from this one keep their `parentSession`: lineage
   * is history, and the UI shows the parent as missing.
   */
  async deleteSession(id: string): Promise<void> {
    const stores = ['sessions', 'entries', 'settings', 'attachments'] as const;
    await runTransaction(this.db, stores, 'readwrite', async (tx, requests) => {
      const sessions = tx.objectStore('sessions');
      const entries = tx.objectStore('entries');
      const settings = tx.objectStore('settings');
      const attachments = tx.objectStore('attachments');
      const deleted = deletedIds(await requests.add(settings.get(DELETED_SESSIONS_KEY)));
      if (!deleted.includes(id)) requests.add(settings.put([...deleted, id], DELETED_SESSIONS_KEY));
      const [raw, entryKeys, fileKeys] = await Promise.all([
        requests.add(sessions.get(id)),
        requests.add(entries.index('sessionId').getAllKeys(id)),
        requests.add(attachments.index('sessionId').getAllKeys(id)),
      ]);
      for (const key of entryKeys) requests.add(entries.delete(key));
      // The session's files go with it, in the same transaction: none is left behind.
      for (const key of fileKeys) requests.add(attachments.delete(key));
      requests.add(sessions.delete(id));

      const restored = raw === undefined ? undefined : restoreHeader(raw);
      const parentId = restored?.ok ? restored.value.parentSession : undefined;
      if (parentId === undefined) return;
      // The parent is written back as stored, bar the one link, so nothing else of it changes.
      const parent: unknown = await requests.add(sessions.get(parentId));
      if (!isHeaderWithChildren(parent) || !parent.children.includes(id)) return;
      requests.add(sessions.put({ ...parent, children: parent.children.filter((child) => child !== id) }));
    });
    this.announce({ kind: 'session-deleted', sessionId: id });
  }

  /**
   * Entries, headers and settings in one transaction: all of it lands or none. Records of
   * a deleted session are left out (see DELETED_SESSIONS_KEY) and named in the result.
   */
  async writeBatch(batch: WriteBatch, options: WriteBatchOptions = {}): Promise<WriteResult> {
    const settings = batch.settings ?? [];
    const attachments = batch.attachments ?? [];
    const refused = new Set<string>();
    if (
      batch.entries.length === 0 &&
      batch.headers.length === 0 &&
      settings.length === 0 &&
      attachments.length === 0
    ) {
      return { refusedSessionIds: [] };
    }
    const stores: BatonStoreName[] = ['settings'];
    if (batch.entries.length > 0) stores.push('entries');
    if (batch.headers.length > 0) stores.push('sessions');
    if (attachments.length > 0) stores.push('attachments');
    let written: WriteBatch = batch;

    await runTransaction(this.db, stores, 'readwrite', async (tx, requests) => {
      const settingsStore = tx.objectStore('settings');
      const deleted = new Set(deletedIds(await requests.add(settingsStore.get(DELETED_SESSIONS_KEY))));
      const live = (sessionId: string) => {
        if (!deleted.has(sessionId)) return true;
        refused.add(sessionId);
        return false;
      };
      written = {
        entries: batch.entries.filter((entry) => live(entry.sessionId)),
        headers: batch.headers.filter((header) => live(header.id)),
      };
      if (written.entries.length > 0) {
        const store = tx.objectStore('entries');
        for (const entry of written.entries) requests.add(store.put(entry));
      }
      if (written.headers.length > 0) {
        const store = tx.objectStore('sessions');
        for (const header of written.headers) requests.add(store.put(header));
      }
      if (attachments.length > 0) {
        const store = tx.objectStore('attachments');
        for (const record of attachments) if (live(record.sessionId)) requests.add(store.put(record));
      }
      for (const [key, value] of settings) requests.add(settingsStore.put(value, key));
      options.beforeCommit?.();
    });
    this.announceSessions([...written.headers.map((h) => h.id), ...written.entries.map((e) => e.sessionId)]);
    return { refusedSessionIds: [...refused] };
  }

  /** Stored attachments by id; ids not stored (or damaged) are missing from the map. */
  async loadAttachments(ids: readonly string[]): Promise<Map<string, AttachmentRecord>> {
    const tx = this.db.transaction('attachments', 'readonly');
    const found = await Promise.all(ids.map((id) => tx.store.get(id)));
    const records = new Map<string, AttachmentRecord>();
    found.forEach((record, i) => {
      const id = ids[i];
      if (id !== undefined && isAttachmentRecord(record)) records.set(id, record);
    });
    return records;
  }

  /** Every stored attachment of one session (for export and backups). */
  async loadSessionAttachments(sessionId: string): Promise<AttachmentRecord[]> {
    const raw: unknown[] = await this.db.getAllFromIndex('attachments', 'sessionId', sessionId);
    return raw.filter(isAttachmentRecord);
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

  /**
   * Deletes the records of `storeName` whose session has no header, in one transaction.
   * Walks the distinct session ids of the store's sessionId index, not every record:
   * one request per session, however many records (or bytes) each holds.
   */
  private async removeOrphans(storeName: 'entries' | 'attachments'): Promise<number> {
    let removed = 0;
    await runTransaction(this.db, ['sessions', storeName], 'readwrite', async (tx, requests) => {
      const sessions = tx.objectStore('sessions');
      const store = tx.objectStore(storeName);
      const index = store.index('sessionId');
      const owners: string[] = [];
      let cursor = await requests.add(index.openKeyCursor(null, 'nextunique'));
      while (cursor) {
        owners.push(String(cursor.key));
        cursor = await requests.add(cursor.continue());
      }
      for (const owner of owners) {
        if ((await requests.add(sessions.getKey(owner))) !== undefined) continue;
        const keys = await requests.add(index.getAllKeys(owner));
        for (const key of keys) requests.add(store.delete(key));
        removed += keys.length;
      }
    });
    return removed;
  }

  /**
   * Every stored session header, entry and setting that `rewrite` changes (it returns the
   * new value, or undefined to leave one as it is), written back in one transaction: all
   * of it or none. For taking a forgotten key out of everything stored. Records are
   * passed as stored, unchecked; settings under `keep` are not offered. Attached files
   * are neither read nor offered: they are bytes the user chose to send, not text a key
   * was typed into, and walking them would read every file on the device.
   */
  async rewriteEverything(
    rewrite: (store: 'sessions' | 'entries' | 'settings', value: unknown) => unknown,
    keep: readonly string[] = [],
  ): Promise<number> {
    let changed = 0;
    const sessionIds = new Set<string>();
    await runTransaction(this.db, ['sessions', 'entries', 'settings'], 'readwrite', async (tx, requests) => {
      for (const name of ['sessions', 'entries', 'settings'] as const) {
        let cursor = await requests.add(tx.objectStore(name).openCursor());
        while (cursor) {
          const skip = name === 'settings' && keep.includes(String(cursor.key));
          const next = skip ? undefined : rewrite(name, cursor.value);
          if (next !== undefined) {
            requests.add(cursor.update(next as never)); // each store takes what it held
            changed += 1;
            if (name === 'sessions') sessionIds.add(String(cursor.key));
            const owner = (next as { sessionId?: unknown }).sessionId;
            if (name === 'entries' && typeof owner === 'string') sessionIds.add(owner);
          }
          cursor = await requests.add(cursor.continue());
        }
      }
    });
    if (sessionIds.size > 0) this.announceSessions([...sessionIds]);
    return changed;
  }

  /** The value stored under `key`; T is the caller's word for what it stored there. */
  async getSetting<T>(key: string): Promise<T | undefined> {
    // Settings hold whatever their owner wrote; the caller names that type.
    return (await this.db.get('settings', key)) as T | undefined;
  }

  async setSetting(key: string, value: unknown): Promise<void> {
    await runTransaction(this.db, ['settings'], 'readwrite', (tx, requests) => {
      requests.add(tx.store.put(value, key));
    });
  }

  async deleteSetting(key: string): Promise<void> {
    await runTransaction(this.db, ['settings'], 'readwrite', (tx, requests) => {
      requests.add(tx.store.delete(key));
    });
  }

  async getActiveSessionId(): Promise<string | undefined> {
    const value = await this.getSetting<unknown>(ACTIVE_SESSION_KEY);
    return typeof value === 'string' && value.length > 0 ? value : undefined;
  }
}

/** Stored records as entries; each one skipped or repaired is named in problems, with the session's title. */
function restoreEntries(
  raw: readonly unknown[],
  sessionId: string,
  title: string | undefined,
): LoadedEntries {
  const entries: SessionEntry[] = [];
  const problems: string[] = [];
  for (const record of raw) {
    const restored = restoreEntry(record, sessionId, title);
    if (restored.ok) {
      entries.push(restored.value);
      problems.push(...restored.problems);
    } else {
      problems.push(restored.problem);
    }
  }
  return { entries, problems };
}

function restoredTitle(rawHeader: unknown): string | undefined {
  if (rawHeader === undefined) return undefined;
  const restored = restoreHeader(rawHeader);
  return restored.ok ? restored.value.title : undefined;
}

/** The stored list of deleted session ids, whatever was stored under its key. */
function deletedIds(stored: unknown): string[] {
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
}

const ATTACHMENT_KINDS: ReadonlySet<unknown> = new Set<AttachmentKind>(['image', 'pdf', 'text']);

/**
 * A stored attachment record with what a request or a view reads of it: its owner, a
 * kind Baton can send, a media type and bytes that are still a Blob. Anything less
 * would reach the API as a broken block; it is treated as not stored.
 */
function isAttachmentRecord(value: unknown): value is AttachmentRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<AttachmentRecord>;
  return (
    typeof record.id === 'string' &&
    typeof record.sessionId === 'string' &&
    ATTACHMENT_KINDS.has(record.kind) &&
    typeof record.mediaType === 'string' &&
    record.data instanceof Blob
  );
}

function isHeaderWithChildren(value: unknown): value is SessionHeader {
  return (
    typeof value === 'object' && value !== null && Array.isArray((value as { children?: unknown }).children) // Only `children` is read here.
  );
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
