/**
 * The versions of a message: entries with the same parent are versions of one another
 * (a retried reply, an edited message). Which version the branch shows, how many there
 * are, and where the branch goes when the user picks another (its newest continuation).
 */
import type { SessionEntry } from '../types/entry';

export interface VersionPlace {
  /** 1-based position of the shown version among its siblings, oldest first. */
  position: number;
  count: number;
  previousId?: string;
  nextId?: string;
}

/** Children of each entry (null: the roots), in insertion (= time) order. */
function childrenByParent(entries: readonly SessionEntry[]): Map<string | null, string[]> {
  const children = new Map<string | null, string[]>();
  for (const entry of entries) {
    const list = children.get(entry.parentId);
    if (list) list.push(entry.id);
    else children.set(entry.parentId, [entry.id]);
  }
  return children;
}

/**
 * The place of each branch entry that has siblings. One pass over every entry: asked for
 * at message boundaries only, like the branch itself.
 */
export function versionPlaces(
  all: readonly SessionEntry[],
  branch: readonly SessionEntry[],
): ReadonlyMap<string, VersionPlace> {
  const places = new Map<string, VersionPlace>();
  const children = childrenByParent(all);
  for (const entry of branch) {
    const siblings = children.get(entry.parentId) ?? [];
    if (siblings.length < 2) continue;
    const index = siblings.indexOf(entry.id);
    const previousId = siblings[index - 1];
    const nextId = siblings[index + 1];
    places.set(entry.id, {
      position: index + 1,
      count: siblings.length,
      ...(previousId !== undefined && { previousId }),
      ...(nextId !== undefined && { nextId }),
    });
  }
  return places;
}

/**
 * The leaf a branch through `entryId` ends in: its newest child, that child's newest, and
 * so on (the conversation as it last went on from that version).
 */
export function newestLeafFrom(all: readonly SessionEntry[], entryId: string): string {
  const children = childrenByParent(all);
  const seen = new Set<string>();
  let id = entryId;
  for (;;) {
    seen.add(id);
    const next = children.get(id)?.at(-1);
    if (next === undefined || seen.has(next)) return id;
    id = next;
  }
}
