/** The messages between the page and the search worker. */
import type { IndexedKind, IndexHit } from '../../core/recall/entryIndex';

export type SearchRequest =
  | { id: number; type: 'catch_up' }
  | {
      id: number;
      type: 'search';
      query: string;
      sessionIds?: string[];
      kinds?: IndexedKind[];
      limit: number;
    };

export type SearchResponse =
  | { id: number; ok: true; hits: IndexHit[]; added: number }
  | { id: number; ok: false; error: string };

/** The first message: which database to index (tests use their own). */
export interface SearchWorkerInit {
  type: 'init';
  databaseName: string;
}
