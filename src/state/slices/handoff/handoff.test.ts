import { beforeEach, describe, expect, it } from 'vitest';
import type { HandoffState } from '../../../core/handoff/handoffState';
import { batonStore, initialState, resetBatonStore } from '../../store/store';
import { finishHandoffReview, reviewDocument } from './actions';
import { initialHandoffState } from './initialState';
import { selectBusy, selectHandoffActive } from './selectors';

const state = () => batonStore.getState();

/** What a pending promise has settled to so far ('pending' while it has not). */
async function settled<T>(promise: Promise<T>): Promise<T | 'pending'> {
  return Promise.race([
    promise,
    new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), 0)),
  ]);
}

beforeEach(() => resetBatonStore());

describe('handoff slice: initial state', () => {
  it('starts idle, with no review and no proposal', () => {
    expect(initialHandoffState).toEqual({
      handoff: { status: 'idle' },
      handoffReview: null,
      answerReview: null,
      handoffProposal: null,
      autoHandoffStop: null,
    });
    expect(state()).toMatchObject(initialHandoffState);
  });
});

describe('handoff slice: the review', () => {
  it('opens the editor with the document and waits for the answer', async () => {
    const answer = reviewDocument('the document', new AbortController().signal);
    expect(state().handoffReview).toEqual({ document: 'the document' });
    expect(state().answerReview).toBeTypeOf('function');
    expect(await settled(answer)).toBe('pending');
    finishHandoffReview('the edited document');
    await expect(answer).resolves.toBe('the edited document');
    expect(state()).toMatchObject({ handoffReview: null, answerReview: null });
  });

  it('Cancel answers undefined', async () => {
    const answer = reviewDocument('doc', new AbortController().signal);
    finishHandoffReview(undefined);
    await expect(answer).resolves.toBeUndefined();
    expect(state().handoffReview).toBeNull();
  });

  it('a second answer changes nothing: the handoff heard the first', async () => {
    const answer = reviewDocument('doc', new AbortController().signal);
    finishHandoffReview('first');
    const after = state();
    finishHandoffReview('second');
    await expect(answer).resolves.toBe('first');
    // No change is published for an answer nobody waits for.
    expect(state()).toBe(after);
  });

  it('an answer with no review open does nothing', () => {
    const before = state();
    finishHandoffReview('text');
    expect(state()).toBe(before);
  });

  it('the handoff aborted (Esc, Stop, time out) closes the editor and answers undefined', async () => {
    const abort = new AbortController();
    const answer = reviewDocument('doc', abort.signal);
    abort.abort();
    await expect(answer).resolves.toBeUndefined();
    expect(state()).toMatchObject({ handoffReview: null, answerReview: null });
  });

  it('a new review replaces one still open: the old one is cancelled, and its abort later leaves the new one alone', async () => {
    const firstAbort = new AbortController();
    const first = reviewDocument('old doc', firstAbort.signal);
    const second = reviewDocument('new doc', new AbortController().signal);
    await expect(first).resolves.toBeUndefined();
    expect(state().handoffReview).toEqual({ document: 'new doc' });
    firstAbort.abort();
    expect(state().handoffReview).toEqual({ document: 'new doc' });
    expect(await settled(second)).toBe('pending');
    finishHandoffReview('answer');
    await expect(second).resolves.toBe('answer');
  });

  it('an abort after the answer changes nothing', async () => {
    const abort = new AbortController();
    const answer = reviewDocument('doc', abort.signal);
    finishHandoffReview('kept');
    const after = state();
    abort.abort();
    await expect(answer).resolves.toBe('kept');
    expect(state()).toBe(after);
  });
});

describe('handoff slice: selectors', () => {
  const withHandoff = (handoff: HandoffState, isStreaming = false) => ({
    ...initialState,
    handoff,
    isStreaming,
  });

  it('a handoff generating, being reviewed or switching is active and makes the app busy', () => {
    const active: HandoffState[] = [
      { status: 'generating', startedAt: 1 },
      { status: 'reviewing', document: 'd' },
      { status: 'switching', document: 'd' },
    ];
    for (const handoff of active) {
      expect(selectHandoffActive(withHandoff(handoff))).toBe(true);
      expect(selectBusy(withHandoff(handoff))).toBe(true);
    }
  });

  it('idle, done or failed is not active; busy then means a reply is being written', () => {
    const idle: HandoffState = { status: 'idle' };
    const done: HandoffState = { status: 'done', document: 'd', newSessionId: 'n' };
    const cancelled: HandoffState = { status: 'cancelled' };
    const failed: HandoffState = { status: 'failed', reason: 'timed out' };
    for (const handoff of [idle, done, cancelled, failed]) {
      expect(selectHandoffActive(withHandoff(handoff))).toBe(false);
      expect(selectBusy(withHandoff(handoff))).toBe(false);
      expect(selectBusy(withHandoff(handoff, true))).toBe(true);
    }
  });
});
