/**
 * Handoff lineage as the sidebar and the breadcrumb show it. Pure functions over the
 * headers, so the grouping rules (deleted parents, cycles in imported data) are tested
 * without a browser.
 */
import type { SessionHeader } from '../../core/types/entry';

export interface LineageRow {
  header: SessionHeader;
  /** 0 for a chain's root, 1 for its first handoff, and so on. */
  depth: number;
}

/**
 * The sessions in sidebar order: each handoff chain as one group, the root first and
 * every child right under its parent (oldest handoff first). A group sits where its
 * most recently used member sits in `sessions` (newest first), so the chain being
 * worked on stays on top. A child whose parent is gone shows at the top level.
 */
export function lineageRows(sessions: readonly SessionHeader[]): LineageRow[] {
  const byId = new Map(sessions.map((h) => [h.id, h]));
  const childrenOf = new Map<string, SessionHeader[]>();
  for (const header of sessions) {
    const parent = header.parentSession;
    if (parent === undefined || parent === header.id || !byId.has(parent)) continue;
    const list = childrenOf.get(parent) ?? [];
    list.push(header);
    childrenOf.set(parent, list);
  }
  for (const list of childrenOf.values()) list.sort((a, b) => a.createdAt - b.createdAt);

  const rows: LineageRow[] = [];
  const placed = new Set<string>();
  // A group is walked with a stack of its own, never by recursion: an imported chain
  // can be thousands of handoffs deep, more than the call stack holds.
  const pending: LineageRow[] = [];
  const place = (start: SessionHeader) => {
    pending.push({ header: start, depth: 0 });
    for (let row = pending.pop(); row !== undefined; row = pending.pop()) {
      if (placed.has(row.header.id)) continue;
      placed.add(row.header.id);
      rows.push(row);
      const children = childrenOf.get(row.header.id) ?? [];
      // Pushed youngest first, so the oldest handoff is taken (and listed) first.
      for (let i = children.length - 1; i >= 0; i--) {
        const child = children[i] as SessionHeader; // i is within the list.
        if (!placed.has(child.id)) pending.push({ header: child, depth: row.depth + 1 });
      }
    }
  };
  for (const header of sessions) {
    // Emit whole groups, found from any member: climb to the root first. A member of a
    // group already listed needs no climb (its root was listed with it), which keeps
    // the whole pass linear however deep the chains.
    if (!placed.has(header.id)) place(rootOf(header, byId));
  }
  // A cycle (only possible in hand-edited or imported data) has no root; show its members flat.
  for (const header of sessions) place(header);
  return rows;
}

function rootOf(header: SessionHeader, byId: ReadonlyMap<string, SessionHeader>): SessionHeader {
  // Most sessions have no parent: no set to allocate for them (this runs for every
  // header whenever the list changes, thousands of times).
  if (header.parentSession === undefined || !byId.has(header.parentSession)) return header;
  const seen = new Set<string>([header.id]);
  let current = header;
  for (;;) {
    const parent = current.parentSession === undefined ? undefined : byId.get(current.parentSession);
    if (!parent || seen.has(parent.id)) return current;
    seen.add(parent.id);
    current = parent;
  }
}

/**
 * The handoff chain that ends at `id`: its oldest ancestor still present first, the
 * session itself last. Empty when `id` is not among the sessions.
 */
export function chainTo(sessions: readonly SessionHeader[], id: string | null): SessionHeader[] {
  const byId = new Map(sessions.map((h) => [h.id, h]));
  const chain: SessionHeader[] = [];
  const seen = new Set<string>();
  let current = id === null ? undefined : byId.get(id);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    // Pushed and reversed once: unshift would cost a copy per step on a long chain.
    chain.push(current);
    current = current.parentSession === undefined ? undefined : byId.get(current.parentSession);
  }
  return chain.reverse();
}

/** lineageRows' input and output, kept to update the rows cheaply on the next change. */
export interface LineageSnapshot {
  sessions: readonly SessionHeader[];
  rows: readonly LineageRow[];
}

/**
 * lineageRows for `sessions`, reusing `previous` when the change left the grouping as it
 * was: the same sessions in the same order with the same parents, only some headers
 * replaced (a reply updates its session's header, usually the first one). That case is
 * the common one while a session is worked on, and costs a pass of identity checks
 * instead of regrouping thousands of headers.
 */
export function nextLineage(
  previous: LineageSnapshot | undefined,
  sessions: readonly SessionHeader[],
): LineageSnapshot {
  if (!previous || previous.sessions.length !== sessions.length)
    return { sessions, rows: lineageRows(sessions) };
  const replaced = new Map<string, SessionHeader>();
  for (let i = 0; i < sessions.length; i++) {
    const before = previous.sessions[i];
    const after = sessions[i];
    if (before === after) continue;
    if (!before || !after || before.id !== after.id || before.parentSession !== after.parentSession) {
      return { sessions, rows: lineageRows(sessions) };
    }
    replaced.set(after.id, after);
  }
  if (replaced.size === 0) return { sessions, rows: previous.rows };
  const rows = previous.rows.map((row) => {
    const header = replaced.get(row.header.id);
    return header ? { header, depth: row.depth } : row;
  });
  return { sessions, rows };
}

/** The breadcrumb's steps: sessions as links, or one gap standing for the steps left out. */
export type Crumb = { kind: 'session'; header: SessionHeader } | { kind: 'gap'; count: number };

/** Steps shown before and after the gap of a long chain. */
const CRUMBS_AT_START = 1;
const CRUMBS_AT_END = 4;

/**
 * The chain as the breadcrumb shows it: whole when short, else the root, a gap and the
 * last steps, so an imported chain thousands deep is a line, not thousands of links.
 */
export function breadcrumbSteps(chain: readonly SessionHeader[]): Crumb[] {
  const shown = (header: SessionHeader): Crumb => ({ kind: 'session', header });
  if (chain.length <= CRUMBS_AT_START + CRUMBS_AT_END + 1) return chain.map(shown);
  return [
    ...chain.slice(0, CRUMBS_AT_START).map(shown),
    { kind: 'gap', count: chain.length - CRUMBS_AT_START - CRUMBS_AT_END },
    ...chain.slice(-CRUMBS_AT_END).map(shown),
  ];
}
