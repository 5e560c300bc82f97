// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdownToHtml } from '../renderMarkdown';
import { highlightBlocks, MAX_HIGHLIGHT_CHARS } from './highlightBlocks';
import { highlightCode } from './highlighter';

function rendered(markdown: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderMarkdownToHtml(markdown);
  return root;
}

describe('highlightBlocks', () => {
  it('colours a TypeScript block with token spans and keeps its text', () => {
    const source = "const greet = (name: string): string => 'hi ' + name; // <b>not bold</b>";
    const root = rendered(`\`\`\`typescript\n${source}\n\`\`\``);
    highlightBlocks(root, highlightCode);
    const code = root.querySelector('pre > code');
    expect(code?.classList.contains('hljs')).toBe(true);
    expect(code?.querySelector('.hljs-keyword')?.textContent).toBe('const');
    expect(code?.querySelector('.hljs-comment')).not.toBeNull();
    expect(code?.textContent).toBe(source);
    expect(root.querySelector('b')).toBeNull();
  });

  it('takes the usual short names (ts, py, sh)', () => {
    for (const language of ['ts', 'py', 'sh']) {
      const root = rendered(`\`\`\`${language}\nif x:\n  echo 1\n\`\`\``);
      highlightBlocks(root, highlightCode);
      expect(root.querySelector('code')?.hasAttribute('data-highlighted')).toBe(true);
    }
  });

  it('leaves unknown languages, unnamed code and very long code as written', () => {
    const long = 'x'
      .repeat(10)
      .concat(' = 1;\n')
      .repeat(MAX_HIGHLIGHT_CHARS / 15);
    const root = rendered(
      `\`\`\`mermaid\ngraph TD\n\`\`\`\n\n\`\`\`\nlet a\n\`\`\`\n\n\`\`\`js\n${long}\`\`\``,
    );
    highlightBlocks(root, highlightCode);
    expect(root.querySelectorAll('code span')).toHaveLength(0);
    expect(root.querySelectorAll('[data-highlighted]')).toHaveLength(0);
  });

  it('gives markup in the code back as text, in spans only', () => {
    const root = rendered('```html\n<img src=x onerror="alert(1)"><script>x()</script>\n```');
    highlightBlocks(root, highlightCode);
    const code = root.querySelector('code');
    expect(code?.hasAttribute('data-highlighted')).toBe(true);
    expect(code?.querySelectorAll('img, script')).toHaveLength(0);
    expect([...(code?.querySelectorAll('*') ?? [])].every((node) => node.tagName === 'SPAN')).toBe(true);
    expect(code?.textContent).toBe('<img src=x onerror="alert(1)"><script>x()</script>');
  });
});
