/**
 * The structural check of a record decrypted from the server. Decryption already proves a
 * document was written with our key, but not by this version of Baton, nor that it is
 * whole: a check here is what keeps a record of the wrong shape out of the local store.
 * Light on purpose: the kind, the ids and how they agree, the stamp, that each value is an
 * object with its main fields typed. Extra fields pass (a newer Baton may add some).
 *
 * Records here are without their blob (see plaintext.ts); `readRecord` answers the record
 * and whether it needs one, or a short reason it is refused.
 */
import { HEADER_FIELDS, type SyncRecord } from '../syncRecord';

/** A record as encrypted: a blob-carrying record's Blob is left out (it travels as the attachment). */
export type BlobSlot = 'attachment' | 'file' | undefined;

export type ShapeResult = { ok: true; record: SyncRecord; blob: BlobSlot } | { ok: false; reason: string };

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function isStamp(value: unknown): boolean {
  return (
    isObject(value) &&
    isString(value.device) &&
    typeof value.rev === 'number' &&
    Number.isSafeInteger(value.rev) &&
    value.rev >= 0
  );
}

/** The NUL a workspace record's id puts between its root and its path or change id (workspaceRecordIds.ts). */
const ROOT_SEPARATOR = '\u0000';

const refuse = (reason: string): ShapeResult => ({ ok: false, reason });

export function readRecord(value: unknown): ShapeResult {
  if (!isObject(value)) return refuse('record is not an object');
  const { kind, id } = value;
  if (!isString(id) || id === '') return refuse('record id is not a string');
  if (kind === 'header') return readHeader(value, id);
  if (!isStamp(value.stamp)) return refuse(`${String(kind)} stamp is malformed`);
  if (value.deleted !== undefined) return readTombstone(value, kind);
  switch (kind) {
    case 'entry':
      return readEntry(value, id);
    case 'attachment':
      return readAttachment(value, id);
    case 'file':
      return readFile(value, id);
    case 'fileChange':
      return readFileChange(value, id);
    default:
      return refuse('unknown record kind');
  }
}

function ok(value: Fields, blob: BlobSlot = undefined): ShapeResult {
  // Checked field by field above: the object is the record its kind describes.
  return { ok: true, record: value as unknown as SyncRecord, blob };
}

function readTombstone(value: Fields, kind: unknown): ShapeResult {
  if (value.deleted !== true) return refuse('deleted is not true');
  if (kind !== 'entry' && kind !== 'attachment' && kind !== 'file' && kind !== 'fileChange')
    return refuse('tombstone of an unknown kind');
  if (value.sessionId !== undefined && !isString(value.sessionId))
    return refuse('tombstone session id is not a string');
  return ok(value);
}

function readEntry(value: Fields, id: string): ShapeResult {
  const entry = value.value;
  if (!isString(value.sessionId)) return refuse('entry session id is not a string');
  if (!isObject(entry)) return refuse('entry value is not an object');
  if (entry.id !== id || entry.sessionId !== value.sessionId) return refuse('entry ids do not match');
  if (!isString(entry.type) || !isNumber(entry.timestamp))
    return refuse('entry type or timestamp is malformed');
  if (entry.parentId !== null && !isString(entry.parentId)) return refuse('entry parent id is malformed');
  return ok(value);
}

function readHeader(value: Fields, id: string): ShapeResult {
  const header = value.header;
  if (value.sessionId !== id) return refuse('header session id does not match');
  if (!isObject(header) || header.id !== id) return refuse('header ids do not match');
  const fields = header.fields;
  if (!isObject(fields)) return refuse('header fields are not an object');
  for (const name of HEADER_FIELDS) {
    const field = fields[name];
    if (!isObject(field) || !('value' in field) || !isStamp(field.stamp))
      return refuse(`header field ${name} is malformed`);
  }
  if (!isString((fields.title as Fields).value)) return refuse('header title is not a string');
  if (!Array.isArray(header.children) || !header.children.every(isString))
    return refuse('header children are not strings');
  if (header.deleted !== undefined && !isStamp(header.deleted))
    return refuse('header deletion stamp is malformed');
  return ok(value);
}

function readAttachment(value: Fields, id: string): ShapeResult {
  const ref = value.value;
  if (!isString(value.sessionId)) return refuse('attachment session id is not a string');
  if (!isObject(ref)) return refuse('attachment value is not an object');
  if (ref.id !== id || ref.sessionId !== value.sessionId) return refuse('attachment ids do not match');
  if (!isString(ref.kind) || !isString(ref.mediaType) || !isString(ref.name) || !isNumber(ref.size))
    return refuse('attachment reference is malformed');
  return ok(value, 'attachment');
}

function readFile(value: Fields, id: string): ShapeResult {
  const { root, path, meta, body } = value;
  if (!isString(root) || !isString(path)) return refuse('file root or path is not a string');
  if (id !== `${root}${ROOT_SEPARATOR}${path}`) return refuse('file id does not match its root and path');
  if (!isObject(meta) || meta.root !== root || meta.path !== path) return refuse('file meta does not match');
  if (
    !isNumber(meta.size) ||
    !isNumber(meta.modifiedAt) ||
    typeof meta.binary !== 'boolean' ||
    !isString(meta.mediaType)
  )
    return refuse('file meta is malformed');
  if (!isObject(body) || body.binary !== meta.binary) return refuse('file body is malformed');
  if (body.binary === false) return isString(body.text) ? ok(value) : refuse('file text is not a string');
  return ok(value, 'file');
}

function readFileChange(value: Fields, id: string): ShapeResult {
  const { root, change } = value;
  if (!isString(root) || !isObject(change)) return refuse('file change is malformed');
  if (!isString(change.id) || id !== `${root}${ROOT_SEPARATOR}${change.id}` || change.root !== root)
    return refuse('file change ids do not match');
  if (!isString(change.path) || !isNumber(change.at)) return refuse('file change path or time is malformed');
  if (!isObject(change.origin) || !isObject(change.edit) || !isString(change.edit.kind))
    return refuse('file change origin or edit is malformed');
  return ok(value);
}
