// @vitest-environment jsdom
/**
 * Start-up through the real app wiring in Node: which stored session it opens and what
 * it shows of it. The active session's newest entries are read beside the headers; a
 * stored active id whose session is gone must still open a session, the newest one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { appsPerTest, transcript } from '../../../testing/appHarness';
import { assistant, user } from '../../../testing/entryBuilders';
import { storedSession } from '../../../testing/recallFixtures';
import { activeSessionNote } from '../../storage/activeSessionNote';

const older = storedSession('older', 'Older work', [user('First question'), assistant(['First answer'])], {
  updatedAt: 1_000,
});
const newer = storedSession('newer', 'Newer work', [user('Second question'), assistant(['Second answer'])], {
  updatedAt: 5_000,
});

describe('start-up', () => {
  const start = appsPerTest();

  it('opens the stored active session, even when it is not the newest', async () => {
    const app = await start({}, { sessions: [older, newer], activeSessionId: 'older' });
    const state = await app.until((s) => s.entries.length === 2, 'the older session shown');
    expect(state.activeSessionId).toBe('older');
    expect(transcript(state.entries)).toEqual(['user: First question', 'assistant: First answer']);
    expect(app.runtime.session.header.id).toBe('older');
  });

  it('opens the newest session when the stored active one no longer exists', async () => {
    const app = await start({}, { sessions: [older, newer], activeSessionId: 'deleted-meanwhile' });
    const state = await app.until((s) => s.entries.length === 2, 'the newest session shown');
    expect(state.activeSessionId).toBe('newer');
    expect(transcript(state.entries)).toEqual(['user: Second question', 'assistant: Second answer']);
    expect(app.runtime.session.header.id).toBe('newer');
  });

  describe('with a note of the session shown last (a switch a reload cut off)', () => {
    afterEach(() => localStorage.clear());

    it('opens the noted session over the stored pointer, and stores its pointer', async () => {
      const dbName = `baton-app-test-${crypto.randomUUID()}`;
      activeSessionNote(dbName).write('older');
      const app = await start({}, { dbName, sessions: [older, newer], activeSessionId: 'newer' });
      const state = await app.until((s) => s.entries.length === 2, 'the noted session shown');
      expect(state.activeSessionId).toBe('older');
      expect(transcript(state.entries)).toEqual(['user: First question', 'assistant: First answer']);
      await expect.poll(() => app.runtime.repository.getActiveSessionId()).toBe('older');
      expect(activeSessionNote(dbName).read()).toBeUndefined();
    });

    it("opens the stored pointer's session when the noted one is not stored", async () => {
      const dbName = `baton-app-test-${crypto.randomUUID()}`;
      activeSessionNote(dbName).write('never-stored');
      const app = await start({}, { dbName, sessions: [older, newer], activeSessionId: 'older' });
      const state = await app.until((s) => s.entries.length === 2, "the pointer's session shown");
      expect(state.activeSessionId).toBe('older');
    });
  });
});
