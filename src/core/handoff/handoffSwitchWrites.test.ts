/**
 * The switch's storage (bench P2): its one transaction starts as soon as the document is
 * taken, not after the writes queued before it have reported complete, and holds the
 * records of the old session still queued along with its own.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { textReply } from '../../../testing/mockModel';
import { type SessionHarness, startSessionHarness } from '../../../testing/sessionHarness';
import type { WriteBatch } from '../../storage/sessionRepository';

let h: SessionHarness | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  await h?.close();
  h = undefined;
});

const DOC = '## Goal\nShip it.\n\n## Next Steps\n1. Test it.';

it("starts the switch's transaction without waiting for the writes before it", async () => {
  h = await startSessionHarness();
  await h.session.prompt('Build the billing API');
  await h.queue.flush();
  const parentId = h.session.header.id;

  const writes: Array<{ batch: WriteBatch; unfinishedBefore: number }> = [];
  let unfinished = 0;
  const original = h.repository.writeBatch.bind(h.repository);
  vi.spyOn(h.repository, 'writeBatch').mockImplementation(async (batch) => {
    writes.push({ batch, unfinishedBefore: unfinished });
    unfinished += 1;
    try {
      return await original(batch);
    } finally {
      unfinished -= 1;
    }
  });
  h.mock.script(textReply(DOC));
  const result = await h.session.handoff();
  expect(result.status).toBe('done');

  const commits = writes.filter(({ batch }) => batch.entries.some((entry) => entry.sessionId !== parentId));
  expect(commits).toHaveLength(1);
  const [commit] = commits;
  // The reply's own flush (at its message_end) was still under way when the switch began.
  expect(commit?.unfinishedBefore).toBeGreaterThan(0);
  // ...and the switch wrote what that flush held too: the finished document reply.
  const reply = commit?.batch.entries.find((entry) => entry.sessionId === parentId);
  expect(reply?.type).toBe('message');
  expect(commit?.batch.headers.map((header) => header.id)).toContain(parentId);
  // Nothing else was written after it.
  expect(writes.at(-1)).toBe(commit);
  expect(await h.stored.activeSessionId()).toBe(result.status === 'done' ? result.newSessionId : '');
});
