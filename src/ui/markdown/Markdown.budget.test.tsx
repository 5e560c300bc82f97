// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Markdown, preloadMarkdown } from './Markdown';
import { BUDGET_NOTES } from './PlainRestView';
import { renderMarkdownEach, renderMarkdownToHtml } from './renderMarkdown';

// No time at all per task: every render renders one batch of blocks ahead, the least the
// renderer allows, so each frame's share of the work shows.
vi.mock(import('./taskBudget'), async (importOriginal) => ({
  ...(await importOriginal()),
  MARKDOWN_TASK_MS: 0,
}));

vi.mock(import('./renderMarkdown'), async (importOriginal) => {
  const original = await importOriginal();
  return {
    renderMarkdownToHtml: vi.fn(original.renderMarkdownToHtml),
    renderMarkdownEach: vi.fn(original.renderMarkdownEach),
  };
});

// A `frame()` below stands for a frame and the task after its paint, where the next
// slice of work runs (afterNextPaint.test.ts checks that order itself).
vi.mock(import('./afterNextPaint'), () => ({
  afterNextPaint: (callback: () => void) => {
    const id = requestAnimationFrame(() => callback());
    return () => cancelAnimationFrame(id);
  },
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
/** Frame callbacks waiting, run by `frame()`. */
let frames: FrameRequestCallback[] = [];

beforeAll(() => preloadMarkdown());

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => {});
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

/** Runs the frame callbacks waiting, as the next frame would; false if there were none. */
function frame(): boolean {
  const waiting = frames;
  frames = [];
  act(() => {
    for (const callback of waiting) callback(performance.now());
  });
  return waiting.length > 0;
}

function parses(): number {
  return vi.mocked(renderMarkdownEach).mock.calls.length + vi.mocked(renderMarkdownToHtml).mock.calls.length;
}

function renderedHtml(): string {
  const clone = container.querySelector('.markdown')?.cloneNode(true) as HTMLElement;
  for (const button of clone.querySelectorAll('button')) button.remove();
  return [...clone.querySelectorAll(':scope > .markdown-block')].map((block) => block.innerHTML).join('');
}

describe('Markdown within its budget', () => {
  it('renders a long reply a batch of blocks a frame, showing the rest as text meanwhile, to the same HTML', () => {
    const text = `${Array.from({ length: 300 }, (_, i) => `Paragraph **${i}** of a long reply.`).join('\n\n')}\n`;
    act(() => root.render(<Markdown text={text} />));
    const pending = [...container.querySelectorAll('.markdown-pending')]
      .map((node) => node.textContent)
      .join('');
    expect(pending).toContain('Paragraph **298** of a long reply.');
    let count = 0;
    let most = 0;
    for (;;) {
      vi.mocked(renderMarkdownEach).mockClear();
      vi.mocked(renderMarkdownToHtml).mockClear();
      if (!frame()) break;
      most = Math.max(most, parses());
      if (++count > 1000) throw new Error('never finished');
    }
    // Many frames, each one batch; then nothing is pending and the HTML is the whole text's.
    expect(count).toBeGreaterThan(5);
    expect(most).toBe(1);
    expect(container.querySelector('.markdown-pending')).toBeNull();
    expect(renderedHtml()).toBe(renderMarkdownToHtml(text));
  });

  it('splits a reply longer than one call may lex over several frames', () => {
    const text = 'A paragraph of an ordinary reply, with **bold** and `code`.\n\n'.repeat(5000);
    act(() => root.render(<Markdown text={text} />));
    // The first render lexed a part only; the text after it is shown as written.
    const pending = [...container.querySelectorAll('.markdown-pending')]
      .map((node) => node.textContent)
      .join('');
    expect(pending.length).toBeGreaterThan(text.length / 2);
    for (let count = 0; frame(); count++) if (count > 5000) throw new Error('never finished');
    expect(container.querySelector('.markdown-pending')).toBeNull();
    expect(container.querySelectorAll('.markdown p')).toHaveLength(5000);
  }, 120_000);

  it('shows a 1 MB nested list as a list down to the limit, then a note and the rest as preformatted text', () => {
    let text = '';
    for (let depth = 0; text.length < 1_000_000; depth++) text += `${'  '.repeat(depth)}- item\n`;
    act(() => root.render(<Markdown text={text} />));
    while (frame());
    expect(container.querySelector('[role="note"]')?.textContent).toBe(BUDGET_NOTES.depth);
    const rest = container.querySelector('pre.markdown-rest-text');
    const cut = text.indexOf(`${'  '.repeat(16)}- item`);
    expect(rest?.textContent).toBe(text.slice(cut));
    // The rest is laid out in pieces, each only when near the screen.
    expect(rest?.querySelectorAll('.text-piece').length).toBeGreaterThan(50);
    expect(container.querySelectorAll('.markdown li')).toHaveLength(16);
  });
});
