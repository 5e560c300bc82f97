/**
 * The stored sessions' headers as the search engine last saw them, kept current without
 * reading every header before each query (issue 31, item 3). After the first full read,
 * a catch-up asks the source only for the headers updated since the newest one seen, the
 * ones named in change announcements, and how many sessions there are. A count that does
 * not add up (an import brings sessions with older times; a deletion nobody announced)
 * falls back to a full read, so a missed announcement costs a read, never a stale index.
 */
import type { SessionHeader } from '../../core/types/entry';

export interface HeaderChanges {
  /** Headers updated at or after the time asked, and those asked for by id that exist. */
  changed: SessionHeader[];
  /** Of the ids asked for, those with no session any more. */
  gone: string[];
  /** How many session records are stored (readable or not). */
  count: number;
}

export interface HeaderSource {
  headers(): Promise<SessionHeader[]>;
  /** What changed since `since` (an updatedAt) plus the `named` sessions; absent, every catch-up reads every header. */
  changedHeaders?(since: number, named: readonly string[]): Promise<HeaderChanges>;
}

export class HeaderTracker {
  private known: Map<string, SessionHeader> | undefined;
  private newest = 0;
  /** Stored session records that are not readable headers: the count includes them, the list does not. */
  private unreadable = 0;
  private named = new Set<string>();
  /** Reads of every header: what the tests count. */
  fullReads = 0;

  constructor(private readonly source: HeaderSource) {}

  /** Sessions written or deleted (in any tab), as the repository announces them. */
  noteChanged(sessionIds: Iterable<string>): void {
    for (const id of sessionIds) this.named.add(id);
  }

  async current(): Promise<ReadonlyMap<string, SessionHeader>> {
    let counted: number | undefined;
    if (this.known && this.source.changedHeaders) {
      const named = [...this.named];
      this.named.clear();
      let changes: HeaderChanges;
      try {
        changes = await this.source.changedHeaders(this.newest, named);
      } catch (error) {
        this.noteChanged(named);
        throw error;
      }
      for (const header of changes.changed) this.known.set(header.id, header);
      for (const id of changes.gone) this.known.delete(id);
      if (changes.count - this.unreadable === this.known.size) return this.settled(this.known);
      counted = changes.count;
    }
    this.named.clear();
    const headers = await this.source.headers();
    this.fullReads++;
    const known = new Map(headers.map((header) => [header.id, header]));
    this.unreadable = counted === undefined ? 0 : Math.max(0, counted - known.size);
    return this.settled(known);
  }

  private settled(known: Map<string, SessionHeader>): ReadonlyMap<string, SessionHeader> {
    this.known = known;
    this.newest = 0;
    for (const header of known.values()) if (header.updatedAt > this.newest) this.newest = header.updatedAt;
    return known;
  }
}
