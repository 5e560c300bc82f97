/**
 * What sync carries (issue 28), decrypted: one record of Baton's store as one CouchDB
 * document. This file is the contract between the document codec (documents/), the
 * replicator (couch/) and the local side (local/): each builds against these types only.
 *
 * Documents on the server (all bodies encrypted, see crypto/):
 * - `e:<entry id>`        one log entry; its stamp is the record's (entries do change:
 *                         a reply is rewritten while it streams and when it is cut off).
 * - `h:<session id>`      one session header as a HeaderDoc: field by field, each field
 *                         with the stamp of the write that set it, merged deterministically.
 * - `a:<attachment id>`   an attached file: the reference as the body, the bytes as the
 *                         CouchDB attachment `blob` (encrypted).
 * - `f:<hmac>`            a workspace or memory file (its path is private: the id is an
 *                         HMAC of the record id under the sync key); binary contents as
 *                         the attachment `blob`.
 * - `c:<hmac>`            one change in a file's history.
 * - `d:<device id>`       a device that syncs (its name and when it was last seen), for
 *                         the "3 devices" of the status.
 * - `baton-meta`          in clear: the KDF salt and iterations and the key check.
 * Settings are never synced: they hold the API key, MCP tokens and per-device choices.
 */
import type { AttachmentRecord } from '../core/attachments/attachmentTypes';
import type { SessionEntry, SessionHeader } from '../core/types/entry';
import type { FileBody, FileChange, FileMeta, RootKey } from '../core/workspace/fileStore';
import type { Stamp } from '../storage/revision';

/** One field of a header as sync merges it: the value and the stamp of the write that set it. */
export interface StampedField<T> {
  value: T;
  stamp: Stamp;
}

/**
 * A session header field by field. Merging two HeaderDocs takes, for each field, the
 * value with the later stamp (compareStamps: revision, then device id); `children` is
 * the union of both (a handoff made on either device stays linked); `deleted` is sticky:
 * once either side deleted the session it stays deleted (deletion wins over a later
 * append or rename, see docs/sync.md). Absent optional fields are stored as `null`.
 */
export interface HeaderDoc {
  id: string;
  fields: {
    [K in Exclude<keyof SessionHeader, 'id' | 'children'>]-?: StampedField<SessionHeader[K] | null>;
  };
  children: string[];
  /** Present once the session was deleted on some device. */
  deleted?: Stamp;
}

/** A HeaderDoc's field names. */
export type HeaderFieldName = keyof HeaderDoc['fields'];

/** Every merged field; from a Record, so that a field added to SessionHeader must be added here. */
const HEADER_FIELD_SET: Record<HeaderFieldName, true> = {
  title: true,
  createdAt: true,
  updatedAt: true,
  model: true,
  leafId: true,
  parentSession: true,
  thinking: true,
  pinned: true,
  importedAt: true,
  workspace: true,
};
export const HEADER_FIELDS = Object.keys(HEADER_FIELD_SET) as HeaderFieldName[];

/** Every record sync carries, decrypted. */
export type SyncRecord =
  | { kind: 'entry'; id: string; sessionId: string; stamp: Stamp; value: SessionEntry }
  | { kind: 'header'; id: string; sessionId: string; header: HeaderDoc }
  | {
      kind: 'attachment';
      id: string;
      sessionId: string;
      stamp: Stamp;
      /** The record without its bytes; the bytes travel as `data`. */
      value: Omit<AttachmentRecord, 'data'>;
      data: Blob;
    }
  | { kind: 'file'; id: string; stamp: Stamp; root: RootKey; path: string; meta: FileMeta; body: FileBody }
  | { kind: 'fileChange'; id: string; stamp: Stamp; root: RootKey; change: FileChange }
  /** A record deleted on its own (an entry, a file, an attachment): its tombstone. */
  | {
      kind: 'entry' | 'attachment' | 'file' | 'fileChange';
      id: string;
      sessionId?: string;
      stamp: Stamp;
      deleted: true;
    };

/** The kinds of record sync carries (a device document is the replicator's own). */
export type SyncKind = SyncRecord['kind'];

/**
 * A record as the local store holds it: what LocalReplica.read returns. The same as
 * SyncRecord but for headers, stored as a plain SessionHeader with one stamp; the
 * replicator turns it into a HeaderDoc (headerDoc.ts) against the last one synced.
 */
export type LocalRecord =
  | Exclude<SyncRecord, { kind: 'header' }>
  | { kind: 'header'; id: string; sessionId: string; stamp: Stamp; value: SessionHeader }
  | { kind: 'header'; id: string; sessionId: string; stamp: Stamp; deleted: true };

export function isTombstone<R extends SyncRecord | LocalRecord>(
  record: R,
): record is Extract<R, { deleted: true }> {
  return 'deleted' in record && record.deleted === true;
}
