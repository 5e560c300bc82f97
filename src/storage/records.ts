/**
 * What storage holds, as typed records, and the unit every write is made of: a change
 * set, the records it puts and the ids it deletes, landing together or not at all. The
 * same unit is what the change feed reports and what a replica (sync, issue 28) would
 * exchange.
 */
import type { AttachmentRecord } from '../core/attachments/attachmentTypes';
import type { SessionEntry, SessionHeader } from '../core/types/entry';
import type { Stamp } from './revision';

/** The kinds of record, each with its object store. */
export const STORE_OF_KIND = {
  entry: 'entries',
  header: 'sessions',
  setting: 'settings',
  attachment: 'attachments',
} as const;

/** The kinds a change set writes (applyChangeSet). */
export type ChangeSetKind = keyof typeof STORE_OF_KIND;

/**
 * Workspace records (issue 26): a file (its listing and contents, one record) and a
 * change to one. The file store commits them itself (src/storage/workspace), stamped and
 * in the change feed like the rest; their ids name their root (workspaceRecordIds.ts).
 */
export type WorkspaceKind = 'file' | 'fileChange';

export type RecordKind = ChangeSetKind | WorkspaceKind;

/**
 * A record to put. `stamp` is left out by the app, and storage stamps the record with
 * this device and a new revision; a replica passes the stamp the record came with.
 */
export type StoredRecord = (
  | { kind: 'entry'; value: SessionEntry }
  | { kind: 'header'; value: SessionHeader }
  | { kind: 'setting'; key: string; value: unknown }
  | { kind: 'attachment'; value: AttachmentRecord }
) & { stamp?: Stamp };

/** A record by name: its kind and id (a setting's id is its key). */
export interface RecordRef {
  kind: RecordKind;
  id: string;
}

/** A record to delete; `stamp` as on StoredRecord. */
export type RecordDeletion = RecordRef & { kind: ChangeSetKind; stamp?: Stamp };

/**
 * One atomic write. Deleting a header deletes its session: every entry and attached file
 * of it go in the same transaction, the session joins the deleted list (later writes
 * for it are refused) and its parent's link to it is removed.
 */
export interface ChangeSet {
  put: readonly StoredRecord[];
  delete?: readonly RecordDeletion[];
}

/** A record as the change feed and the tab announcements name it. */
export interface RecordSummary extends RecordRef {
  /** The session an entry, header or attached file belongs to. */
  sessionId?: string;
}

/** The records of a change set grouped by kind: the shape the write queue's tests read. */
export interface WriteBatch {
  entries: SessionEntry[];
  headers: SessionHeader[];
  settings?: Array<[string, unknown]>;
  /** Attached files, written with the message that refers to them (or before it). */
  attachments?: AttachmentRecord[];
}

export function refOf(record: StoredRecord): RecordRef {
  return { kind: record.kind, id: record.kind === 'setting' ? record.key : record.value.id };
}

/** The session a record belongs to; settings belong to none. */
export function sessionOf(record: StoredRecord): string | undefined {
  switch (record.kind) {
    case 'header':
      return record.value.id;
    case 'entry':
    case 'attachment':
      return record.value.sessionId;
    case 'setting':
      return undefined;
  }
}

export function summaryOf(record: StoredRecord): RecordSummary {
  const sessionId = sessionOf(record);
  return { ...refOf(record), ...(sessionId !== undefined && { sessionId }) };
}

/** One string per record, for maps keyed by record. */
export function recordKey(ref: RecordRef): string {
  return `${ref.kind}\u0000${ref.id}`;
}

/** A batch as a change set of puts: attached files, entries, headers, then settings. */
export function changeSetOf(batch: WriteBatch): ChangeSet {
  return {
    put: [
      ...(batch.attachments ?? []).map((value) => ({ kind: 'attachment' as const, value })),
      ...batch.entries.map((value) => ({ kind: 'entry' as const, value })),
      ...batch.headers.map((value) => ({ kind: 'header' as const, value })),
      ...(batch.settings ?? []).map(([key, value]) => ({ kind: 'setting' as const, key, value })),
    ],
  };
}

/** A change set's puts grouped by kind, each in the change set's order. */
export function batchOf(changeSet: ChangeSet): Required<WriteBatch> {
  const batch: Required<WriteBatch> = { entries: [], headers: [], settings: [], attachments: [] };
  for (const record of changeSet.put) {
    if (record.kind === 'entry') batch.entries.push(record.value);
    else if (record.kind === 'header') batch.headers.push(record.value);
    else if (record.kind === 'attachment') batch.attachments.push(record.value);
    else batch.settings.push([record.key, record.value]);
  }
  return batch;
}
