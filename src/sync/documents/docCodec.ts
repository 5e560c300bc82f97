/**
 * The DocCodec of syncContract.ts over the sync keys: records to encrypted CouchDB
 * documents and back.
 *
 * A document as the server holds it: `{ _id, _rev, _revisions, v: 1, iv, data }` and, for a
 * record with a blob, `_attachments.blob` (application/octet-stream, the IV then the
 * ciphertext). `data` is the AES-GCM of the JSON `{ record, blob? }`: the record without
 * its blob, and the blob's BlobInfo. The server sees the id (in clear for entries,
 * headers and attachments, whose ids are random; an HMAC for files and their changes,
 * whose ids hold a path), the revisions and the sizes; nothing of the contents.
 *
 * A tombstone record (a deleted entry, file, ...) is an ordinary document whose body says
 * `deleted: true`, not a CouchDB deletion: its stamp has to travel, for the last writer to
 * win on every device, and a CouchDB deletion would make it lose to any live leaf.
 * `removeLeaf` is the only CouchDB deletion Baton makes: pruning a branch that lost a merge.
 *
 * decode trusts nothing of the document: sizes are checked before any decryption, every
 * field after, and the record must give back the id it came under (a server that moves a
 * body to another id, or makes one up, is caught there).
 */
import { decodeBase64, encodeBase64 } from '../../core/attachments/base64';
import { DecryptError, decryptJson, encryptJson, openBytes, sealBytes, sha256Hex } from '../crypto/cipher';
import type { CouchDoc, DecodeResult, DocCodec, SyncKeys } from '../syncContract';
import type { SyncRecord } from '../syncRecord';
import { type BlobInfo, isBlobInfo, joinBlob, splitBlob } from './blobSlots';
import { canonicalJson } from './canonicalJson';
import { docKindOf, recordDocId } from './docIds';
import { readRecord } from './recordShape';
import { childRevision, removalRevision } from './revisions';

/** The format of a document body; a newer format is skipped by this version, not misread. */
export const BODY_VERSION = 1;
/** The largest encrypted body accepted, in base64 characters. */
export const MAX_BODY_CHARS = 16 * 1024 * 1024;
/** The largest blob accepted, in plain bytes (its base64 is checked against this before decrypting). */
export const MAX_BLOB_BYTES = 64 * 1024 * 1024;
/** The name of the attachment that holds a record's blob. */
export const BLOB_ATTACHMENT = 'blob';

/** Base64 characters of the sealed form of a blob of MAX_BLOB_BYTES (IV and tag added). */
const MAX_BLOB_CHARS = Math.ceil((MAX_BLOB_BYTES + 12 + 16) / 3) * 4;

export function createDocCodec(keys: SyncKeys): DocCodec {
  const docId = (record: { kind: SyncRecord['kind']; id: string }) => recordDocId(keys, record);

  return {
    docId,

    async encode(record, parentRev) {
      const { rest, blob } = splitBlob(record);
      let info: BlobInfo | undefined;
      let attachment: string | undefined;
      if (blob) {
        const bytes = new Uint8Array(await blob.arrayBuffer());
        info = { sha256: await sha256Hex(bytes), size: bytes.length, type: blob.type };
        attachment = encodeBase64(await sealBytes(keys, bytes));
      }
      const plaintext = info ? { record: rest, blob: info } : { record: rest };
      const revision = await childRevision(keys, canonicalJson(plaintext), parentRev);
      const sealed = await encryptJson(keys, plaintext);
      const doc: CouchDoc = {
        _id: await docId(record),
        ...revision,
        v: BODY_VERSION,
        iv: sealed.iv,
        data: sealed.data,
      };
      if (attachment !== undefined)
        doc._attachments = {
          [BLOB_ATTACHMENT]: { content_type: 'application/octet-stream', data: attachment },
        };
      return doc;
    },

    async removeLeaf(id, rev) {
      return { _id: id, ...(await removalRevision(keys, id, rev)), _deleted: true };
    },

    async decode(doc) {
      try {
        return await decodeDoc(keys, doc, docId);
      } catch (error) {
        // Nothing above should throw; if something does, the document is skipped, not the run.
        return { ok: false, reason: error instanceof DecryptError ? 'does not decrypt' : 'unreadable' };
      }
    },
  };
}

const skip = (reason: string): DecodeResult => ({ ok: false, reason });

async function decodeDoc(
  keys: SyncKeys,
  doc: unknown,
  docId: (record: { kind: SyncRecord['kind']; id: string }) => Promise<string>,
): Promise<DecodeResult> {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return skip('not a document');
  const {
    _id: id,
    _deleted: deleted,
    v,
    iv,
    data,
    _attachments: attachments,
  } = doc as Record<string, unknown>;
  if (typeof id !== 'string') return skip('no document id');
  if (deleted === true) return skip('deleted document');
  const kind = docKindOf(id);
  if (kind === undefined || kind === 'device' || kind === 'meta') return skip('not a record document');
  if (v !== BODY_VERSION)
    return skip(typeof v === 'number' ? `body format ${v} is unknown` : 'body is not Baton’s');
  if (typeof iv !== 'string' || typeof data !== 'string') return skip('body is not Baton’s');
  if (data.length > MAX_BODY_CHARS) return skip('body over 16 MB');

  let plaintext: unknown;
  try {
    plaintext = await decryptJson(keys, { iv, data });
  } catch {
    return skip('body does not decrypt');
  }
  if (typeof plaintext !== 'object' || plaintext === null) return skip('body is not a record');
  const { record: value, blob: info } = plaintext as { record?: unknown; blob?: unknown };
  const shape = readRecord(value);
  if (!shape.ok) return skip(shape.reason);
  let record = shape.record;

  const blobAttachment =
    typeof attachments === 'object' && attachments !== null
      ? (attachments as Record<string, unknown>)[BLOB_ATTACHMENT]
      : undefined;
  const attachmentCount =
    typeof attachments === 'object' && attachments !== null ? Object.keys(attachments).length : 0;
  if (shape.blob) {
    if (!isBlobInfo(info)) return skip('blob description is malformed');
    if (attachmentCount !== 1) return skip('blob attachment missing');
    const opened = await openBlob(keys, blobAttachment, info);
    if (typeof opened === 'string') return skip(opened);
    record = joinBlob(record, shape.blob, opened);
  } else if (info !== undefined || attachmentCount > 0) {
    return skip('unexpected blob');
  }

  if ((await docId(record)) !== id) return skip('document id does not match its record');
  return { ok: true, record };
}

/** The blob of a document, or why not: sizes first, then decryption, then its SHA-256. */
async function openBlob(keys: SyncKeys, attachment: unknown, info: BlobInfo): Promise<Blob | string> {
  if (typeof attachment !== 'object' || attachment === null) return 'blob attachment missing';
  const { data, length } = attachment as { data?: unknown; length?: unknown };
  if (info.size > MAX_BLOB_BYTES || (typeof length === 'number' && length > MAX_BLOB_BYTES + 28))
    return 'blob over 64 MB';
  if (typeof data !== 'string') return 'blob not sent inline';
  if (data.length > MAX_BLOB_CHARS) return 'blob over 64 MB';
  const sealed = decodeBase64(data);
  if (sealed === undefined) return 'blob is not base64';
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await openBytes(keys, sealed);
  } catch {
    return 'blob does not decrypt';
  }
  if (bytes.length !== info.size || (await sha256Hex(bytes)) !== info.sha256)
    return 'blob does not match its record';
  return new Blob([bytes], { type: info.type });
}
