/**
 * The search index's own thread: it reads the stored sessions, keeps the index up to
 * date and saves it, so neither indexing nor saving a large index ever holds up typing
 * or a streaming reply on the page.
 */

import { openBatonDb } from '../schema';
import { SessionRepository } from '../sessionRepository';
import { indexedDbIndexStore } from './indexedDbIndexStore';
import { repositorySource } from './repositorySource';
import { SearchEngine } from './searchEngine';
import {
  SEARCH_FAILED,
  type SearchRequest,
  type SearchResponse,
  type SearchWorkerInit,
} from './searchProtocol';

/** The worker's scope, as much of it as is used (the project's DOM lib types `self` as a window). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<SearchWorkerInit | SearchRequest>) => void) | null;
  postMessage(message: SearchResponse): void;
}
const scope = self as unknown as WorkerScope;

let engine: Promise<SearchEngine> | undefined;

async function answer(request: SearchRequest): Promise<SearchResponse> {
  if (!engine) return { id: request.id, ok: false, error: SEARCH_FAILED };
  try {
    const ready = await engine;
    if (request.type === 'catch_up')
      return { id: request.id, ok: true, hits: [], added: await ready.catchUp() };
    const added = await ready.catchUp();
    const hits = await ready.search({
      query: request.query,
      limit: request.limit,
      ...(request.sessionIds && { sessionIds: new Set(request.sessionIds) }),
      ...(request.kinds && { kinds: new Set(request.kinds) }),
    });
    return { id: request.id, ok: true, hits, added };
  } catch (error) {
    // The page shows a sentence; what broke is for the console.
    console.error('Search failed:', error);
    return { id: request.id, ok: false, error: SEARCH_FAILED };
  }
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'init') {
    // What other tabs (and this one) wrote since the last query comes from the change feed
    // in the database (headerTracker.ts): no announcement needs to reach the worker.
    engine = openBatonDb(message.databaseName).then(
      (db) => new SearchEngine(repositorySource(new SessionRepository(db), db), indexedDbIndexStore(db)),
    );
    return;
  }
  void answer(message).then((response) => scope.postMessage(response));
};
