/**
 * The blob of a record (an attachment's bytes, a binary file's contents) travels apart
 * from its record: encrypted on its own as the CouchDB attachment `blob`, so the body
 * stays small, JSON has no Blob to spell, and a pull can size the two separately. What
 * stays in the record is described by BlobInfo in the encrypted body: the blob's SHA-256
 * (which binds the attachment to this body: a server cannot swap in another document's
 * blob, though both decrypt) and its size and type.
 */
import type { SyncRecord } from '../syncRecord';
import type { BlobSlot } from './recordShape';

export interface BlobInfo {
  /** SHA-256 of the plain bytes, hex. */
  sha256: string;
  size: number;
  /** The Blob's MIME type as it was (may be ''). */
  type: string;
}

/** `record` without its blob (what is encrypted as the body), and the blob if it has one. */
export function splitBlob(record: SyncRecord): { rest: object; blob?: Blob } {
  if ('deleted' in record) return { rest: record };
  if (record.kind === 'attachment') {
    const { data, ...rest } = record;
    // The value's type has no bytes, but a caller that passed the stored record as it is
    // would send `data` twice (and as `{}` in JSON): leave it out here as well.
    const { data: _bytes, ...value } = record.value as typeof record.value & { data?: unknown };
    return { rest: { ...rest, value }, blob: data };
  }
  if (record.kind === 'file' && record.body.binary) {
    return { rest: { ...record, body: { binary: true } }, blob: record.body.blob };
  }
  return { rest: record };
}

/** The record `rest` with `blob` back in its slot (which readRecord named). */
export function joinBlob(rest: SyncRecord, slot: Exclude<BlobSlot, undefined>, blob: Blob): SyncRecord {
  if (slot === 'attachment') return { ...rest, data: blob } as SyncRecord;
  return { ...rest, body: { binary: true, blob } } as SyncRecord;
}

export function isBlobInfo(value: unknown): value is BlobInfo {
  if (typeof value !== 'object' || value === null) return false;
  const info = value as Record<string, unknown>;
  return (
    typeof info.sha256 === 'string' &&
    /^[0-9a-f]{64}$/.test(info.sha256) &&
    typeof info.size === 'number' &&
    Number.isSafeInteger(info.size) &&
    info.size >= 0 &&
    typeof info.type === 'string'
  );
}
