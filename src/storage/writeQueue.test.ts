import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  makeCustomEntry,
  makeHeader,
  makeMessageEntry,
  uniqueDbName,
} from '../../testing/fixtures/storageTestFixtures';
import {
  holdFirstWrite,
  settle,
  spyOnWrites,
  textOfEntry,
  until,
} from '../../testing/fixtures/writeQueueTestSupport';
import type { SessionEntry } from '../core/types/entry';
import { ACTIVE_SESSION_KEY, loadRepositoryWrites, SessionRepository } from './sessionRepository';
import { WriteQueue, WriteQueueNotStartedError } from './writeQueue';

// Only the queue's own clock is faked; fake-indexeddb runs on setImmediate, which stays
// real, so database work still completes between the steps below.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

let repo: SessionRepository;
let queue: WriteQueue | undefined;

beforeEach(async () => {
  // The write path is its own chunk (loaded at start-up in the app): loaded here before
  // the timers are faked, so a write's wait is the queue's, not the module loader's.
  await loadRepositoryWrites();
  repo = await SessionRepository.open(uniqueDbName());
});

afterEach(() => {
  queue?.dispose();
  queue = undefined;
  vi.restoreAllMocks();
  vi.useRealTimers();
  repo.close();
});

async function storedEntry(id: string): Promise<SessionEntry | undefined> {
  const { entries } = await repo.loadEntries('s1');
  return entries.find((entry) => entry.id === id);
}

describe('WriteQueue throttling', () => {
  it('writes a 1-second burst of 100 saves in about one write per interval, ending with the last value', async () => {
    const writes = spyOnWrites(repo);
    queue = new WriteQueue(repo, { intervalMs: 250 });
    queue.start();

    const startedAt = Date.now();
    for (let i = 0; i < 100; i++) {
      queue.saveEntry(makeMessageEntry('s1', 'streaming', 1, { text: `v${i}`, stopReason: 'streaming' }));
      await vi.advanceTimersByTimeAsync(10);
      await settle();
    }
    const duration = Date.now() - startedAt;
    for (let i = 0; i < 10 && queue.hasPendingWrites(); i++) {
      await vi.advanceTimersByTimeAsync(250);
      await until(() => writes.finishedCount() === writes.calls.length, 'the write to finish');
    }
    expect(queue.hasPendingWrites()).toBe(false);

    const count = writes.calls.length;
    expect(count).toBeLessThanOrEqual(Math.ceil(duration / 250) + 1);
    // It writes while the burst goes on, not only once at the end...
    expect(count).toBeGreaterThanOrEqual(4);
    // ...and never two write starts closer together than the interval.
    for (let i = 1; i < count; i++) {
      expect(writes.calls[i]!.at - writes.calls[i - 1]!.at).toBeGreaterThanOrEqual(250);
    }
    // Coalesced: each write holds the one latest value, and the store ends with v99.
    for (const { batch } of writes.calls) expect(batch.entries).toHaveLength(1);
    const stored = (await repo.loadEntries('s1')).entries;
    expect(stored).toHaveLength(1);
    expect(textOfEntry(stored[0])).toBe('v99');
  });

  it('writes headers and entries saved together in one transaction', async () => {
    const writes = spyOnWrites(repo);
    queue = new WriteQueue(repo, { intervalMs: 250 });
    queue.start();
    queue.saveHeader(makeHeader('s1', { title: 'first' }));
    queue.saveEntry(makeMessageEntry('s1', 'a', 1));
    queue.saveHeader(makeHeader('s1', { title: 'latest' }));
    queue.saveEntry(makeMessageEntry('s1', 'b', 2));
    await vi.advanceTimersByTimeAsync(0);
    await until(() => !queue?.hasPendingWrites(), 'the write');

    expect(writes.calls).toHaveLength(1);
    expect(writes.calls[0]!.batch.headers).toEqual([makeHeader('s1', { title: 'latest' })]);
    expect(writes.calls[0]!.batch.entries.map((entry) => entry.id)).toEqual(['a', 'b']);
    expect((await repo.getHeader('s1'))?.title).toBe('latest');
  });
});

