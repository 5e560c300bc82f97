import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { frameThrottle } from './frameThrottle';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('frameThrottle', () => {
  it('applies only the newest value pushed within a frame, once, at the frame', () => {
    const applied: number[] = [];
    const throttle = frameThrottle<number>((value) => applied.push(value));
    throttle.push(1);
    throttle.push(2);
    throttle.push(3);
    expect(applied).toEqual([]);
    vi.advanceTimersByTime(16);
    expect(applied).toEqual([3]);
    vi.advanceTimersByTime(100);
    expect(applied).toEqual([3]);
    throttle.push(4);
    vi.advanceTimersByTime(16);
    expect(applied).toEqual([3, 4]);
  });

  it('flush applies the pending value now, and the frame then has nothing left to apply', () => {
    const applied: string[] = [];
    const throttle = frameThrottle<string>((value) => applied.push(value));
    throttle.push('a');
    throttle.flush();
    expect(applied).toEqual(['a']);
    vi.advanceTimersByTime(16);
    expect(applied).toEqual(['a']);
    // Nothing pending: flush applies nothing.
    throttle.flush();
    expect(applied).toEqual(['a']);
  });

  it('cancel drops the value not applied yet; what was applied stays', () => {
    const applied: number[] = [];
    const throttle = frameThrottle<number>((value) => applied.push(value));
    throttle.push(1);
    throttle.flush();
    throttle.push(2);
    throttle.cancel();
    vi.advanceTimersByTime(16);
    expect(applied).toEqual([1]);
    // A later push is applied as usual.
    throttle.push(3);
    vi.advanceTimersByTime(16);
    expect(applied).toEqual([1, 3]);
  });

  it('a null pushed (a finished reply) is applied like any value', () => {
    const applied: Array<string | null> = [];
    const throttle = frameThrottle<string | null>((value) => applied.push(value));
    throttle.push('partial');
    throttle.push(null);
    throttle.flush();
    expect(applied).toEqual([null]);
  });

  it('uses animation frames where the page has them', () => {
    const frames: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (fn: () => void) => frames.push(fn));
    const applied: number[] = [];
    const throttle = frameThrottle<number>((value) => applied.push(value));
    throttle.push(1);
    throttle.push(2);
    vi.advanceTimersByTime(100);
    expect(applied).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]?.();
    expect(applied).toEqual([2]);
  });
});
