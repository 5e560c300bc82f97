// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The renderer chunk arrives only when the test opens the gate, as over a slow network.
const gate = vi.hoisted(() => {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
});
const chunkLoads = vi.hoisted(() => ({ count: 0 }));

vi.mock(import('./markdownRenderer'), async (importOriginal) => {
  chunkLoads.count++;
  await gate.opened;
  return importOriginal();
});

import { Markdown, preloadMarkdown } from './Markdown';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('Markdown before and after the renderer chunk loads', () => {
  it('shows escaped plain text, starts loading, then swaps to rendered blocks', async () => {
    const text = '# Title\n\n<img src=x onerror=alert(1)> **bold**';
    act(() => root.render(<Markdown text={text} />));

    const plain = container.firstElementChild;
    expect(plain?.className).toBe('markdown markdown-plain');
    expect(plain?.textContent).toBe(text);
    expect(plain?.children).toHaveLength(0);
    // The first Markdown on screen asked for the chunk (the import resolves asynchronously).
    await vi.waitFor(() => expect(chunkLoads.count).toBe(1));
    expect(container.firstElementChild).toBe(plain);

    gate.open();
    await act(() => preloadMarkdown());

    const rendered = container.firstElementChild;
    expect(rendered?.className).toBe('markdown');
    expect(rendered?.querySelector('h1')?.textContent).toBe('Title');
    expect(rendered?.querySelector('strong')?.textContent).toBe('bold');
    expect(rendered?.querySelector('img')).toBeNull();
  });

  it('loads the chunk once, however often it is asked for', async () => {
    const first = preloadMarkdown();
    expect(preloadMarkdown()).toBe(first);
    await first;
    act(() => root.render(<Markdown text="Again" />));
    expect(container.querySelector('.markdown-block')?.textContent).toBe('Again\n');
    expect(chunkLoads.count).toBe(1);
  });
});
