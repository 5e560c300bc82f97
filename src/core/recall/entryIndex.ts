/**
 * The full-text index over stored entries and session titles, on MiniSearch (BM25
 * ranking, prefix and fuzzy matching). Words are lower-cased and stemmed (stem.ts) on
 * the way in and on the way out, so a query's word forms meet the text's. Pure data
 * and functions: it runs in a worker, in Node tests and in the page alike.
 */
import MiniSearch, { type AsPlainObject, type Options, type SearchResult } from 'minisearch';
import type { SearchableEntry, SearchableRole } from './searchText';
import { processTerm } from './terms';

export type IndexedKind = 'entry' | 'title';

export interface IndexedDoc {
  /** The entry id, or `title:<sessionId>` for a session's title. */
  id: string;
  kind: IndexedKind;
  sessionId: string;
  role: SearchableRole | 'title';
  text: string;
}

/** A match as the index knows it: the text is not kept in the index (see options). */
export interface IndexMatch {
  id: string;
  kind: IndexedKind;
  sessionId: string;
  role: IndexedDoc['role'];
  score: number;
  /** The stems of the query that matched, for picking the passage's lines. */
  terms: string[];
}

/** A match with its text, read back from where it is stored. */
export interface IndexHit extends IndexMatch {
  text: string;
}

export interface IndexQuery {
  query: string;
  /** Only these sessions; all when absent. */
  sessionIds?: ReadonlySet<string>;
  kinds?: ReadonlySet<IndexedKind>;
  limit: number;
}

export const TITLE_PREFIX = 'title:';

export function titleDocId(sessionId: string): string {
  return `${TITLE_PREFIX}${sessionId}`;
}

export { processTerm };

/** A fresh object each time: MiniSearch keeps (and may change) what it is given. */
function options(): Options<IndexedDoc> {
  return {
    fields: ['text'],
    // Not the text: the stored entries have it already, and keeping a second copy in the
    // index doubled what every save writes (118 MB at 50,000 entries). Hits read their
    // text back by id, a handful per search.
    storeFields: ['kind', 'sessionId', 'role'],
    processTerm,
    searchOptions: {
      processTerm,
      // A prefix finds "config" in "configuration"; a little fuzz forgives one typo in longer words.
      prefix: (term: string) => term.length >= 4,
      fuzzy: (term: string) => (term.length >= 6 ? 0.2 : false),
      combineWith: 'OR',
    },
  };
}

function createIndex(): MiniSearch<IndexedDoc> {
  return new MiniSearch<IndexedDoc>(options());
}

export function entryDoc(entry: SearchableEntry): IndexedDoc {
  return { id: entry.entryId, kind: 'entry', sessionId: entry.sessionId, role: entry.role, text: entry.text };
}

export function titleDoc(sessionId: string, title: string): IndexedDoc {
  return { id: titleDocId(sessionId), kind: 'title', sessionId, role: 'title', text: title };
}

export class EntryIndex {
  private constructor(private readonly index: MiniSearch<IndexedDoc>) {}

  static empty(): EntryIndex {
    return new EntryIndex(createIndex());
  }

  /** From what toJSON gave; undefined if it cannot be read (then the caller rebuilds). */
  static restore(json: AsPlainObject): EntryIndex | undefined {
    try {
      return new EntryIndex(MiniSearch.loadJS<IndexedDoc>(json, options()));
    } catch {
      return undefined;
    }
  }

  get size(): number {
    return this.index.documentCount;
  }

  has(id: string): boolean {
    return this.index.has(id);
  }

  /** Adds or replaces one document. */
  put(doc: IndexedDoc): void {
    if (this.index.has(doc.id)) this.index.replace(doc);
    else this.index.add(doc);
  }

  remove(id: string): void {
    if (this.index.has(id)) this.index.discard(id);
  }

  search({ query, sessionIds, kinds, limit }: IndexQuery): IndexMatch[] {
    const filtered = sessionIds !== undefined || kinds !== undefined;
    const results: SearchResult[] = this.index.search(
      query,
      // No filter at all when nothing is filtered: it runs once per matching document.
      filtered
        ? {
            filter: (result) =>
              (sessionIds === undefined || sessionIds.has(String(result.sessionId))) &&
              (kinds === undefined || kinds.has(result.kind as IndexedKind)),
          }
        : {},
    );
    return results.slice(0, limit).map((result) => ({
      id: String(result.id),
      kind: result.kind as IndexedKind,
      sessionId: String(result.sessionId),
      role: result.role as IndexedDoc['role'],
      score: result.score,
      terms: result.terms,
    }));
  }

  toJSON(): AsPlainObject {
    return this.index.toJSON();
  }
}
