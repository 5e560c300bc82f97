import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IndexHit } from '../../core/recall/entryIndex';
import { SEARCH_NOT_STARTED, type SearchResponse } from '../../storage/search/searchProtocol';
import { lazyRecall } from './lazyRecall';
import { SearchAccess } from './searchAccess';
import { SearchClient, SearchError, workerRecall } from './searchClient';

/** The search worker as the page sees it: the messages it was sent, and a way to answer. */
class FakeWorker {
  static made: FakeWorker[] = [];
  readonly sent: Array<Record<string, unknown>> = [];
  onmessage: ((event: { data: SearchResponse }) => void) | null = null;
  onerror: ((event: { message: string }) => void) | null = null;

  constructor(
    readonly url: URL,
    readonly options: { type: string; name: string },
  ) {
    FakeWorker.made.push(this);
  }

  postMessage(message: Record<string, unknown>): void {
    this.sent.push(message);
  }

  answer(response: SearchResponse): void {
    this.onmessage?.({ data: response });
  }
}

const hit = (id: string, extra: Partial<IndexHit> = {}): IndexHit => ({
  id,
  kind: 'entry',
  sessionId: 's1',
  role: 'assistant',
  score: 1,
  terms: ['parser'],
  text: `text of ${id}`,
  ...extra,
});

/** The newest worker made (the test fails if none was). */
function worker(): FakeWorker {
  const made = FakeWorker.made.at(-1);
  if (!made) throw new Error('No worker was started');
  return made;
}

beforeEach(() => {
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => vi.unstubAllGlobals());

describe('SearchClient', () => {
  it('starts no worker until asked, then one, told first which database to index', async () => {
    const client = new SearchClient('baton-test-db');
    expect(FakeWorker.made).toEqual([]);
    const searching = client.search('parser', { limit: 5 });
    expect(FakeWorker.made).toHaveLength(1);
    expect(worker().options).toEqual({ type: 'module', name: 'baton-search' });
    expect(worker().sent[0]).toEqual({ type: 'init', databaseName: 'baton-test-db' });
    expect(worker().sent[1]).toEqual({ type: 'search', query: 'parser', limit: 5, id: 1 });
    worker().answer({ id: 1, ok: true, hits: [hit('e1')], added: 0 });
    await expect(searching).resolves.toEqual([hit('e1')]);
    client.search('again', { limit: 1 });
    expect(FakeWorker.made).toHaveLength(1);
  });

  it('passes the sessions and kinds asked for, and routes each answer to its own search', async () => {
    const client = new SearchClient('db');
    const first = client.search('one', { limit: 3, sessionIds: ['a', 'b'], kinds: ['entry'] });
    const second = client.search('two', { limit: 3 });
    expect(worker().sent.slice(1)).toEqual([
      { type: 'search', query: 'one', limit: 3, sessionIds: ['a', 'b'], kinds: ['entry'], id: 1 },
      { type: 'search', query: 'two', limit: 3, id: 2 },
    ]);
    // Answered out of order.
    worker().answer({ id: 2, ok: true, hits: [hit('second')], added: 0 });
    worker().answer({ id: 1, ok: true, hits: [hit('first')], added: 0 });
    await expect(first).resolves.toEqual([hit('first')]);
    await expect(second).resolves.toEqual([hit('second')]);
  });

  it('a failed search rejects with a SearchError carrying the worker’s sentence', async () => {
    const client = new SearchClient('db');
    const searching = client.search('x', { limit: 1 });
    worker().answer({ id: 1, ok: false, error: 'The index could not be read.' });
    const error = await searching.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchError);
    expect(error).toMatchObject({ name: 'SearchError', message: 'The index could not be read.' });
  });

  it('a worker that fails to load fails every waiting search instead of leaving it hanging', async () => {
    const client = new SearchClient('db');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const a = client.search('a', { limit: 1 });
    const b = client.search('b', { limit: 1 });
    worker().onerror?.({ message: 'Failed to load the worker script' });
    await expect(a).rejects.toThrow(SEARCH_NOT_STARTED);
    await expect(b).rejects.toThrow(SEARCH_NOT_STARTED);
    expect(error).toHaveBeenCalledWith('The search worker failed:', 'Failed to load the worker script');
    error.mockRestore();
  });

  it('warm() starts indexing in the background and swallows its failure', async () => {
    const client = new SearchClient('db');
    client.warm();
    expect(worker().sent[1]).toEqual({ type: 'catch_up', id: 1 });
    worker().answer({ id: 1, ok: false, error: 'disk error' });
    // Nothing rejected unheard (vitest would fail the test on an unhandled rejection).
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});

describe('workerRecall', () => {
  it('writes what the tab queued first, then searches entries only and maps hits to recall hits', async () => {
    const client = new SearchClient('db');
    const log: string[] = [];
    const header = () => undefined;
    const recall = workerRecall(client, header, async () => {
      log.push('flushed');
    });
    expect(recall.header).toBe(header);
    const searching = recall.search('parser', ['s1', 's2'], 4);
    await vi.waitFor(() => expect(worker().sent).toHaveLength(2));
    expect(log).toEqual(['flushed']);
    expect(worker().sent[1]).toEqual({
      type: 'search',
      query: 'parser',
      limit: 4,
      sessionIds: ['s1', 's2'],
      kinds: ['entry'],
      id: 1,
    });
    worker().answer({
      id: 1,
      ok: true,
      hits: [hit('e1', { role: 'user' }), hit('t1', { role: 'title', text: 'Parser work' })],
      added: 0,
    });
    expect(await searching).toEqual([
      { sessionId: 's1', entryId: 'e1', role: 'user', text: 'text of e1', terms: ['parser'] },
      // A title match reads as the user's words.
      { sessionId: 's1', entryId: 't1', role: 'user', text: 'Parser work', terms: ['parser'] },
    ]);
  });

  it('searches even when the flush fails (the index then misses only what was not written)', async () => {
    const client = new SearchClient('db');
    const recall = workerRecall(
      client,
      () => undefined,
      () => Promise.reject(new Error('quota')),
    );
    const searching = recall.search('q', ['s1'], 1);
    await vi.waitFor(() => expect(worker().sent).toHaveLength(2));
    worker().answer({ id: 1, ok: true, hits: [], added: 0 });
    await expect(searching).resolves.toEqual([]);
  });
});

describe('SearchAccess and lazyRecall', () => {
  it('make one search client per app, on the first search, over the app’s database', async () => {
    const access = new SearchAccess('baton-app-db');
    const client = await access.client();
    expect(client).toBeInstanceOf(SearchClient);
    expect(await access.client()).toBe(client);
    expect(FakeWorker.made).toEqual([]);
    client.search('x', { limit: 1 });
    expect(worker().sent[0]).toEqual({ type: 'init', databaseName: 'baton-app-db' });
  });

  it('lazyRecall reaches the worker only at the tool’s first call', async () => {
    const access = new SearchAccess('db');
    const flush = vi.fn(async () => undefined);
    const recall = lazyRecall(access, () => undefined, flush);
    expect(FakeWorker.made).toEqual([]);
    const searching = recall.search('parser', ['s1'], 2);
    await vi.waitFor(() => expect(worker().sent).toHaveLength(2));
    expect(flush).toHaveBeenCalledTimes(1);
    worker().answer({ id: 1, ok: true, hits: [hit('e9')], added: 0 });
    expect((await searching).map((h) => h.entryId)).toEqual(['e9']);
  });
});
