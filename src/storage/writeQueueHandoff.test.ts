/** WriteQueue.commitHandoff: the switch's change set, beside a write under way and when it fails. */
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
import { ACTIVE_SESSION_KEY, SessionRepository } from './sessionRepository';
import { WriteQueue } from './writeQueue';

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
    const writes = spyOnWrites(repo);
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
    // The first write's transaction starts at once (as apply's does), but its
    // promise is held back, as a long task holds up a complete event.
    const { batches, open } = holdFirstWrite(repo, { begun: true });
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
