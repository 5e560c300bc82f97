/**
 * Puts a session's entries in the order they were written. IndexedDB keeps no insertion
 * order and entry ids are random, so the order is rebuilt from the data: by timestamp,
 * and within one millisecond by tree depth. The log is append-only and an entry is
 * always written after its parent, so depth orders a tie exactly when one entry
 * descends from the other (say a tool result and the reply that follows it). Ties
 * between unrelated entries keep the order they were given in.
 */
import type { SessionEntry } from '../core/types/entry';

export function orderEntries(entries: readonly SessionEntry[]): SessionEntry[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const depths = new Map<string, number>();

  const depthOf = (start: SessionEntry): number => {
    const known = depths.get(start.id);
    if (known !== undefined) return known;
    // Walk up to the first ancestor whose depth is known; `seen` stops a damaged cycle.
    const chain: SessionEntry[] = [];
    const seen = new Set<string>();
    let current: SessionEntry | undefined = start;
    let base = -1;
    while (current && !seen.has(current.id)) {
      const cached = depths.get(current.id);
      if (cached !== undefined) {
        base = cached;
        break;
      }
      seen.add(current.id);
      chain.push(current);
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      base += 1;
      const link = chain[i];
      if (link) depths.set(link.id, base);
    }
    return depths.get(start.id) ?? 0;
  };

  return entries
    .map((entry, index) => ({ entry, index, depth: depthOf(entry) }))
    .sort((a, b) => a.entry.timestamp - b.entry.timestamp || a.depth - b.depth || a.index - b.index)
    .map(({ entry }) => entry);
}
