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
import type { SearchRequest, SearchResponse, SearchWorkerInit } from './searchProtocol';

/** The worker's scope, as much of it as is used (the project's DOM lib types `self` as a window). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<SearchWorkerInit | SearchRequest>) => void) | null;
  postMessage(message: SearchResponse): void;
}
const scope = self as unknown as WorkerScope;

let engine: Promise<SearchEngine> | undefined;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function answer(request: SearchRequest): Promise<SearchResponse> {
  if (!engine) return { id: request.id, ok: false, error: 'The search worker was not started.' };
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
    return { id: request.id, ok: false, error: errorText(error) };
  }
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'init') {
    engine = openBatonDb(message.databaseName).then((db) => {
      return new SearchEngine(repositorySource(new SessionRepository(db)), indexedDbIndexStore(db));
    });
    return;
  }
  void answer(message).then((response) => scope.postMessage(response));
};
