/**
 * The note of the session on screen: written at once, read at start, cleared once the
 * stored pointer names the same session; and the write queue telling when that is.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  makeHeader,
  makeMessageEntry,
  memoryTextStore,
  refusingTextStore,
  uniqueDbName,
} from '../../testing/fixtures/storageTestFixtures';
import { activeSessionNote } from './activeSessionNote';
import { withFaults } from './faultyBackend';
import { ACTIVE_SESSION_KEY, SessionRepository } from './sessionRepository';
import { WriteQueue } from './writeQueue';

describe('activeSessionNote', () => {
  it('reads what was written, per database, and clears only a note naming the stored session', () => {
    const store = memoryTextStore();
    const note = activeSessionNote('baton', store);
    const other = activeSessionNote('baton-bench', store);
    expect(note.read()).toBeUndefined();
    note.write('s1');
    other.write('s9');
    expect(note.read()).toBe('s1');
    expect(other.read()).toBe('s9');
    // Another session's pointer stored (an older switch landing late): the note stays.
    note.stored('s0');
    expect(note.read()).toBe('s1');
    note.stored('s1');
    expect(note.read()).toBeUndefined();
    expect(other.read()).toBe('s9');
  });

  it('without localStorage, or with one that throws, it notes nothing and never throws', () => {
    const none = activeSessionNote('baton', undefined);
    none.write('s1');
    expect(none.read()).toBeUndefined();
    const refusing = refusingTextStore();
    const note = activeSessionNote('baton', refusing);
    expect(() => note.write('s1')).not.toThrow();
    expect(note.read()).toBeUndefined();
    expect(() => note.stored('s1')).not.toThrow();
  });
});

describe('WriteQueue onPointerWriting and onPointerStored', () => {
  let repo: SessionRepository | undefined;
  let queue: WriteQueue | undefined;
  afterEach(() => {
    queue?.dispose();
    repo?.close();
  });

  it('tells the session as the pointer write starts and once it has committed, and not for other writes', async () => {
    repo = await SessionRepository.open(uniqueDbName());
    let release: (() => void) | undefined;
    const stored: string[] = [];
    const writing: string[] = [];
    const held = withFaults(repo, () => ({
      holdWrites: () =>
        release
          ? undefined
          : new Promise<void>((resolve) => {
              release = resolve;
            }),
    }));
    queue = new WriteQueue(held, {
      onPointerWriting: (id) => writing.push(id),
      onPointerStored: (id) => stored.push(id),
    });
    queue.start();
    queue.saveHeader(makeHeader('s1'));
    queue.saveEntry(makeMessageEntry('s1', 'e1', 1));
    const switching = queue.setActiveSession('s1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Held: started, not committed.
    expect(writing).toEqual(['s1']);
    expect(stored).toEqual([]);
    expect(await repo.getSetting(ACTIVE_SESSION_KEY)).toBeUndefined();
    release?.();
    await switching;
    expect(stored).toEqual(['s1']);
    expect(await repo.getActiveSessionId()).toBe('s1');
    // A write without the pointer tells nothing.
    queue.saveEntry(makeMessageEntry('s1', 'e2', 2));
    await queue.flush();
    expect(writing).toEqual(['s1']);
    expect(stored).toEqual(['s1']);
  });
});
