/**
 * Keeps the full-text index (core/recall/entryIndex.ts) in step with the stored
 * sessions, incrementally. Beside the index it keeps which entries it covers, session
 * by session, with each session's `updatedAt` when it was last read: catching up reads
 * only the sessions that changed since, adds only the entries missing (or changed), and
 * drops the sessions that are gone. Index and coverage are saved together, so a reload
 * starts from where the last save left off.
 */
import {
  EntryIndex,
  entryDoc,
  type IndexHit,
  type IndexQuery,
  type SavedEntryIndex,
  titleDoc,
  titleDocId,
} from '../../core/recall/entryIndex';
import { searchableEntry } from '../../core/recall/searchText';
import type { SessionEntry, SessionHeader } from '../../core/types/entry';
import { type HeaderSource, HeaderTracker } from './headerTracker';

/** Per session: its updatedAt when read, and each indexed entry's text length (a cheap change mark). */
export type Coverage = Record<string, { updatedAt: number; entries: Record<string, number> }>;

export interface PersistedIndex {
  /** Bumped when the index's text processing changes: an index of another format is rebuilt. */
  format: number;
  index: SavedEntryIndex;
  covered: Coverage;
}

/**
 * Raise when stem.ts, terms.ts, searchText.ts or the index's layout change what is saved
 * (2: text no longer stored; 3: typed-array postings instead of MiniSearch's JSON).
 */
export const INDEX_FORMAT = 3;

export interface EntryRef {
  id: string;
  sessionId: string;
}

export interface SearchSource extends HeaderSource {
  entries(sessionId: string): Promise<SessionEntry[]>;
  /** Stored entries by id (undefined where gone), for the text of the hits a search returns. */
  entriesById(refs: readonly EntryRef[]): Promise<Array<SessionEntry | undefined>>;
}

export interface IndexStore {
  load(): Promise<PersistedIndex | undefined>;
  save(index: PersistedIndex): Promise<void>;
}

export interface SearchEngineOptions {
  /** Lets other work run between sessions' batches; default: none (a worker needs none). */
  pause?: () => Promise<void>;
}

export class SearchEngine {
  private index: EntryIndex = EntryIndex.empty();
  private covered: Coverage = {};
  private readonly headers: HeaderTracker;
  /** Titles as of the last catch-up, for the text of title hits. */
  private titles: ReadonlyMap<string, SessionHeader> = new Map();
  private loaded: Promise<void> | undefined;
  private running: Promise<number> | undefined;
  private dirty = false;
  /** Documents added or replaced since start: what the tests and the bench count. */
  added = 0;

  constructor(
    private readonly source: SearchSource,
    private readonly store: IndexStore,
    private readonly options: SearchEngineOptions = {},
  ) {
    this.headers = new HeaderTracker(source);
  }

  /** How often a catch-up read every header (the first one, and after more changes than FEED_READ_LIMIT). */
  get fullHeaderReads(): number {
    return this.headers.fullReads;
  }

  get size(): number {
    return this.index.size;
  }

  private load(): Promise<void> {
    this.loaded ??= this.store.load().then(
      (saved) => {
        const restored = saved?.format === INDEX_FORMAT ? EntryIndex.restore(saved.index) : undefined;
        if (saved && restored) {
          this.index = restored;
          this.covered = saved.covered;
        }
      },
      // An unreadable saved index costs a rebuild, never the search.
      () => undefined,
    );
    return this.loaded;
  }

  /** Brings the index up to date with the stored sessions; resolves with the documents added. */
  catchUp(): Promise<number> {
    // One catch-up at a time; a call during one waits for it and then runs its own, so it sees writes made meanwhile.
    const previous = this.running ?? Promise.resolve(0);
    const next = previous.then(() => this.catchUpOnce());
    this.running = next.catch(() => 0);
    return next;
  }

  private async catchUpOnce(): Promise<number> {
    await this.load();
    const before = this.added;
    const headers = await this.headers.current();
    this.titles = headers;
    for (const sessionId of Object.keys(this.covered)) {
      if (headers.has(sessionId)) continue;
      this.dropSession(sessionId);
    }
    for (const header of headers.values()) {
      if (this.covered[header.id]?.updatedAt === header.updatedAt) continue;
      await this.indexSession(header);
      await this.options.pause?.();
    }
    if (this.dirty) {
      this.dirty = false;
      await this.store.save({ format: INDEX_FORMAT, index: this.index.save(), covered: this.covered });
    }
    return this.added - before;
  }

  private dropSession(sessionId: string): void {
    for (const entryId of Object.keys(this.covered[sessionId]?.entries ?? {})) this.index.remove(entryId);
    this.index.remove(titleDocId(sessionId));
    delete this.covered[sessionId];
    this.dirty = true;
  }

  private async indexSession(header: SessionHeader): Promise<void> {
    const entries = await this.source.entries(header.id);
    const had = this.covered[header.id]?.entries ?? {};
    const now: Record<string, number> = {};
    this.index.put(titleDoc(header.id, header.title));
    for (const entry of entries) {
      const searchable = searchableEntry(entry);
      if (!searchable) continue;
      now[entry.id] = searchable.text.length;
      if (had[entry.id] === searchable.text.length && this.index.has(entry.id)) continue;
      this.index.put(entryDoc(searchable));
      this.added++;
    }
    for (const gone of Object.keys(had)) if (!(gone in now)) this.index.remove(gone);
    this.covered[header.id] = { updatedAt: header.updatedAt, entries: now };
    this.dirty = true;
  }

  /** Searches after catching up, so what was just written is found. */
  async search(query: IndexQuery): Promise<IndexHit[]> {
    await this.catchUp();
    const matches = this.index.search(query);
    const entryMatches = matches.filter((match) => match.kind === 'entry');
    const stored = await this.source.entriesById(entryMatches);
    const texts = new Map<string, string>();
    entryMatches.forEach((match, i) => {
      const entry = stored[i];
      const text = entry && searchableEntry(entry)?.text;
      if (text) texts.set(match.id, text);
    });
    const hits: IndexHit[] = [];
    for (const match of matches) {
      // An entry deleted since the catch-up has nothing to show: it is left out.
      const text = match.kind === 'title' ? this.titles.get(match.sessionId)?.title : texts.get(match.id);
      if (text !== undefined) hits.push({ ...match, text });
    }
    return hits;
  }
}
