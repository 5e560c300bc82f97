/** Start-up repair: what removeOrphans tidies and what it tells the user. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batonStore } from '../store/store';
import { removeOrphans } from './startEngine';

beforeEach(() => {
  // Info notices dismiss themselves on a timer; faked so none outlives its test.
  vi.useFakeTimers();
  batonStore.setState({ notices: [] });
});
afterEach(() => {
  vi.useRealTimers();
});

function notices(): Array<{ kind: string; text: string }> {
  return batonStore.getState().notices.map(({ kind, text }) => ({ kind, text }));
}

describe('removeOrphans', () => {
  it('removes orphan entries and files, saying how many of each in one sentence', async () => {
    await removeOrphans({
      removeOrphanEntries: async () => 3,
      removeOrphanAttachments: async () => 2,
    });
    expect(notices()).toEqual([
      { kind: 'info', text: 'Removed 3 stored entries of sessions deleted earlier.' },
      { kind: 'info', text: 'Removed 2 stored files of sessions deleted earlier.' },
    ]);
  });

  it('says nothing when there was nothing to remove, and counts one file as one', async () => {
    await removeOrphans({ removeOrphanEntries: async () => 0, removeOrphanAttachments: async () => 0 });
    expect(notices()).toEqual([]);
    await removeOrphans({ removeOrphanEntries: async () => 0, removeOrphanAttachments: async () => 1 });
    expect(notices()).toEqual([{ kind: 'info', text: 'Removed 1 stored file of sessions deleted earlier.' }]);
  });

  it('still removes the files when tidying the entries fails, and reports the failure', async () => {
    const removeOrphanAttachments = vi.fn(async () => 4);
    await removeOrphans({
      removeOrphanEntries: async () => {
        throw new Error('disk gone');
      },
      removeOrphanAttachments,
    });
    expect(removeOrphanAttachments).toHaveBeenCalledOnce();
    expect(notices()).toEqual([
      { kind: 'error', text: 'Could not tidy up entries of deleted sessions: disk gone' },
      { kind: 'info', text: 'Removed 4 stored files of sessions deleted earlier.' },
    ]);
  });
});
