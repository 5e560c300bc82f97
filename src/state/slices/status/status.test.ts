import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assistant, chain, user } from '../../../../testing/entryBuilders';
import { batonStore, initialState, resetBatonStore } from '../../store/store';
import {
  dismissNotice,
  markUnsaved,
  newestNoticeId,
  notify,
  notifyError,
  offerKept,
  savesFailing,
  savesRecovered,
  showRetry,
  startupFailed,
  takeKept,
} from './actions';
import { initialStatusState } from './initialState';
import { selectSavesFailing } from './selectors';

const state = () => batonStore.getState();
const texts = () => state().notices.map((n) => n.text);

beforeEach(() => {
  resetBatonStore();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('status slice: initial state', () => {
  it('starts loading, with no notices, everything saved, nothing kept and no retry', () => {
    expect(initialStatusState).toEqual({
      phase: 'loading',
      notices: [],
      nextNoticeId: 1,
      saveError: null,
      unsavedEntryIds: new Set(),
      keptAfterDelete: null,
      retryStatus: null,
      retryAt: null,
    });
    expect(state().loadError).toBeUndefined();
  });
});

describe('status slice: notices', () => {
  it('an info notice goes by itself after 6 seconds', () => {
    notify('Copied.');
    expect(state().notices).toEqual([{ id: 1, kind: 'info', text: 'Copied.' }]);
    vi.advanceTimersByTime(5999);
    expect(texts()).toEqual(['Copied.']);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it('an error stays 12 seconds and an info notice with lines (/help) 30, unless dismissed first', () => {
    notifyError('Could not reach the model API.');
    notify('Commands:', ['/help', '/handoff']);
    vi.advanceTimersByTime(11_999);
    expect(state().notices).toEqual([
      { id: 1, kind: 'error', text: 'Could not reach the model API.' },
      { id: 2, kind: 'info', text: 'Commands:', lines: ['/help', '/handoff'] },
    ]);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual(['Commands:']);
    vi.advanceTimersByTime(17_999);
    expect(texts()).toEqual(['Commands:']);
    dismissNotice(2);
    expect(texts()).toEqual([]);
  });

  it('shows at most four, dropping the oldest', () => {
    for (const n of [1, 2, 3, 4, 5]) notifyError(`error ${n}`);
    expect(texts()).toEqual(['error 2', 'error 3', 'error 4', 'error 5']);
    expect(newestNoticeId()).toBe(5);
  });

  it('never reuses an id, so an old timer cannot dismiss a newer notice', () => {
    notify('first');
    dismissNotice(1);
    notifyError('second');
    expect(state().notices[0]?.id).toBe(2);
    // The first notice's timer fires: the error stays.
    vi.advanceTimersByTime(8000);
    expect(texts()).toEqual(['second']);
  });

  it('dismissing an id no longer shown changes nothing', () => {
    notifyError('kept');
    dismissNotice(42);
    expect(texts()).toEqual(['kept']);
  });

  it('newestNoticeId is undefined with no notices', () => {
    expect(newestNoticeId()).toBeUndefined();
    notifyError('a');
    notifyError('b');
    expect(newestNoticeId()).toBe(2);
  });
});

describe('status slice: saving', () => {
  it('savesFailing says why and marks every pending entry; savesRecovered clears both and reports it', () => {
    expect(selectSavesFailing(state())).toBe(false);
    savesFailing('QuotaExceededError', ['e1', 'e2']);
    expect(state().saveError).toBe('Not saved: QuotaExceededError. Retrying…');
    expect([...state().unsavedEntryIds]).toEqual(['e1', 'e2']);
    expect(selectSavesFailing(state())).toBe(true);
    expect(savesRecovered()).toBe(true);
    expect(state().saveError).toBeNull();
    expect(state().unsavedEntryIds.size).toBe(0);
    expect(selectSavesFailing(state())).toBe(false);
  });

  it('savesRecovered without a failure says writes had not been failing', () => {
    expect(savesRecovered()).toBe(false);
  });

  it('markUnsaved marks an entry only while writes fail, and each entry once', () => {
    markUnsaved('e1');
    expect(state().unsavedEntryIds.size).toBe(0);
    savesFailing('disk full', []);
    markUnsaved('e1');
    const marked = state().unsavedEntryIds;
    expect([...marked]).toEqual(['e1']);
    markUnsaved('e1');
    expect(state().unsavedEntryIds).toBe(marked);
    markUnsaved('e2');
    expect([...state().unsavedEntryIds]).toEqual(['e1', 'e2']);
    // The set is replaced, never changed in place: a component holding the old one sees the change.
    expect([...marked]).toEqual(['e1']);
  });
});

describe('status slice: retries, kept conversations, start-up', () => {
  it('showRetry says which attempt of how many', () => {
    showRetry(2, 5);
    expect(state().retryStatus).toBe('Retrying (2 of 5)…');
  });

  it('offerKept holds the offer until takeKept hands it over once', () => {
    const kept = { title: 'Gone', model: 'claude-a', entries: chain([user('Hi'), assistant(['Hello'])]) };
    expect(takeKept()).toBeNull();
    offerKept(kept);
    expect(state().keptAfterDelete).toBe(kept);
    expect(takeKept()).toBe(kept);
    expect(state().keptAfterDelete).toBeNull();
    expect(takeKept()).toBeNull();
  });

  it('startupFailed before the first paint fails the splash with the reason', () => {
    startupFailed('IndexedDB is not available');
    expect(state()).toMatchObject({ phase: 'failed', loadError: 'IndexedDB is not available' });
    expect(state().notices).toEqual([]);
  });

  it('startupFailed after the first paint keeps the app and says so in an error notice', () => {
    batonStore.setState({ phase: 'ready' });
    startupFailed('the agent chunk did not load');
    expect(state().phase).toBe('ready');
    expect(state().loadError).toBeUndefined();
    expect(state().notices).toEqual([
      {
        id: 1,
        kind: 'error',
        text: 'Baton could not finish loading: the agent chunk did not load. Reload the page to try again.',
      },
    ]);
  });

  it('selectSavesFailing reads the save error only', () => {
    expect(selectSavesFailing({ ...initialState, saveError: 'Not saved' })).toBe(true);
    expect(selectSavesFailing({ ...initialState, unsavedEntryIds: new Set(['x']) })).toBe(false);
  });
});
