/**
 * Gathers decoded events into batches for the page. A batch goes out once the chunks
 * that arrived together are decoded (a macrotask after them), or at once when its
 * oldest event has waited `sliceMs`, so a long burst still shows progress. Runs of
 * deltas are merged (mergeDeltas): a batch crosses as a few events, not thousands.
 */
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages/messages';
import { mergeDeltas } from './mergeDeltas';

export interface BatchOptions {
  /** Longest an event waits for its batch while a burst is decoded. */
  sliceMs?: number;
  now?: () => number;
  /** Runs a callback after the current task (and those already queued with it). */
  later?: (callback: () => void) => void;
}

/** Two batches a frame at most: the page renders once a frame anyway. */
export const DECODE_SLICE_MS = 8;

export class EventBatcher {
  private batch: RawMessageStreamEvent[] = [];
  private oldest = 0;
  private scheduled = false;
  private closed = false;
  private readonly sliceMs: number;
  private readonly now: () => number;
  private readonly later: (callback: () => void) => void;

  constructor(
    private readonly deliver: (batch: RawMessageStreamEvent[]) => void,
    {
      sliceMs = DECODE_SLICE_MS,
      now = () => performance.now(),
      later = (callback) => setTimeout(callback, 0),
    }: BatchOptions = {},
  ) {
    this.sliceMs = sliceMs;
    this.now = now;
    this.later = later;
  }

  add(events: readonly RawMessageStreamEvent[]): void {
    if (this.closed || events.length === 0) return;
    if (this.batch.length === 0) this.oldest = this.now();
    for (const event of events) this.batch.push(event);
    if (this.now() - this.oldest >= this.sliceMs) {
      this.flush();
      return;
    }
    if (this.scheduled) return;
    this.scheduled = true;
    this.later(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  /** Hands on what is waiting, now. */
  flush(): void {
    if (this.closed || this.batch.length === 0) return;
    const ready = this.batch;
    this.batch = [];
    this.deliver(mergeDeltas(ready));
  }

  /** Nothing more goes out, not even what is waiting. */
  close(): void {
    this.closed = true;
    this.batch = [];
  }
}
