// @vitest-environment jsdom
/**
 * trackUnsavedChanges in the store: while writes succeed, a saved entry and a finished
 * write leave the store alone (not even a read); once writes fail, each entry saved is
 * marked unsaved at once and the alert shows, and the next finished write clears both.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionPersistence } from '../../core/session/persistence';
import type { SessionEntry } from '../../core/types/entry';
import type { WriteQueue } from '../../storage/writeQueue';
import { batonStore, resetBatonStore } from '../store/store';
import { trackUnsavedChanges } from './unsavedChanges';

afterEach(() => {
  vi.restoreAllMocks();
  resetBatonStore();
});

const entry = (id: string) => ({ id }) as SessionEntry;

function tracked() {
  const saved: string[] = [];
  const persistence = {
    saveEntry: (e: SessionEntry) => void saved.push(e.id),
  } as unknown as SessionPersistence;
  const queue = { hasPendingWrites: () => true, pendingEntryIds: () => ['a'] } as unknown as WriteQueue;
  const unsaved = trackUnsavedChanges(() => queue);
  return { unsaved, writer: unsaved.marking(persistence), saved };
}

describe('trackUnsavedChanges', () => {
  it('neither reads nor changes the store for saves while writes succeed', () => {
    const { unsaved, writer, saved } = tracked();
    const read = vi.spyOn(batonStore, 'getState');
    const write = vi.spyOn(batonStore, 'setState');

    writer.saveEntry(entry('a'));
    unsaved.recovered();

    expect(saved).toEqual(['a']);
    expect(read).not.toHaveBeenCalled();
    expect(write).not.toHaveBeenCalled();
  });

  it('marks entries saved while writes fail, and clears the marks once a write lands', () => {
    const { unsaved, writer } = tracked();
    unsaved.failed(new DOMException('', 'QuotaExceededError'));
    writer.saveEntry(entry('b'));

    const failing = batonStore.getState();
    expect(failing.saveError).toBe('Not saved: storage is full. Retrying…');
    expect([...failing.unsavedEntryIds]).toEqual(['a', 'b']);
    expect(failing.notices.map((n) => n.kind)).toEqual(['error']);

    unsaved.recovered();
    const recovered = batonStore.getState();
    expect(recovered.saveError).toBeNull();
    expect(recovered.unsavedEntryIds.size).toBe(0);
    expect(recovered.notices.map((n) => n.text)).toEqual(['Your changes are saved now.']);
  });
});
