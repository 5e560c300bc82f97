/** WriteQueue.saveAttachment: a file lands no later than the message that refers to it, and is readable until then. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bytesOf,
  makeAttachmentRecord,
  makeHeader,
  makeMessageEntry,
  uniqueDbName,
} from '../../testing/fixtures/storageTestFixtures';
import { batchOf } from './records';
import { SessionRepository, type WriteBatch } from './sessionRepository';
import { WriteQueue } from './writeQueue';

let repo: SessionRepository;
let queue: WriteQueue | undefined;

beforeEach(async () => {
  repo = await SessionRepository.open(uniqueDbName());
});
afterEach(() => {
  queue?.dispose();
  queue = undefined;
  vi.restoreAllMocks();
  repo.close();
});

/** Records each change set applied (grouped by kind) while still writing it for real. */
function spyOnBatches(): WriteBatch[] {
  const batches: WriteBatch[] = [];
  const original = repo.apply.bind(repo);
  vi.spyOn(repo, 'apply').mockImplementation((changeSet) => {
    const batch = batchOf(changeSet);
    batches.push(batch);
    return original(changeSet);
  });
  return batches;
}

/** Lets the real event loop run until `done()` holds (database work and the retry timer happen there); the cap only bounds a failing wait. */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let round = 0; round < 10_000; round++) {
    if (done()) return;
    await new Promise<void>((resolve) => setTimeout(resolve, 1));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

describe('WriteQueue.saveAttachment', () => {
  it('writes a queued file in the same batch as the message queued after it', async () => {
    const batches = spyOnBatches();
    // A long interval: nothing is written until flush(), so both are queued when it runs.
    queue = new WriteQueue(repo, { intervalMs: 60_000 });
    queue.start();
    const file = makeAttachmentRecord('s1', 'a1');
    queue.saveAttachment(file);
    queue.saveHeader(makeHeader('s1'));
    queue.saveEntry(makeMessageEntry('s1', 'e1', 1));
    await queue.flush();

    expect(batches).toHaveLength(1);
    expect(batches[0]?.attachments).toEqual([file]);
    expect(batches[0]?.entries.map((entry) => entry.id)).toEqual(['e1']);
    expect(await bytesOf((await repo.loadAttachments(['a1'])).get('a1'))).toEqual(await bytesOf(file));
  });

  it('serves the queued record until a write has stored it, then lets it go', async () => {
    queue = new WriteQueue(repo, { intervalMs: 60_000 });
    queue.start();
    const file = makeAttachmentRecord('s1', 'a1');
    queue.saveAttachment(file);
    expect(queue.pendingAttachment('a1')).toBe(file);
    expect(queue.pendingAttachment('other')).toBeUndefined();
    expect(queue.pendingCount()).toBe(1);

    await queue.flush();
    expect(queue.pendingAttachment('a1')).toBeUndefined();
    expect(queue.hasPendingWrites()).toBe(false);
    expect((await repo.loadAttachments(['a1'])).has('a1')).toBe(true);
  });

  it('keeps the file queued through a failed write and lands it on the retry', async () => {
    const original = repo.apply.bind(repo);
    const batches: WriteBatch[] = [];
    vi.spyOn(repo, 'apply').mockImplementation(async (changeSet) => {
      const batch = batchOf(changeSet);
      batches.push(batch);
      if (batches.length === 1) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return original(changeSet);
    });
    const errors: Error[] = [];
    queue = new WriteQueue(repo, { intervalMs: 60_000, retryDelaysMs: [1], onError: (e) => errors.push(e) });
    queue.start();
    const file = makeAttachmentRecord('s1', 'a1');
    queue.saveAttachment(file);
    queue.saveEntry(makeMessageEntry('s1', 'e1', 1));

    await expect(queue.flush()).rejects.toMatchObject({ name: 'QuotaExceededError' });
    expect(errors).toHaveLength(1);
    expect(queue.pendingAttachment('a1')).toBe(file);
    expect((await repo.loadAttachments(['a1'])).has('a1')).toBe(false);

    // The queue retries on its own after the delay, the file still with its message.
    await until(() => !queue?.hasPendingWrites(), 'the retry to land');
    expect(batches).toHaveLength(2);
    expect(batches[1]?.attachments).toEqual([file]);
    expect(batches[1]?.entries.map((entry) => entry.id)).toEqual(['e1']);
    expect(queue.pendingAttachment('a1')).toBeUndefined();
    expect((await repo.loadAttachments(['a1'])).has('a1')).toBe(true);
  });
});
