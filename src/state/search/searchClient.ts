/**
 * The page's side of the search worker (storage/search/searchWorker.ts): one worker,
 * started on first use, asked by numbered messages. Loaded by dynamic import only (the
 * recall tool's first call, the sidebar's search box), so the index code
 * stays out of the initial JavaScript.
 */
import type { IndexedKind, IndexHit } from '../../core/recall/entryIndex';
import type { RecallPort } from '../../core/recall/recallPort';
import {
  SEARCH_NOT_STARTED,
  type SearchRequest,
  type SearchResponse,
  type SearchWorkerInit,
} from '../../storage/search/searchProtocol';
import { getRuntime } from '../app/runtime';
import { get } from '../store/storeAccess';

type Pending = { resolve(hits: IndexHit[]): void; reject(error: Error): void };

/** A failed search, its message a sentence fit to show (the sidebar tells it apart by name). */
export class SearchError extends Error {
  override name = 'SearchError';
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function started(): Worker {
  if (worker) return worker;
  const created = new Worker(new URL('../../storage/search/searchWorker.ts', import.meta.url), {
    type: 'module',
    name: 'baton-search',
  });
  created.onmessage = (event: MessageEvent<SearchResponse>) => {
    const response = event.data;
    const waiting = pending.get(response.id);
    pending.delete(response.id);
    if (response.ok) waiting?.resolve(response.hits);
    else waiting?.reject(new SearchError(response.error));
  };
  created.onerror = (event) => {
    // A worker that failed to load answers nothing: every waiting search fails instead of hanging.
    console.error('The search worker failed:', event.message);
    for (const waiting of pending.values()) waiting.reject(new SearchError(SEARCH_NOT_STARTED));
    pending.clear();
  };
  const init: SearchWorkerInit = { type: 'init', databaseName: getRuntime().repository.databaseName };
  created.postMessage(init);
  worker = created;
  return created;
}

type Request = SearchRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

function ask(request: Request): Promise<IndexHit[]> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    started().postMessage({ ...request, id });
  });
}

/** Starts indexing in the background, so the first search finds the index ready. */
export function warmSearch(): void {
  void ask({ type: 'catch_up' }).catch(() => undefined);
}

export interface SearchOptions {
  sessionIds?: readonly string[];
  kinds?: readonly IndexedKind[];
  limit: number;
}

export function searchSessions(query: string, options: SearchOptions): Promise<IndexHit[]> {
  return ask({
    type: 'search',
    query,
    limit: options.limit,
    ...(options.sessionIds && { sessionIds: [...options.sessionIds] }),
    ...(options.kinds && { kinds: [...options.kinds] }),
  });
}

/** The recall tool's port: headers from the session list, entries from the worker's index. */
export const workerRecall: RecallPort = {
  header: (sessionId) => get().sessions.find((header) => header.id === sessionId),
  async search(query, sessionIds, limit) {
    // Everything the tab has queued is written first, so the index sees all of it.
    await getRuntime()
      .queue.flush()
      .catch(() => undefined);
    const hits = await searchSessions(query, { sessionIds, kinds: ['entry'], limit });
    return hits.map((hit) => ({
      sessionId: hit.sessionId,
      entryId: hit.id,
      role: hit.role === 'title' ? 'user' : hit.role,
      text: hit.text,
      terms: hit.terms,
    }));
  },
};
