// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_FEEDBACK_MS } from './copyButtons';
import { Markdown, preloadMarkdown } from './Markdown';
import { renderMarkdownEach, renderMarkdownToHtml } from './renderMarkdown';

// Spy on the real renderer (also inside the lazily loaded chunk) to count parses.
vi.mock(import('./renderMarkdown'), async (importOriginal) => {
  const original = await importOriginal();
  return {
    renderMarkdownToHtml: vi.fn(original.renderMarkdownToHtml),
    renderMarkdownEach: vi.fn(original.renderMarkdownEach),
  };
});

// No time limit per task here: these tests are about what is parsed and shown once all is
// rendered, and jsdom's sanitiser is many times slower than a browser's. Rendering within
// the limit, frame by frame, is Markdown.budget.test.tsx.
vi.mock(import('./taskBudget'), async (importOriginal) => ({
  ...(await importOriginal()),
  MARKDOWN_TASK_MS: Number.POSITIVE_INFINITY,
}));

// React only flushes act() synchronously when told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CODE = 'Intro\n\n```sh\nnpm test\necho "<done>"\n```\n\n```\nsecond\n```';

let container: HTMLDivElement;
let root: Root;
let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;

// The renderer chunk is loaded once for the file; the loading itself is Markdown.loading.test.tsx.
beforeAll(() => preloadMarkdown());

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  vi.mocked(renderMarkdownToHtml).mockClear();
  vi.mocked(renderMarkdownEach).mockClear();
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

/** The texts parsed since the last mockClear, one entry per parse, alone or in a batch. */
function parsedTexts(): string[] {
  return [
    ...vi.mocked(renderMarkdownEach).mock.calls.flatMap(([texts]) => texts),
    ...vi.mocked(renderMarkdownToHtml).mock.calls.map(([text]) => text),
  ];
}

/** The rendered HTML without the wrappers and copy buttons the component adds. */
function renderedHtml(): string {
  const clone = container.querySelector('.markdown')?.cloneNode(true) as HTMLElement;
  for (const button of clone.querySelectorAll('button')) button.remove();
  return [...clone.querySelectorAll(':scope > .markdown-block')].map((block) => block.innerHTML).join('');
}

/** Markdown a reply might stream: ~50 blocks of every common kind, each text unique to `seed`. */
function longReply(seed: string): string {
  const parts: string[] = [];
  for (let i = 0; i < 10; i++) {
    parts.push(
      `## ${seed} part ${i}`,
      `Some **text** for ${seed} ${i},\nwith a second line.`,
      `- item ${seed} ${i}\n- another\n\n  still it`,
      `\`\`\`ts\nconst ${seed}${i} = ${i};\n\nexport default ${seed}${i};\n\`\`\``,
      `| a | b |\n|---|---|\n| ${i} | ${seed} |`,
    );
  }
  return `${parts.join('\n\n')}\n`;
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
    const text = 'Re-render me\n\n```\nonce\n```';
    act(() => root.render(<Parent text={text} />));
    act(() => rerenderParent());
    act(() => rerenderParent());
    expect(container.querySelector('section')?.dataset.count).toBe('2');
    expect(parsedTexts()).toEqual(['Re-render me\n\n', '```\nonce\n```']);
    expect(copyButtons()).toHaveLength(1);
  });

  it('parses only the new blocks and attaches their buttons when the text grows', () => {
    act(() => root.render(<Markdown text={'```\ngrow a\n```'} />));
    expect(copyButtons()).toHaveLength(1);
    act(() => root.render(<Markdown text={'```\ngrow a\n```\n\n```\ngrow b\n```'} />));
    expect(parsedTexts()).toEqual(['```\ngrow a\n```', '```\ngrow a\n```\n\n', '```\ngrow b\n```']);
    expect(copyButtons()).toHaveLength(2);
  });

  it('while a reply streams, parses each finished block once and renders as the whole text would', () => {
    const text = longReply('stream');
    // Uneven steps, so chunks end at every kind of place; each render sanitises under jsdom (slow).
    for (let end = 5; end < text.length; end += 29) {
      act(() => root.render(<Markdown text={text.slice(0, end)} streaming />));
    }
    act(() => root.render(<Markdown text={text} />));

    const parsed = parsedTexts();
    const settled = parsed.filter((t) => t.endsWith('\n\n'));
    // Every block but the last settles, each parsed exactly once however long the reply grew.
    expect(new Set(settled).size).toBe(settled.length);
    expect(settled.length).toBeGreaterThanOrEqual(45);
    // Each parse is one block (or the growing tail), never the whole reply.
    expect(Math.max(...parsed.map((t) => t.length))).toBeLessThan(120);

    expect(renderedHtml()).toBe(renderMarkdownToHtml(text));
    expect(copyButtons()).toHaveLength(10);
  }, 120_000);

  it('keeps the order and content of hundreds of blocks (several groups) while streaming', () => {
    const text = `${Array.from({ length: 200 }, (_, i) => `Paragraph ${i} of many.`).join('\n\n')}\n`;
    for (let end = 3; end < text.length; end += 97) {
      act(() => root.render(<Markdown text={text.slice(0, end)} streaming />));
    }
    act(() => root.render(<Markdown text={text} />));
    expect(renderedHtml()).toBe(renderMarkdownToHtml(text));
    expect(container.querySelectorAll('.markdown > .markdown-block')).toHaveLength(200);
  }, 120_000);

  it('parses nothing when a finished message mounts again (stream end, scrolled back into view)', () => {
    const text = longReply('remount');
    act(() => root.render(<Markdown text={text} />));
    const firstRender = parsedTexts().length;
    expect(firstRender).toBe(50);
    act(() => root.render(<span />));
    act(() => root.render(<Markdown text={text} />));
    expect(parsedTexts()).toHaveLength(firstRender);
    expect(copyButtons()).toHaveLength(10);
  });

  it('starts again when the text is replaced rather than extended', () => {
    act(() => root.render(<Markdown text={'First reply.\n\nSecond part.\n'} />));
    act(() => root.render(<Markdown text={'Other reply.\n\nSecond part.\n'} />));
    expect(container.querySelector('.markdown')?.textContent).toBe('Other reply.\nSecond part.\n');
  });
});
