/**
 * The reads of SessionRepository: headers, entries and attached files as the app uses
 * them, each stored record restored (repaired where it can be, skipped with a sentence
 * where it cannot). Nothing here writes.
 */

import type { AttachmentRecord } from '../core/attachments/attachmentTypes';
import { interruptIfStreaming, restoreEntry, restoreHeader } from '../core/session/restoreRecords';
import type { AttachmentKind } from '../core/types/attachment';
import type { SessionEntry, SessionHeader } from '../core/types/entry';
import type { LoadedEntries, LoadedHeaders } from './backend';
import { orderEntries } from './orderEntries';
import { readSessionRecords } from './readSessionRecords';
import type { BatonDb } from './schema';

/** Every session header, newest `updatedAt` first. Reads the sessions store only. */
export async function readHeaders(db: BatonDb): Promise<LoadedHeaders> {
  const raw: unknown[] = await db.getAll('sessions');
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

/** A session's entries as stored (unordered, not repaired for streaming) and its title. */
export async function readEntries(
  db: BatonDb,
  sessionId: string,
): Promise<LoadedEntries & { title: string | undefined }> {
  const [raw, rawHeader]: [unknown[], unknown] = await Promise.all([
    readSessionRecords(db, sessionId),
    db.get('sessions', sessionId),
  ]);
  // Problems name the session by its title too: an id alone means nothing to the user.
  const title = restoredTitle(rawHeader);
  return { ...restoreEntries(raw, sessionId, title), title };
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
export async function readNewestEntries(
  db: BatonDb,
  sessionId: string,
  limit: number,
): Promise<LoadedEntries> {
  const tx = db.transaction(['entries', 'sessions'], 'readonly');
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

/** Stored entries by id, in one read; undefined where one is gone or unreadable. */
export async function readEntriesById(
  db: BatonDb,
  refs: ReadonlyArray<{ id: string; sessionId: string }>,
): Promise<Array<SessionEntry | undefined>> {
  const tx = db.transaction('entries', 'readonly');
  const raw: unknown[] = await Promise.all(refs.map((ref) => tx.store.get(ref.id)));
  return raw.map((record, i) => {
    const restored = restoreEntry(record, refs[i]?.sessionId ?? '');
    return restored.ok ? restored.value : undefined;
  });
}

export async function readHeader(db: BatonDb, id: string): Promise<SessionHeader | undefined> {
  const raw: unknown = await db.get('sessions', id);
  if (raw === undefined) return undefined;
  const restored = restoreHeader(raw);
  return restored.ok ? restored.value : undefined;
}

/** Stored attachments by id; ids not stored (or damaged) are missing from the map. */
export async function readAttachments(
  db: BatonDb,
  ids: readonly string[],
): Promise<Map<string, AttachmentRecord>> {
  const tx = db.transaction('attachments', 'readonly');
  const found = await Promise.all(ids.map((id) => tx.store.get(id)));
  const records = new Map<string, AttachmentRecord>();
  found.forEach((record, i) => {
    const id = ids[i];
    if (id !== undefined && isAttachmentRecord(record)) records.set(id, record);
  });
  return records;
}

/** Every stored attachment of one session (for export and backups). */
export async function readSessionAttachments(db: BatonDb, sessionId: string): Promise<AttachmentRecord[]> {
  const raw: unknown[] = await db.getAllFromIndex('attachments', 'sessionId', sessionId);
  return raw.filter(isAttachmentRecord);
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
