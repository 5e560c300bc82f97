import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chain, user } from '../../../testing/entryBuilders';
import { memoryPersistence } from '../../../testing/memoryPersistence';
import type { WriteQueue } from '../../storage/writeQueue';
import { batonStore, resetBatonStore } from '../store/store';
import { trackUnsavedChanges } from './unsavedChanges';

const state = () => batonStore.getState();
const notices = () => state().notices.map(({ kind, text }) => ({ kind, text }));

/** The queue as the tracker reads it: what is still to be written. */
function fakeQueue(pending: string[]) {
  const queue = {
    pending,
    hasPendingWrites: () => queue.pending.length > 0,
    pendingEntryIds: () => queue.pending,
  };
  return queue;
}

let page: EventTarget;

beforeEach(() => {
  resetBatonStore();
  page = new EventTarget();
  vi.stubGlobal('window', page);
});
afterEach(() => vi.unstubAllGlobals());

function track(pending: string[] = []) {
  const queue = fakeQueue(pending);
  const unsaved = trackUnsavedChanges(() => queue as unknown as WriteQueue);
  return { queue, unsaved };
}

/** Fires the page's beforeunload; true when the tab asked the user before leaving. */
function leaving(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  // A page's BeforeUnloadEvent has a writable returnValue (older browsers prompt when it is set).
  Object.defineProperty(event, 'returnValue', { value: undefined, writable: true });
  page.dispatchEvent(event);
  const asked = event.defaultPrevented;
  if (asked) expect(event.returnValue).toBe('');
  return asked;
}

const QUOTA = Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });

describe('trackUnsavedChanges', () => {
  it('a failed write marks what is pending, says so in the status line and in one alert', () => {
    const { unsaved } = track(['e1', 'e2']);
    unsaved.failed(QUOTA);
    expect(state().saveError).toBe('Not saved: storage is full. Retrying…');
    expect([...state().unsavedEntryIds]).toEqual(['e1', 'e2']);
    expect(notices()).toEqual([
      {
        kind: 'error',
        text: "Could not save your changes: this browser's storage for Baton is full. They are kept in this tab and saving is retried. Free space on this device, or delete sessions you no longer need (Settings shows how much is used).",
      },
    ]);
  });

  it('failures after the first update the marks but raise no second alert', () => {
    const { queue, unsaved } = track(['e1']);
    unsaved.failed(QUOTA);
    queue.pending = ['e1', 'e2'];
    unsaved.failed(QUOTA);
    expect([...state().unsavedEntryIds]).toEqual(['e1', 'e2']);
    expect(notices()).toHaveLength(1);
  });

  it('recovery takes the alert and the marks away and says the changes are saved', () => {
    const { unsaved } = track(['e1']);
    unsaved.failed(QUOTA);
    unsaved.recovered();
    expect(state().saveError).toBeNull();
    expect(state().unsavedEntryIds.size).toBe(0);
    expect(notices()).toEqual([{ kind: 'info', text: 'Your changes are saved now.' }]);
  });

  it('an ordinary save with nothing failing says nothing', () => {
    const { unsaved } = track();
    unsaved.recovered();
    expect(notices()).toEqual([]);
  });

  it('a failure after a recovery raises a new alert', () => {
    const { unsaved } = track(['e1']);
    unsaved.failed(QUOTA);
    unsaved.recovered();
    unsaved.failed(QUOTA);
    expect(notices().map((n) => n.kind)).toEqual(['info', 'error']);
  });

  it('asks before the page is left only while writes fail with changes still pending', () => {
    const { queue, unsaved } = track(['e1']);
    // Pending but not failing: it lands on pagehide, and asking would stop every close.
    expect(leaving()).toBe(false);
    unsaved.failed(QUOTA);
    expect(leaving()).toBe(true);
    queue.pending = [];
    expect(leaving()).toBe(false);
    queue.pending = ['e2'];
    unsaved.recovered();
    expect(leaving()).toBe(false);
  });

  it('marking: each entry saved while writes fail is marked at once, and every call reaches storage', async () => {
    const { unsaved } = track();
    const persistence = memoryPersistence();
    const marked = unsaved.marking(persistence);
    const [first, second] = chain([user('one'), user('two')]);
    if (!first || !second) throw new Error('no entries');
    marked.saveEntry(first);
    expect(state().unsavedEntryIds.size).toBe(0);
    unsaved.failed(QUOTA);
    marked.saveEntry(second);
    expect([...state().unsavedEntryIds]).toEqual([second.id]);
    await marked.flush();
    await marked.setActiveSession('s1');
    expect(persistence.calls).toEqual([
      { kind: 'entry', entry: first },
      { kind: 'entry', entry: second },
      { kind: 'flush' },
      { kind: 'active', sessionId: 's1' },
    ]);
  });
});