describe('WriteQueue and a reply being streamed', () => {
  const streaming = (text: string) => makeMessageEntry('s1', 'reply', 2, { text, stopReason: 'streaming' });

  it('waits one interval before the first write of a reply, however long the queue was idle', async () => {
    const writes = spyOnWrites(repo);
    queue = new WriteQueue(repo, { intervalMs: 250 });
    queue.start();
    await vi.advanceTimersByTimeAsync(5_000);

    queue.saveEntry(streaming('Hel'));
    queue.saveHeader(makeHeader('s1', { leafId: 'reply' }));
    await vi.advanceTimersByTimeAsync(200);
    queue.saveEntry(streaming('Hello'));
    await vi.advanceTimersByTimeAsync(49);
    await settle();
    expect(writes.calls).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1);
    await until(() => !queue?.hasPendingWrites(), 'the write');
    expect(writes.calls).toHaveLength(1);
    expect(textOfEntry(await storedEntry('reply'))).toBe('Hello');
  });

  it('writes a reply that ends within the interval once: the flush at its end', async () => {
    const writes = spyOnWrites(repo);
    queue = new WriteQueue(repo, { intervalMs: 250 });
    queue.start();

    queue.saveEntry(streaming('Hel'));
    await vi.advanceTimersByTimeAsync(100);
    queue.saveEntry(makeMessageEntry('s1', 'reply', 2, { text: 'Hello.' }));
    await queue.flush();
    await vi.advanceTimersByTimeAsync(1_000);
    await settle();

    expect(writes.calls).toHaveLength(1);
    expect(textOfEntry(await storedEntry('reply'))).toBe('Hello.');
  });

  it('does not hold back anything else queued with the reply', async () => {
    const writes = spyOnWrites(repo);
    queue = new WriteQueue(repo, { intervalMs: 250 });
    queue.start();

    const savedAt = Date.now();
    queue.saveEntry(streaming('Hel'));
    queue.saveEntry(makeMessageEntry('s1', 'question', 1));
    await vi.advanceTimersByTimeAsync(0);
    await until(() => !queue?.hasPendingWrites(), 'the write');

    expect(writes.calls).toHaveLength(1);
    expect(writes.calls[0]!.at).toBe(savedAt);
    expect(writes.calls[0]!.batch.entries.map((entry) => entry.id)).toEqual(['reply', 'question']);
  });
});

