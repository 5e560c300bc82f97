// @vitest-environment jsdom
/** The save status and alert while writes fail: in words, never a DOMException's name or an empty reason. */
import { describe, expect, it } from 'vitest';
import type { WriteQueue } from '../../storage/writeQueue';
import { savesFailing } from '../slices/status/actions';
import { get } from '../store/storeAccess';
import { trackUnsavedChanges } from './unsavedChanges';

/** Only what the tracker asks of the queue. */
const queue = { pendingEntryIds: () => ['e1'], hasPendingWrites: () => true } as unknown as WriteQueue;

describe('unsaved changes (issue 27, finding 6)', () => {
  it('words a full disk in the status line and the alert, with what to do', () => {
    const tracker = trackUnsavedChanges(() => queue);
    tracker.failed(new DOMException('', 'QuotaExceededError'));
    expect(get().saveError).toBe('Not saved: storage is full. Retrying…');
    const alerts = get()
      .notices.filter((n) => n.kind === 'error')
      .map((n) => n.text);
    expect(alerts).toEqual([
      "Could not save your changes: this browser's storage for Baton is full. They are kept in this tab and saving is retried. Free space on this device, or delete sessions you no longer need (Settings shows how much is used).",
    ]);
    expect([...get().unsavedEntryIds]).toEqual(['e1']);
    tracker.recovered();
  });

  it('words a write cut off without a message, and never leaves the reason empty', () => {
    const tracker = trackUnsavedChanges(() => queue);
    tracker.failed(new DOMException('', 'AbortError'));
    expect(get().saveError).toBe('Not saved: the write was cut off. Retrying…');
    expect(get().notices.at(-1)?.text).not.toMatch(/AbortError|\(\)/);
    savesFailing('  ', []);
    expect(get().saveError).toBe('Not saved: the browser refused the write. Retrying…');
  });
});
