/** The pacer that lets the user's typing come before a catch-up's next batch. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInputPacer, MAX_HOLD_MS, QUIET_MS } from './inputPacer';

describe('createInputPacer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Whether beforeBatch has resolved after `ms` more of the clock. */
  async function settledAfter(pending: Promise<void>, ms: number): Promise<boolean> {
    let done = false;
    void pending.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(ms);
    return done;
  }

  it('lets a batch run at once when the user has not typed', async () => {
    const pacer = createInputPacer();
    expect(await settledAfter(pacer.beforeBatch(new AbortController().signal), 0)).toBe(true);
  });

  it('holds a batch until the user has paused for QUIET_MS', async () => {
    const pacer = createInputPacer();
    pacer.noteInput();
    const pending = pacer.beforeBatch(new AbortController().signal);
    expect(await settledAfter(pending, QUIET_MS - 50)).toBe(false);
    expect(await settledAfter(pending, 60)).toBe(true);
  });

  it('keeps holding while keys go on, but never longer than MAX_HOLD_MS in a row', async () => {
    const pacer = createInputPacer();
    pacer.noteInput();
    const pending = pacer.beforeBatch(new AbortController().signal);
    let done = false;
    void pending.then(() => {
      done = true;
    });
    // A key every 150 ms, for longer than the longest hold.
    const keys = Math.ceil(MAX_HOLD_MS / 150) + 10;
    let heldFor = 0;
    for (let key = 0; key < keys && !done; key += 1) {
      await vi.advanceTimersByTimeAsync(150);
      heldFor += 150;
      pacer.noteInput();
    }
    expect(done).toBe(true);
    expect(heldFor).toBeGreaterThanOrEqual(MAX_HOLD_MS);
    expect(heldFor).toBeLessThanOrEqual(MAX_HOLD_MS + 150);
    // The next batch is held again.
    expect(await settledAfter(pacer.beforeBatch(new AbortController().signal), 0)).toBe(false);
  });

  it('lets go at once when the run is stopped', async () => {
    const pacer = createInputPacer();
    pacer.noteInput();
    const stop = new AbortController();
    const pending = pacer.beforeBatch(stop.signal);
    expect(await settledAfter(pending, 10)).toBe(false);
    stop.abort();
    expect(await settledAfter(pending, 0)).toBe(true);
  });
});