describe('WriteQueue coalescing during a write', () => {
  it('keeps a value saved while an older one for the same id is being written', async () => {
    const { batches, open, finishedCount } = holdFirstWrite(repo);
    queue = new WriteQueue(repo, { intervalMs: 250 });
    queue.start();

    queue.saveEntry(makeMessageEntry('s1', 'a', 1, { text: 'older' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(1);
    queue.saveEntry(makeMessageEntry('s1', 'a', 1, { text: 'newer' }));
    open();
    await until(() => finishedCount() === 1, 'the first write');
    await settle();
    // The first write committed 'older'; 'newer' must still be queued, not dropped with it.
    expect(queue.pendingCount()).toBe(1);
    expect(textOfEntry(await storedEntry('a'))).toBe('older');

    await vi.advanceTimersByTimeAsync(250);
    await until(() => !queue?.hasPendingWrites(), 'the second write');
    expect(textOfEntry(await storedEntry('a'))).toBe('newer');
  });
});

describe('WriteQueue.pendingSessionRecords', () => {
  it('is the newest queued entries and headers, held until a write stored them, and never settings or files', async () => {
    queue = new WriteQueue(repo, { intervalMs: 10_000 });
    queue.start();
    queue.saveEntry(makeMessageEntry('s1', 'a', 1, { text: 'older' }));
    queue.saveEntry(makeMessageEntry('s1', 'a', 1, { text: 'newer' }));
    queue.saveHeader(makeHeader('s1', { leafId: 'a' }));
    void queue.setActiveSession('s1').catch(() => undefined);
    expect(queue.pendingSessionRecords()).toEqual({
      entries: [makeMessageEntry('s1', 'a', 1, { text: 'newer' })],
      headers: [makeHeader('s1', { leafId: 'a' })],
    });
    await until(() => !queue?.hasPendingWrites(), 'the write');
    expect(queue.pendingSessionRecords()).toEqual({ entries: [], headers: [] });
  });
});

describe('WriteQueue.flush', () => {
  it('writes what is pending at once, without waiting for the interval', async () => {
    queue = new WriteQueue(repo, { intervalMs: 10_000 });
    queue.start();
    queue.saveEntry(makeMessageEntry('s1', 'a', 1));
    await vi.advanceTimersByTimeAsync(0);
    await until(() => !queue?.hasPendingWrites(), 'the first write');

    // The throttle now holds the next write back for 10 s; flush does not wait for it.
    queue.saveEntry(makeMessageEntry('s1', 'b', 2));
    expect(queue.pendingCount()).toBe(1);
    await queue.flush();
    expect(queue.hasPendingWrites()).toBe(false);
    expect(await storedEntry('b')).toEqual(makeMessageEntry('s1', 'b', 2));
  });

  it('waits for a write in flight, then writes what is left', async () => {
    const { batches, open } = holdFirstWrite(repo);
    queue = new WriteQueue(repo, { intervalMs: 250 });
    queue.start();

    queue.saveEntry(makeMessageEntry('s1', 'a', 1));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(1);
    queue.saveEntry(makeMessageEntry('s1', 'b', 2));

    let flushed = false;
    const flushing = queue.flush().then(() => {
      flushed = true;
    });
    await settle();
    expect(flushed).toBe(false);
    expect(batches).toHaveLength(1);

    open();
    await flushing;
    expect(batches.map((batch) => batch.entries.map((entry) => entry.id))).toEqual([['a'], ['b']]);
    expect(queue.hasPendingWrites()).toBe(false);
    expect((await repo.loadEntries('s1')).entries.map((entry) => entry.id)).toEqual(['a', 'b']);
  });
});

describe('WriteQueue failures', () => {
  it('reports the error, keeps the data, retries with the delays, and lands the newest values', async () => {
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const original = repo.apply.bind(repo);
    let attempts = 0;
    vi.spyOn(repo, 'apply').mockImplementation(async (changeSet) => {
      attempts += 1;
      if (attempts <= 2) throw quota;
      return original(changeSet);
    });
    const errors: Error[] = [];
    let saved = 0;
    queue = new WriteQueue(repo, {
      intervalMs: 250,
      retryDelaysMs: [500, 1000],
      onError: (error) => errors.push(error),
      onSaved: () => {
        saved += 1;
      },
    });
    queue.start();

    queue.saveEntry(makeMessageEntry('s1', 'a', 1, { text: 'a-old' }));
    queue.saveEntry(makeMessageEntry('s1', 'b', 2));
    await vi.advanceTimersByTimeAsync(0);
    await until(() => errors.length === 1, 'the first failure');
    expect(errors[0]).toBe(quota);
    expect(queue.pendingCount()).toBe(2);

    // A newer value for the same id replaces the pending one; nothing is dropped.
    queue.saveEntry(makeMessageEntry('s1', 'a', 1, { text: 'a-new' }));
    expect(queue.pendingCount()).toBe(2);

    await vi.advanceTimersByTimeAsync(499);
    await settle();
    expect(attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => errors.length === 2, 'the second failure');
    expect(queue.hasPendingWrites()).toBe(true);

    // The second retry waits the next delay.
    await vi.advanceTimersByTimeAsync(999);
    await settle();
    expect(attempts).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => !queue?.hasPendingWrites(), 'the retry to land');

    expect(attempts).toBe(3);
    expect(saved).toBe(1);
    expect(textOfEntry(await storedEntry('a'))).toBe('a-new');
    expect(await storedEntry('b')).toEqual(makeMessageEntry('s1', 'b', 2));
  });

  it('keeps repeating the last retry delay', async () => {
    let attempts = 0;
    vi.spyOn(repo, 'apply').mockImplementation(async () => {
      attempts += 1;
      throw new Error('disk gone');
    });
    queue = new WriteQueue(repo, { retryDelaysMs: [100, 300], onError: () => {} });
    queue.start();
    queue.saveEntry(makeMessageEntry('s1', 'a', 1));

    await vi.advanceTimersByTimeAsync(0);
    await settle();
    await vi.advanceTimersByTimeAsync(100);
    await settle();
    expect(attempts).toBe(2);
    for (let expected = 3; expected <= 5; expected++) {
      await vi.advanceTimersByTimeAsync(299);
      await settle();
      expect(attempts).toBe(expected - 1);
      await vi.advanceTimersByTimeAsync(1);
      await settle();
      expect(attempts).toBe(expected);
    }
    expect(queue.pendingCount()).toBe(1);
  });

  it('rejects a failed flush and keeps its values pending', async () => {
    const original = repo.apply.bind(repo);
    const spy = vi.spyOn(repo, 'apply').mockRejectedValueOnce(new Error('busy'));
    const errors: Error[] = [];
    queue = new WriteQueue(repo, { onError: (error) => errors.push(error) });
    queue.start();
    queue.saveEntry(makeMessageEntry('s1', 'a', 1));

    await expect(queue.flush()).rejects.toThrow('busy');
    expect(errors.map((error) => error.message)).toEqual(['busy']);
    expect(queue.pendingCount()).toBe(1);

    spy.mockImplementation(original);
    await queue.flush();
    expect(queue.hasPendingWrites()).toBe(false);
    expect(await storedEntry('a')).toEqual(makeMessageEntry('s1', 'a', 1));
  });
});

describe('WriteQueue.setActiveSession', () => {
  it('writes the pointer in the same transaction as the pending writes', async () => {
    const writes = spyOnWrites(repo);
    queue = new WriteQueue(repo, { intervalMs: 250 });
    queue.start();
    queue.saveHeader(makeHeader('s1'));
    await queue.setActiveSession('s1');

    expect(writes.calls).toHaveLength(1);
    expect(writes.calls[0]!.batch.headers.map((header) => header.id)).toEqual(['s1']);
    expect(writes.calls[0]!.batch.settings).toEqual([[ACTIVE_SESSION_KEY, 's1']]);
    expect(await repo.getActiveSessionId()).toBe('s1');
    expect(queue.hasPendingWrites()).toBe(false);
  });
});

describe('WriteQueue before start()', () => {
  it('keeps saves pending and writes nothing until started', async () => {
    const writes = spyOnWrites(repo);
    queue = new WriteQueue(repo, { intervalMs: 250 });
    queue.saveHeader(makeHeader('s1'));
    queue.saveEntry(makeMessageEntry('s1', 'a', 1));

    await vi.advanceTimersByTimeAsync(10_000);
    await settle();
    expect(writes.calls).toHaveLength(0);
    expect(queue.pendingCount()).toBe(2);
    await expect(queue.flush()).rejects.toBeInstanceOf(WriteQueueNotStartedError);
    await expect(queue.setActiveSession('s1')).rejects.toBeInstanceOf(WriteQueueNotStartedError);
    await expect(
      queue.commitHandoff({
        parent: makeHeader('s1'),
        child: makeHeader('s2'),
        handoffEntry: makeCustomEntry('s2', 'h', 1),
      }),
    ).rejects.toBeInstanceOf(WriteQueueNotStartedError);
    expect(writes.calls).toHaveLength(0);
    expect(await repo.getHeader('s1')).toBeUndefined();

    queue.start();
    await vi.advanceTimersByTimeAsync(0);
    await until(() => !queue?.hasPendingWrites(), 'the first write');
    expect(writes.calls).toHaveLength(1);
    expect(await repo.getHeader('s1')).toEqual(makeHeader('s1'));
    expect(await repo.getActiveSessionId()).toBeUndefined();
  });
});

describe('WriteQueue.dispose', () => {
  it('stops the timers', async () => {
    const writes = spyOnWrites(repo);
    queue = new WriteQueue(repo, { intervalMs: 250 });
    queue.start();
    queue.saveEntry(makeMessageEntry('s1', 'a', 1));
    queue.dispose();
    queue.saveEntry(makeMessageEntry('s1', 'b', 2));
    await vi.advanceTimersByTimeAsync(5_000);
    await settle();
    expect(writes.calls).toHaveLength(0);
    expect(queue.pendingCount()).toBe(2);
  });
});
