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

/** What a failed search answers: a sentence for the page to show (what broke goes to the worker's console). */
export const SEARCH_FAILED = 'The search could not run. Try again; if it keeps failing, reload the page.';

/** What the page says when the worker itself could not start. */
export const SEARCH_NOT_STARTED = 'The search could not start. Reload the page to try again.';
