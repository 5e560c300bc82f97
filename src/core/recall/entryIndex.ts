/**
 * The full-text index over stored entries and session titles: BM25 ranking with prefix
 * and typo matching (rank.ts) over postings in typed arrays (postings.ts). Words are
 * lower-cased and stemmed (stem.ts) on the way in and on the way out, so a query's word
 * forms meet the text's. It keeps no copy of the text: a hit's text is read back from
 * the stored entry. Pure data and functions: it runs in a worker, in Node tests and in
 * the page alike.
 */
import { type PostedDoc, Postings } from './postings';
import { limitQuery } from './queryLimits';
import { rank } from './rank';
import { decodeDocs, type SavedPostings } from './savedPostings';
import type { SearchableEntry, SearchableRole } from './searchText';
import { processTerm, words } from './terms';

export type IndexedKind = 'entry' | 'title';

export interface IndexedDoc {
  /** The entry id, or `title:<sessionId>` for a session's title. */
  id: string;
  kind: IndexedKind;
  sessionId: string;
  role: SearchableRole | 'title';
  text: string;
}

/** A match as the index knows it: the text is not kept in the index. */
export interface IndexMatch {
  id: string;
  kind: IndexedKind;
  sessionId: string;
  role: IndexedDoc['role'];
  score: number;
  /** The index terms that matched (stems), for picking the passage's lines. */
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

export type SavedEntryIndex = SavedPostings;

export const TITLE_PREFIX = 'title:';

export function titleDocId(sessionId: string): string {
  return `${TITLE_PREFIX}${sessionId}`;
}

export { processTerm };

/** Roles by the code the postings keep for each document. */
const ROLES: ReadonlyArray<IndexedDoc['role']> = ['user', 'assistant', 'tool', 'handoff', 'title'];

function roleOf(code: number): IndexedDoc['role'] {
  return ROLES[code] ?? 'user';
}

export function entryDoc(entry: SearchableEntry): IndexedDoc {
  return { id: entry.entryId, kind: 'entry', sessionId: entry.sessionId, role: entry.role, text: entry.text };
}

export function titleDoc(sessionId: string, title: string): IndexedDoc {
  return { id: titleDocId(sessionId), kind: 'title', sessionId, role: 'title', text: title };
}

function posted(doc: IndexedDoc): PostedDoc {
  const terms = new Map<string, number>();
  for (const word of words(doc.text)) {
    const term = processTerm(word);
    if (term !== null) terms.set(term, (terms.get(term) ?? 0) + 1);
  }
  return { id: doc.id, sessionId: doc.sessionId, role: Math.max(0, ROLES.indexOf(doc.role)), terms };
}

export class EntryIndex {
  private constructor(private readonly postings: Postings) {}

  static empty(): EntryIndex {
    return new EntryIndex(new Postings());
  }

  /** From what save gave; undefined if it cannot be read (then the caller rebuilds). */
  static restore(saved: SavedEntryIndex): EntryIndex | undefined {
    try {
      const docs = decodeDocs(saved);
      return docs ? new EntryIndex(new Postings(saved, docs)) : undefined;
    } catch {
      return undefined;
    }
  }

  get size(): number {
    return this.postings.size;
  }

  has(id: string): boolean {
    return this.postings.docOf(id) !== undefined;
  }

  /** Adds or replaces one document. */
  put(doc: IndexedDoc): void {
    this.postings.add(posted(doc));
  }

  remove(id: string): void {
    this.postings.remove(id);
  }

  search({ query, sessionIds, kinds, limit }: IndexQuery): IndexMatch[] {
    const { postings } = this;
    const { terms } = limitQuery(query);
    let accept: ((doc: number) => boolean) | undefined;
    if (sessionIds !== undefined || kinds !== undefined) {
      // Sessions by number: a test per candidate document costs an array read, not a string lookup.
      const sessions = new Set<number>();
      for (const id of sessionIds ?? []) {
        const no = postings.sessionNumber(id);
        if (no !== undefined) sessions.add(no);
      }
      accept = (doc) =>
        (sessionIds === undefined || sessions.has(postings.sessionNumberOf(doc))) &&
        (kinds === undefined || kinds.has(postings.roleOf(doc) === 4 ? 'title' : 'entry'));
    }
    return rank(postings, terms, accept, limit).map(({ doc, score, terms: matched }) => {
      const role = roleOf(postings.roleOf(doc));
      return {
        id: postings.idOf(doc),
        kind: role === 'title' ? 'title' : 'entry',
        sessionId: postings.sessionOf(doc),
        role,
        score,
        terms: matched,
      };
    });
  }

  /** The saved form: typed arrays and plain data, for IndexedDB (structured clone), not JSON. */
  save(): SavedEntryIndex {
    return this.postings.save();
  }
}
