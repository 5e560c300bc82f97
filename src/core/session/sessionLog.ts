/**
 * One session in memory: its header and its append-only entry tree. The log never
 * deletes an entry; a branch is chosen by moving the leaf. Persistence is the
 * caller's job (see SessionPersistence) so this stays a plain data structure.
 */
import type { SessionEntry, SessionHeader } from '../types/entry';

export const DEFAULT_SESSION_TITLE = 'New session';

export function createSessionHeader(init: {
  id: string;
  model: string;
  now: number;
  title?: string;
  parentSession?: string;
}): SessionHeader {
  const header: SessionHeader = {
    id: init.id,
    title: init.title ?? DEFAULT_SESSION_TITLE,
    createdAt: init.now,
    updatedAt: init.now,
    model: init.model,
    leafId: null,
    children: [],
  };
  if (init.parentSession !== undefined) header.parentSession = init.parentSession;
  return header;
}

export class SessionLog {
  private readonly byId = new Map<string, SessionEntry>();

  constructor(
    public header: SessionHeader,
    entries: readonly SessionEntry[] = [],
  ) {
    for (const entry of entries) this.byId.set(entry.id, entry);
  }

  get id(): string {
    return this.header.id;
  }

  get(id: string): SessionEntry | undefined {
    return this.byId.get(id);
  }

  get size(): number {
    return this.byId.size;
  }

  /** Every entry in insertion order (all branches). */
  entries(): SessionEntry[] {
    return [...this.byId.values()];
  }

  /** Adds an entry as the new leaf. Its parentId must already be set by the caller. */
  append(entry: SessionEntry): void {
    if (this.byId.has(entry.id)) throw new Error(`Entry ${entry.id} already exists`);
    this.byId.set(entry.id, entry);
    this.header = {
      ...this.header,
      leafId: entry.id,
      updatedAt: Math.max(this.header.updatedAt, entry.timestamp),
    };
  }

  /** Swaps in a newer version of an existing entry (a streaming message growing). */
  update(entry: SessionEntry): void {
    if (!this.byId.has(entry.id)) throw new Error(`Entry ${entry.id} does not exist`);
    this.byId.set(entry.id, entry);
  }

  /**
   * The path from the root to `leafId` (default: the current leaf). Tolerates damaged
   * data: a missing parent ends the walk and a cycle is cut where it closes.
   */
  getBranch(leafId: string | null = this.header.leafId): SessionEntry[] {
    const branch: SessionEntry[] = [];
    const seen = new Set<string>();
    let id = leafId;
    while (id !== null && !seen.has(id)) {
      const entry = this.byId.get(id);
      if (!entry) break;
      seen.add(id);
      branch.push(entry);
      id = entry.parentId;
    }
    return branch.reverse();
  }
}
