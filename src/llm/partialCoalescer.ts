/**
 * Hands streamed snapshots on at most once per task, and lets the page breathe while a
 * burst is processed.
 *
 * A fast stream delivers hundreds of SSE events in one network chunk, and the SDK
 * yields them in microtasks: without this, every event made a snapshot that went
 * through the agent, the session and the store, and a chunk became one long task that
 * blocked painting and input. Now a burst makes one snapshot (the latest) when the
 * task ends, and a task that has worked for `sliceMs` stops to let the page paint.
 * A slow stream is unchanged: each event arrives in its own task and is shown at once.
 */
export interface PartialCoalescer<T> {
  /** A newer snapshot exists; `make` is called once, when it is handed on. */
  changed(make: () => T): void;
  /** Awaited after each event: pauses when the current slice of work is used up. */
  breathe(): Promise<void>;
  /** No more snapshots: one still waiting is dropped (the caller returns the final one itself). */
  close(): void;
}

/** Default slice: well under a 60 Hz frame, so a frame fits between two slices. */
export const SLICE_MS = 8;

export function coalescePartials<T>(deliver: (snapshot: T) => void, sliceMs = SLICE_MS): PartialCoalescer<T> {
  let pending: (() => T) | undefined;
  let scheduled = false;
  let closed = false;
  let sliceStart = performance.now();

  const flush = () => {
    scheduled = false;
    const make = pending;
    pending = undefined;
    if (make && !closed) deliver(make());
  };

  return {
    changed(make) {
      pending = make;
      if (scheduled || closed) return;
      scheduled = true;
      // A macrotask: it runs once the burst's microtasks are done or the slice pauses.
      setTimeout(flush, 0);
    },
    async breathe() {
      if (performance.now() - sliceStart < sliceMs) return;
      // The page sees the text so far before the pause, whatever runs first after it.
      flush();
      await yieldToPage();
      sliceStart = performance.now();
    },
    close() {
      closed = true;
      pending = undefined;
    },
  };
}

interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * scheduler.yield where the browser has it: it resumes ahead of other tasks, and unlike a
 * chain of setTimeout(0) it is not clamped to 4 ms after a few rounds.
 */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
