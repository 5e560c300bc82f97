// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Frames are run by the test: each callback waits here until `paint()`.
const frames = vi.hoisted(() => ({ waiting: [] as Array<() => void> }));
vi.mock(import('./afterNextPaint'), () => ({
  afterNextPaint: (callback: () => void) => {
    frames.waiting.push(callback);
    return () => {
      frames.waiting = frames.waiting.filter((waiting) => waiting !== callback);
    };
  },
}));

import { Markdown, preloadMarkdown } from './Markdown';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(async () => {
  await preloadMarkdown();
  frames.waiting = [];
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function paint(): void {
  const due = frames.waiting;
  frames.waiting = [];
  act(() => {
    for (const callback of due) callback();
  });
}

describe('Markdown with afterPaint (the handoff card)', () => {
  it('shows the text as written in its first frame and formats it from the next', () => {
    const text = '## Goal\nShip **it**.';
    act(() => root.render(<Markdown text={text} afterPaint />));
    // No lexing or sanitising in the render that the switch paints.
    expect(container.firstElementChild?.className).toBe('markdown markdown-plain');
    expect(container.textContent).toBe(text);

    paint();
    expect(container.firstElementChild?.className).toBe('markdown');
    expect(container.querySelector('h2')?.textContent).toBe('Goal');
    expect(container.querySelector('strong')?.textContent).toBe('it');
  });

  it('formats at once without it, as every message does', () => {
    act(() => root.render(<Markdown text="## Goal" />));
    expect(container.querySelector('h2')?.textContent).toBe('Goal');
  });
});
