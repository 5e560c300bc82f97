/**
 * The page's side of the search worker (storage/search/searchWorker.ts): one worker per
 * app (the runtime's SearchAccess makes it), started on first use, asked by numbered
 * messages. Loaded by dynamic import only (the recall tool's first call, the sidebar's
 * search box), so the index code stays out of the initial JavaScript.
 */
import type { IndexedKind, IndexHit } from '../../core/recall/entryIndex';
import type { RecallPort } from '../../core/recall/recallPort';
import {
  SEARCH_NOT_STARTED,
  type SearchRequest,
  type SearchResponse,
  type SearchWorkerInit,
} from '../../storage/search/searchProtocol';

type Pending = { resolve(hits: IndexHit[]): void; reject(error: Error): void };

/** A failed search, its message a sentence fit to show (the sidebar tells it apart by name). */
export class SearchError extends Error {
  override name = 'SearchError';
}

type Request = SearchRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export interface SearchOptions {
  sessionIds?: readonly string[];
  kinds?: readonly IndexedKind[];
  limit: number;
}

export class SearchClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  /** `databaseName`: the database the app runs on, which the worker reads. */
  constructor(private readonly databaseName: string) {}

  /** Starts indexing in the background, so the first search finds the index ready. */
  warm(): void {
    void this.ask({ type: 'catch_up' }).catch(() => undefined);
  }

  search(query: string, options: SearchOptions): Promise<IndexHit[]> {
    return this.ask({
      type: 'search',
      query,
      limit: options.limit,
      ...(options.sessionIds && { sessionIds: [...options.sessionIds] }),
      ...(options.kinds && { kinds: [...options.kinds] }),
    });
  }

  private ask(request: Request): Promise<IndexHit[]> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.started().postMessage({ ...request, id });
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const created = new Worker(new URL('../../storage/search/searchWorker.ts', import.meta.url), {
      type: 'module',
      name: 'baton-search',
    });
    created.onmessage = (event: MessageEvent<SearchResponse>) => {
      const response = event.data;
      const waiting = this.pending.get(response.id);
      this.pending.delete(response.id);
      if (response.ok) waiting?.resolve(response.hits);
      else waiting?.reject(new SearchError(response.error));
    };
    created.onerror = (event) => {
      // A worker that failed to load answers nothing: every waiting search fails instead of hanging.
      console.error('The search worker failed:', event.message);
      for (const waiting of this.pending.values()) waiting.reject(new SearchError(SEARCH_NOT_STARTED));
      this.pending.clear();
    };
    const init: SearchWorkerInit = { type: 'init', databaseName: this.databaseName };
    created.postMessage(init);
    this.worker = created;
    return created;
  }
}

/**
 * The recall tool's port: headers from `header` (the session list), entries from the
 * worker's index, after `flush` has written everything the tab queued.
 */
export function workerRecall(
  client: SearchClient,
  header: RecallPort['header'],
  flush: () => Promise<void>,
): RecallPort {
  return {
    header,
    async search(query, sessionIds, limit) {
      // Everything the tab has queued is written first, so the index sees all of it.
      await flush().catch(() => undefined);
      const hits = await client.search(query, { sessionIds, kinds: ['entry'], limit });
      return hits.map((hit) => ({
        sessionId: hit.sessionId,
        entryId: hit.id,
        role: hit.role === 'title' ? 'user' : hit.role,
        text: hit.text,
        terms: hit.terms,
      }));
    },
  };
}
