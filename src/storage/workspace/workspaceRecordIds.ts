/**
 * How workspace records are named in the change feed and its stamps. A file and a change
 * are each one record (kinds 'file' and 'fileChange', see records.ts); their ids carry
 * the root, so a reader of the feed or of a tab announcement knows which file tree
 * changed without reading the record. They are stamped under no session (''), as
 * settings are: a workspace belongs to a chain, not to one session.
 */
import type { RootKey } from '../../core/workspace/fileStore';
import type { RecordSummary } from '../records';

/**
 * NUL separates the root from the rest: paths never hold it (the executor refuses it)
 * and change ids are made by newId, so the last NUL always ends the root.
 */
const SEPARATOR = '\u0000';

export function fileRecord(root: RootKey, path: string): RecordSummary {
  return { kind: 'file', id: `${root}${SEPARATOR}${path}` };
}

export function changeRecord(root: RootKey, changeId: string): RecordSummary {
  return { kind: 'fileChange', id: `${root}${SEPARATOR}${changeId}` };
}

/** The root a workspace record's id names; undefined for any other record. */
export function rootOfRecord(record: { kind: string; id: string }): RootKey | undefined {
  if (record.kind !== 'file' && record.kind !== 'fileChange') return undefined;
  const at = record.id.lastIndexOf(SEPARATOR);
  return at > 0 ? record.id.slice(0, at) : undefined;
}

/**
 * Every key of one root in a store keyed (or indexed) by [root, x], x a path or a history
 * order ([at, seq, index]). The upper bound's second part, an array holding an array,
 * sorts after every string and every array of numbers.
 */
export function rootRange(root: RootKey): IDBKeyRange {
  return IDBKeyRange.bound([root], [root, [[]]]);
}
