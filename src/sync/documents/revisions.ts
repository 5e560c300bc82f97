/**
 * Revisions Baton makes for the documents it pushes with `new_edits: false`: `<generation>-<hash>`,
 * the hash the first 32 hex digits of an HMAC (under the ids key) of the parent revision and
 * the document's canonical plaintext. Deterministic on purpose: two devices that make the
 * same merge on the same parent push the same revision, which CouchDB takes as one, not a
 * conflict. The HMAC (not a bare hash) keeps the plaintext from being confirmed by guessing.
 */
import { hmacHex } from '../crypto/cipher';
import type { SyncKeys } from '../syncContract';

/** The revision fields of a document pushed with `new_edits: false`. */
export interface RevisionFields {
  _rev: string;
  _revisions: { start: number; ids: string[] };
}

const HASH_HEX = 32;
/** CouchDB's revisions: a positive generation, a dash, a hash (hex, in CouchDB and PouchDB). */
const REV = /^([1-9][0-9]{0,15})-([0-9a-zA-Z]+)$/;

export function parseRev(rev: string): { generation: number; hash: string } | undefined {
  const match = REV.exec(rev);
  if (!match) return undefined;
  const generation = Number(match[1]);
  return Number.isSafeInteger(generation) ? { generation, hash: match[2] ?? '' } : undefined;
}

function parseOrThrow(rev: string): { generation: number; hash: string } {
  const parsed = parseRev(rev);
  if (!parsed) throw new RangeError(`"${rev}" is not a CouchDB revision.`);
  return parsed;
}

/** The revision, child of `parentRev` (a first one without), of a document whose content is `content`. */
export async function childRevision(
  keys: SyncKeys,
  content: string,
  parentRev?: string,
): Promise<RevisionFields> {
  const parent = parentRev === undefined ? undefined : parseOrThrow(parentRev);
  const hash = (await hmacHex(keys, `${parentRev ?? ''}\n${content}`)).slice(0, HASH_HEX);
  const start = (parent?.generation ?? 0) + 1;
  return {
    _rev: `${start}-${hash}`,
    _revisions: { start, ids: parent ? [hash, parent.hash] : [hash] },
  };
}

/**
 * The revision of the deletion that ends the leaf `leafRev` of `docId`. Its input never
 * reads like a content's (that always starts with `{`), so the two cannot meet.
 */
export async function removalRevision(
  keys: SyncKeys,
  docId: string,
  leafRev: string,
): Promise<RevisionFields> {
  return childRevision(keys, `_deleted\n${docId}`, leafRev);
}
