// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_FEEDBACK_MS } from './copyButtons';
import { Markdown } from './Markdown';
import { renderMarkdownToHtml } from './renderMarkdown';

// Spy on the real renderer to count parses; its behaviour is unchanged.
vi.mock(import('./renderMarkdown'), async (importOriginal) => {
  const original = await importOriginal();
  return { renderMarkdownToHtml: vi.fn(original.renderMarkdownToHtml) };
});

// React only flushes act() synchronously when told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CODE = 'Intro\n\n```sh\nnpm test\necho "<done>"\n```\n\n```\nsecond\n```';

let container: HTMLDivElement;
let root: Root;
let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  vi.mocked(renderMarkdownToHtml).mockClear();
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

/** Re-renders with the same Markdown props, as a chat list does while another message streams. */
let rerenderParent: () => void = () => {};
function Parent({ text }: { text: string }) {
  const [count, setCount] = useState(0);
  rerenderParent = () => setCount((c) => c + 1);
  return (
    <section data-count={count}>
      <Markdown text={text} />
    </section>
  );
}

function copyButtons(): HTMLButtonElement[] {
  return [...container.querySelectorAll<HTMLButtonElement>('button')];
}

describe('Markdown', () => {
  it('renders sanitised markdown into a .markdown div', () => {
    act(() => root.render(<Markdown text={'# Title\n\n<img src=x onerror=alert(1)>'} />));
    const div = container.firstElementChild;
    expect(div?.className).toBe('markdown');
    expect(div?.querySelector('h1')?.textContent).toBe('Title');
    expect(div?.querySelector('img')).toBeNull();
    expect(div?.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('adds one "Copy code" button per code block and none without code', () => {
    act(() => root.render(<Markdown text={CODE} />));
    const buttons = copyButtons();
    expect(buttons).toHaveLength(2);
    for (const button of buttons) {
      expect(button.getAttribute('aria-label')).toBe('Copy code');
      expect(button.textContent).toBe('Copy');
      expect(button.type).toBe('button');
      expect(button.closest('[data-code-block]')).not.toBeNull();
    }
    act(() => root.render(<Markdown text="no code here" />));
    expect(copyButtons()).toHaveLength(0);
  });

  it('copies the code text and says "Copied" briefly', async () => {
    vi.useFakeTimers();
    act(() => root.render(<Markdown text={CODE} />));
    const [first, second] = copyButtons();
    await act(async () => first?.click());
    expect(writeText).toHaveBeenCalledWith('npm test\necho "<done>"');
    expect(first?.textContent).toBe('Copied');
    expect(second?.textContent).toBe('Copy');
    act(() => vi.advanceTimersByTime(COPY_FEEDBACK_MS));
    expect(first?.textContent).toBe('Copy');
    await act(async () => second?.click());
    expect(writeText).toHaveBeenLastCalledWith('second');
  });

  it('says so when the clipboard refuses', async () => {
    writeText.mockImplementation(() => Promise.reject(new Error('denied')));
    act(() => root.render(<Markdown text={CODE} />));
    const [first] = copyButtons();
    await act(async () => first?.click());
    expect(first?.textContent).toBe('Copy failed');
  });

  it('does not re-parse when the parent re-renders with the same text', () => {
    act(() => root.render(<Parent text={CODE} />));
    act(() => rerenderParent());
    act(() => rerenderParent());
    expect(container.querySelector('section')?.dataset.count).toBe('2');
    expect(renderMarkdownToHtml).toHaveBeenCalledTimes(1);
    expect(copyButtons()).toHaveLength(2);
  });

  it('re-parses and re-attaches buttons when the text changes', () => {
    act(() => root.render(<Markdown text={'```\na\n```'} />));
    act(() => root.render(<Markdown text={'```\na\n```\n\n```\nb\n```'} />));
    expect(renderMarkdownToHtml).toHaveBeenCalledTimes(2);
    expect(copyButtons()).toHaveLength(2);
  });
});
