// @vitest-environment jsdom
/**
 * Start-up's first paint is the shell, the Sessions list and the Message box; the
 * transcript comes in the task after that paint (bench P3). Nothing is deferred when
 * there is nothing to defer, and a hidden tab, which never paints, still gets it.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDrawnAfterFirstPaint } from './useDrawnAfterFirstPaint';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Probe({ defer }: { defer: boolean }) {
  return <p>{useDrawnAfterFirstPaint(defer) ? 'drawn' : 'waiting'}</p>;
}

/** After any message posted before it: the hook's, posted from the frame. */
function nextMessage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

let container: HTMLDivElement;
let root: Root;
const frames: FrameRequestCallback[] = [];

beforeEach(() => {
  // Timers only: the fallback waits for the test; a MessageChannel stays real.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => {});
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  frames.length = 0;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useDrawnAfterFirstPaint', () => {
  it('draws at once when asked not to defer', () => {
    act(() => root.render(<Probe defer={false} />));
    expect(container.textContent).toBe('drawn');
  });

  it('waits for the first paint, then draws in the task after it', async () => {
    act(() => root.render(<Probe defer />));
    expect(container.textContent).toBe('waiting');
    // The frame: its callback posts the message that draws, after the paint.
    await act(async () => {
      for (const frame of frames.splice(0)) frame(0);
      await nextMessage();
    });
    expect(container.textContent).toBe('drawn');
  });

  it('draws in a hidden tab, where no frame comes', async () => {
    act(() => root.render(<Probe defer />));
    expect(container.textContent).toBe('waiting');
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    expect(container.textContent).toBe('drawn');
  });
});
