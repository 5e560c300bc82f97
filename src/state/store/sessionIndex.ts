/**
 * O(1) look-ups into the session headers for store selectors. A selector runs on every
 * store change, which means every frame of a streaming reply; `sessions.find` there
 * costs one pass over thousands of headers per frame per subscriber. The index is built
 * once per `sessions` array (the store replaces the array on every change) and shared by
 * every caller.
 */
import type { SessionHeader } from '../../core/types/entry';

const indexes = new WeakMap<readonly SessionHeader[], ReadonlyMap<string, SessionHeader>>();

function indexOf(sessions: readonly SessionHeader[]): ReadonlyMap<string, SessionHeader> {
  let index = indexes.get(sessions);
  if (!index) {
    index = new Map(sessions.map((h) => [h.id, h]));
    indexes.set(sessions, index);
  }
  return index;
}

/** The header with `id`, if it is among `sessions`. */
export function sessionById(
  sessions: readonly SessionHeader[],
  id: string | null | undefined,
): SessionHeader | undefined {
  return id === null || id === undefined ? undefined : indexOf(sessions).get(id);
}

const models = new WeakMap<readonly SessionHeader[], readonly string[]>();

/** The distinct models of `sessions`, in list order (newest first), computed once per array. */
export function sessionModels(sessions: readonly SessionHeader[]): readonly string[] {
  let list = models.get(sessions);
  if (!list) {
    list = [...new Set(sessions.map((h) => h.model))];
    models.set(sessions, list);
  }
  return list;
}
