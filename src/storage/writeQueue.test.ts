import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  makeCustomEntry,
  makeHeader,
  makeMessageEntry,
  uniqueDbName,
} from '../../testing/fixtures/storageTestFixtures';
import type { MessageEntry, SessionEntry } from '../core/types/entry';
import { ACTIVE_SESSION_KEY, SessionRepository, type WriteBatch } from './sessionRepository';
import { WriteQueue, WriteQueueNotStartedError } from './writeQueue';

// Only the queue's own clock is faked; fake-indexeddb runs on setImmediate, which stays
// real, so database work still completes between the steps below.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

let repo: SessionRepository;
let queue: WriteQueue | undefined;

beforeEach(async () => {
  repo = await SessionRepository.open(uniqueDbName());
});

afterEach(() => {
  queue?.dispose();
  queue = undefined;
  vi.restoreAllMocks();
  vi.useRealTimers();
  repo.close();
});

/** Lets the real event loop run until `done()` holds (database work happens there). */
async function until(done: () => boolean, what = 'condition'): Promise<void> {
  for (let round = 0; round < 2_000; round++) {
    if (done()) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** Runs the real event loop for a while, for checks that something did NOT happen. */
async function settle(): Promise<void> {
  for (let round = 0; round < 50; round++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Records each writeBatch call (and when it started) while still writing for real. */
function spyOnWrites() {
  const calls: Array<{ at: number; batch: WriteBatch }> = [];
  let finished = 0;
  const original = repo.writeBatch.bind(repo);
  const spy = vi.spyOn(repo, 'writeBatch').mockImplementation(async (batch) => {
    calls.push({ at: Date.now(), batch });
    try {
      return await original(batch);
    } finally {
      finished += 1;
    }
  });
  return { calls, spy, finishedCount: () => finished };
}

/**
 * Holds the first writeBatch call back until `open()`, as a long task holds up a
 * complete event; later calls go straight through. With `begun`, the held write's
 * transaction is begun at once and only its answer waits; without, nothing of it starts
 * until then.
 */
function holdFirstWrite(options: { begun?: boolean } = {}) {
  const original = repo.writeBatch.bind(repo);
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const batches: WriteBatch[] = [];
  let finished = 0;
  vi.spyOn(repo, 'writeBatch').mockImplementation(async (batch) => {
    batches.push(batch);
    const begun = options.begun ? original(batch) : undefined;
    if (batches.length === 1) await gate;
    const result = await (begun ?? original(batch));
    finished += 1;
    return result;
  });
  return { batches, open: () => open(), finishedCount: () => finished };
}

function textOfEntry(entry: SessionEntry | undefined): string | undefined {
  const block = (entry as MessageEntry | undefined)?.message.content[0];
  return block?.type === 'text' ? block.text : undefined;
}

async function storedEntry(id: string): Promise<SessionEntry | undefined> {
  const { entries } = await repo.loadEntries('s1');
  return entries.find((entry) => entry.id === id);
}

describe('WriteQueue throttling', () => {
  it('writes a 1-second burst of 100 saves in about one write per interval, ending with the last value', async () => {
    const writes = spyOnWrites();
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
    const writes = spyOnWrites();
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
    const writes = spyOnWrites();
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
    const writes = spyOnWrites();
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
    const writes = spyOnWrites();
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
    const { batches, open, finishedCount } = holdFirstWrite();
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
    const { batches, open } = holdFirstWrite();
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
    const original = repo.writeBatch.bind(repo);
    let attempts = 0;
    vi.spyOn(repo, 'writeBatch').mockImplementation(async (batch) => {
      attempts += 1;
      if (attempts <= 2) throw quota;
      return original(batch);
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
    vi.spyOn(repo, 'writeBatch').mockImplementation(async () => {
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
    const original = repo.writeBatch.bind(repo);
    const spy = vi.spyOn(repo, 'writeBatch').mockRejectedValueOnce(new Error('busy'));
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

describe('WriteQueue.commitHandoff', () => {
  const parentBefore = makeHeader('parent', { title: 'before', leafId: 'p1' });
  const parentAfter = makeHeader('parent', { title: 'before', leafId: 'p2', children: ['child'] });
  const child = makeHeader('child', { parentSession: 'parent', leafId: 'handoff' });
  const handoffEntry = makeCustomEntry('child', 'handoff', 50);

  beforeEach(async () => {
    await repo.writeBatch({
      headers: [parentBefore],
      entries: [makeMessageEntry('parent', 'p1', 1)],
      settings: [[ACTIVE_SESSION_KEY, 'parent']],
    });
  });

  it('writes the pending values, both headers, the handoff entry and the pointer together', async () => {
    const writes = spyOnWrites();
    queue = new WriteQueue(repo);
    queue.start();
    queue.saveEntry(makeMessageEntry('parent', 'p2', 2, { parentId: 'p1' }));
    queue.saveHeader(makeHeader('parent', { title: 'stale pending' }));

    await queue.commitHandoff({ parent: parentAfter, child, handoffEntry });

    expect(writes.calls).toHaveLength(1);
    expect(queue.hasPendingWrites()).toBe(false);
    expect(await repo.getHeader('parent')).toEqual(parentAfter);
    expect(await repo.getHeader('child')).toEqual(child);
    expect((await repo.loadEntries('child')).entries).toEqual([handoffEntry]);
    expect((await repo.loadEntries('parent')).entries.map((entry) => entry.id)).toEqual(['p1', 'p2']);
    expect(await repo.getActiveSessionId()).toBe('child');
  });

  it('starts at once beside a write under way, in one transaction with everything queued', async () => {
    // The first write's transaction starts at once (as writeBatch's does), but its
    // promise is held back, as a long task holds up a complete event.
    const { batches, open } = holdFirstWrite({ begun: true });
    queue = new WriteQueue(repo, { intervalMs: 250 });
    queue.start();
    queue.saveEntry(makeMessageEntry('parent', 'p2', 2, { parentId: 'p1' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(1);
    // The reply's final value, and a flush waiting for the write under way (message_end's).
    queue.saveEntry(makeMessageEntry('parent', 'p2', 2, { parentId: 'p1', text: 'final' }));
    const flushing = queue.flush();

    const committing = queue.commitHandoff({ parent: parentAfter, child, handoffEntry });
    await settle();
    expect(batches).toHaveLength(2);
    expect(batches[1]?.entries.map((entry) => entry.id)).toEqual(['p2', 'handoff']);
    expect(batches[1]?.headers.map((header) => header.id)).toEqual(['parent', 'child']);
    expect(batches[1]?.settings).toEqual([[ACTIVE_SESSION_KEY, 'child']]);

    open();
    await committing;
    await flushing;
    // The waiting flush found nothing left to write: two transactions in all.
    expect(batches).toHaveLength(2);
    expect(queue.hasPendingWrites()).toBe(false);
    expect(textOfEntry((await repo.loadEntries('parent')).entries.find((entry) => entry.id === 'p2'))).toBe(
      'final',
    );
    expect(await repo.getHeader('parent')).toEqual(parentAfter);
    expect(await repo.getActiveSessionId()).toBe('child');
  });

  it('lands nothing when any part fails, keeps the pending writes pending, and rejects', async () => {
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const originalPut = IDBObjectStore.prototype.put;
    // The pointer is the last record written, so everything else was already queued in the transaction.
    const putSpy = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      if (this.name === 'settings') throw quota;
      return originalPut.call(this, value, key);
    });
    const errors: Error[] = [];
    queue = new WriteQueue(repo, { retryDelaysMs: [500], onError: (error) => errors.push(error) });
    queue.start();
    queue.saveEntry(makeMessageEntry('parent', 'p2', 2, { parentId: 'p1' }));
    queue.saveHeader(makeHeader('other'));

    await expect(queue.commitHandoff({ parent: parentAfter, child, handoffEntry })).rejects.toBe(quota);

    expect(errors).toEqual([quota]);
    expect(queue.pendingCount()).toBe(2);
    expect(await repo.getHeader('parent')).toEqual(parentBefore);
    expect(await repo.getHeader('child')).toBeUndefined();
    expect(await repo.getHeader('other')).toBeUndefined();
    expect((await repo.loadEntries('child')).entries).toEqual([]);
    expect((await repo.loadEntries('parent')).entries.map((entry) => entry.id)).toEqual(['p1']);
    expect(await repo.getActiveSessionId()).toBe('parent');

    // The pending writes are retried as usual; the handoff itself is not.
    putSpy.mockRestore();
    await vi.advanceTimersByTimeAsync(500);
    await until(() => !queue?.hasPendingWrites(), 'the retry');
    expect((await repo.loadEntries('parent')).entries.map((entry) => entry.id)).toEqual(['p1', 'p2']);
    expect(await repo.getHeader('other')).toEqual(makeHeader('other'));
    expect(await repo.getHeader('child')).toBeUndefined();
    expect(await repo.getActiveSessionId()).toBe('parent');
  });
});

describe('WriteQueue.setActiveSession', () => {
  it('writes the pointer in the same transaction as the pending writes', async () => {
    const writes = spyOnWrites();
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
    const writes = spyOnWrites();
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
    const writes = spyOnWrites();
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
