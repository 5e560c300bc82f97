import { describe, expect, it } from 'vitest';
import { coalescePartials } from './partialCoalescer';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('coalescePartials', () => {
  it('hands on one snapshot, the newest, for a burst processed within one task', async () => {
    const delivered: number[] = [];
    let made = 0;
    // A slice no burst here uses up: nothing pauses, so the burst stays one task.
    const partials = coalescePartials<number>((n) => delivered.push(n), Number.POSITIVE_INFINITY);
    for (let i = 1; i <= 500; i++) {
      partials.changed(() => {
        made += 1;
        return i;
      });
      await partials.breathe();
    }
    expect(delivered).toEqual([]);
    await nextTask();
    expect(delivered).toEqual([500]);
    expect(made).toBe(1);
  });

  it('hands on every snapshot of a slow stream, one event per task', async () => {
    const delivered: number[] = [];
    const partials = coalescePartials<number>((n) => delivered.push(n), Number.POSITIVE_INFINITY);
    for (let i = 1; i <= 5; i++) {
      partials.changed(() => i);
      await nextTask();
    }
    expect(delivered).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows the text so far and pauses when a slice of work is used up', async () => {
    const delivered: number[] = [];
    // A slice of 0 ms: every breathe is a pause.
    const partials = coalescePartials<number>((n) => delivered.push(n), 0);
    let resumedInLaterTask = false;
    partials.changed(() => 1);
    const marker = nextTask().then(() => {
      resumedInLaterTask = true;
    });
    await partials.breathe();
    expect(delivered).toEqual([1]);
    await marker;
    expect(resumedInLaterTask).toBe(true);
  });

  it('hands on nothing after close, so no partial can follow the finished message', async () => {
    const delivered: number[] = [];
    const partials = coalescePartials<number>((n) => delivered.push(n), Number.POSITIVE_INFINITY);
    partials.changed(() => 1);
    partials.close();
    partials.changed(() => 2);
    await nextTask();
    expect(delivered).toEqual([]);
  });
});
