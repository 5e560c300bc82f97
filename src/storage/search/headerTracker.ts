/**
 * The stored sessions' headers as the search engine last saw them, kept current from the
 * change feed (storage/changeFeed.ts) instead of reading every header before each query
 * (issue 31, item 3). The first catch-up notes the feed's newest `seq`, then reads every
 * header; each later one reads the feed after its checkpoint and re-reads only the
 * headers written or deleted there (and those of sessions whose entries were written).
 * The feed is in the database, so changes by other tabs, imports with old times and
 * deletions nobody announced are all in it: nothing is counted, nothing is guessed. Only
 * when more changes came than a full read would cost does the tracker read everything.
 */
import type { SessionHeader } from '../../core/types/entry';

export interface HeaderChanges {
  /** Readable headers of the sessions changed after the checkpoint. */
  changed: SessionHeader[];
  /** Sessions changed after the checkpoint that have no readable header now (deleted). */
  gone: string[];
  /** Where the next read of the feed starts. */
  checkpoint: number;
}

export interface HeaderSource {
  headers(): Promise<SessionHeader[]>;
  /** The change feed's newest seq (0 if empty): a full read begun after it misses nothing after it. */
  feedCheckpoint?(): Promise<number>;
  /**
   * Headers changed after `since` by the feed; undefined when more than `limit` changes came
   * since (reading every header is then cheaper). Absent: every catch-up reads every header.
   */
  headerChanges?(since: number, limit: number): Promise<HeaderChanges | undefined>;
}

/** Past this many changes since the last catch-up, one full read of the headers is cheaper. */
export const FEED_READ_LIMIT = 20_000;

export class HeaderTracker {
  private known: Map<string, SessionHeader> | undefined;
  private checkpoint: number | undefined;
  /** Reads of every header: what the tests count. */
  fullReads = 0;

  constructor(private readonly source: HeaderSource) {}

  async current(): Promise<ReadonlyMap<string, SessionHeader>> {
    const { known, checkpoint } = this;
    if (known && checkpoint !== undefined && this.source.headerChanges) {
      const changes = await this.source.headerChanges(checkpoint, FEED_READ_LIMIT);
      if (changes) {
        for (const header of changes.changed) known.set(header.id, header);
        for (const id of changes.gone) known.delete(id);
        this.checkpoint = changes.checkpoint;
        return known;
      }
    }
    // The checkpoint before the read: a change after it is read again next time, never missed.
    const next = this.source.feedCheckpoint ? await this.source.feedCheckpoint() : undefined;
    const headers = await this.source.headers();
    this.fullReads++;
    this.known = new Map(headers.map((header) => [header.id, header]));
    this.checkpoint = next;
    return this.known;
  }
}
