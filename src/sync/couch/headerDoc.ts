/**
 * Session headers as sync merges them (issue 28): field by field, each field with the
 * stamp of the write that set it (see HeaderDoc in syncRecord.ts). The merge is a join:
 * commutative, associative and idempotent, so devices that exchange headers in any order
 * end with the same one (headerDoc.test.ts checks that with random interleavings).
 */
import type { SessionHeader } from '../../core/types/entry';
import { compareStamps, type Stamp, UNSTAMPED } from '../../storage/revision';
import { canonicalJson } from '../documents/canonicalJson';
import { HEADER_FIELDS, type HeaderDoc, type HeaderFieldName } from '../syncRecord';

function fieldValue(header: SessionHeader, name: HeaderFieldName): unknown {
  const value = header[name];
  return value === undefined ? null : value;
}

/**
 * The HeaderDoc for a header as stored here: a field that differs from `previous` (the
 * one last synced) was set by this write and gets `stamp`; an unchanged field keeps the
 * stamp it had, so an older edit made here cannot win over a newer one made elsewhere.
 */
export function headerDocFromLocal(header: SessionHeader, stamp: Stamp, previous?: HeaderDoc): HeaderDoc {
  const fields = {} as Record<HeaderFieldName, { value: unknown; stamp: Stamp }>;
  for (const name of HEADER_FIELDS) {
    const value = fieldValue(header, name);
    const before = previous?.fields[name];
    fields[name] =
      before && canonicalJson(before.value) === canonicalJson(value)
        ? { value, stamp: before.stamp }
        : { value, stamp };
  }
  const doc: HeaderDoc = {
    id: header.id,
    fields: fields as HeaderDoc['fields'],
    children: sortedUnion(header.children, previous?.children ?? []),
  };
  if (previous?.deleted) doc.deleted = previous.deleted;
  return doc;
}

/** A deleted session's HeaderDoc when nothing of it was synced before: only the deletion counts. */
export function tombstoneHeaderDoc(id: string, stamp: Stamp, previous?: HeaderDoc): HeaderDoc {
  const base =
    previous ??
    headerDocFromLocal(
      { id, title: '', createdAt: 0, updatedAt: 0, model: '', leafId: null, children: [] },
      UNSTAMPED,
    );
  return { ...base, deleted: base.deleted && compareStamps(base.deleted, stamp) <= 0 ? base.deleted : stamp };
}

/**
 * The merge of two versions of a header: per field the later stamp (compareStamps; two
 * equal stamps with different values, which one write cannot make, fall back to the
 * larger value's text so the choice is still the same on every device); the union of the
 * children, sorted; the earliest deletion, once either side deleted.
 */
export function mergeHeaderDocs(a: HeaderDoc, b: HeaderDoc): HeaderDoc {
  const fields = {} as Record<HeaderFieldName, { value: unknown; stamp: Stamp }>;
  for (const name of HEADER_FIELDS) {
    const left = a.fields[name];
    const right = b.fields[name];
    const order = compareStamps(left.stamp, right.stamp);
    if (order !== 0) fields[name] = order > 0 ? left : right;
    else fields[name] = canonicalJson(left.value) >= canonicalJson(right.value) ? left : right;
  }
  const merged: HeaderDoc = {
    id: a.id,
    fields: fields as HeaderDoc['fields'],
    children: sortedUnion(a.children, b.children),
  };
  const deleted = earliest(a.deleted, b.deleted);
  if (deleted) merged.deleted = deleted;
  return merged;
}

/** The header a HeaderDoc describes, and its stamp: the latest of its fields' (and its deletion's). */
export function sessionHeaderOf(doc: HeaderDoc): { value: SessionHeader; stamp: Stamp } {
  let stamp: Stamp = UNSTAMPED;
  const value: Record<string, unknown> = { id: doc.id, children: [...doc.children] };
  for (const name of HEADER_FIELDS) {
    const field = doc.fields[name];
    if (compareStamps(field.stamp, stamp) > 0) stamp = field.stamp;
    if (field.value !== null || name === 'leafId') value[name] = field.value;
  }
  if (doc.deleted && compareStamps(doc.deleted, stamp) > 0) stamp = doc.deleted;
  value.title ??= '';
  value.model ??= '';
  value.createdAt ??= 0;
  value.updatedAt ??= 0;
  // Built field by field from HEADER_FIELDS, which covers SessionHeader (its set's type, syncRecord.ts).
  return { value: value as unknown as SessionHeader, stamp };
}

export function sameHeaderDoc(a: HeaderDoc, b: HeaderDoc): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function sortedUnion(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])].sort();
}

function earliest(a: Stamp | undefined, b: Stamp | undefined): Stamp | undefined {
  if (!a) return b;
  if (!b) return a;
  return compareStamps(a, b) <= 0 ? a : b;
}
