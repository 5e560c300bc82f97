import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './afterNextPaint';

let frames: FrameRequestCallback[] = [];

afterEach(() => {
  vi.unstubAllGlobals();
  frames = [];
});

function stubFrames() {
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames[id - 1] = () => undefined;
  });
}

describe('afterNextPaint', () => {
  it('runs in a task of its own after the next frame, not in the frame', async () => {
    stubFrames();
    const order: string[] = [];
    const ran = new Promise<void>((resolve) => {
      afterNextPaint(() => {
        order.push('after');
        resolve();
      });
    });
    expect(order).toEqual([]);
    for (const frame of frames) frame(0);
    order.push('frame done');
    await ran;
    expect(order).toEqual(['frame done', 'after']);
  });

  it('runs nothing once cancelled, before or after the frame', async () => {
    stubFrames();
    const callback = vi.fn();
    afterNextPaint(callback)();
    const second = afterNextPaint(callback);
    for (const frame of frames) frame(0);
    second();
    // Long enough for a message posted in the frame to have arrived.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callback).not.toHaveBeenCalled();
  });
});
