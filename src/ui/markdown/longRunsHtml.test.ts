// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownDocument } from '../../../testing/arbitraries/markdownArbitraries';
import { RUN_CHUNK_CHARS } from '../text/longRuns';
import { wrapLongRunsInHtml } from './longRunsHtml';
import { parseMarkdown } from './markdownParser';
import { renderMarkdownToHtml } from './renderMarkdown';
import { sanitizeHtml } from './sanitizeHtml';

function fragment(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/** Every element's tag and attributes, in document order, leaving out the wrapping spans. */
function structure(root: DocumentFragment): string[] {
  return [...root.querySelectorAll('*:not(span.long-run)')].map(
    (element) => `${element.tagName} ${[...element.attributes].map((a) => `${a.name}=${a.value}`).join(' ')}`,
  );
}

/** Markdown with long runs in every place text goes: prose, code, links, tables, entities. */
const longRunMarkdown = fc
  .tuple(
    markdownDocument,
    fc.integer({ min: 200, max: 3000 }),
    fc.constantFrom('A', '&', '<', '😀', 'e\u0301', '"', 'x*'),
    fc.constantFrom(
      (run: string) => run,
      (run: string) => `\`${run}\``,
      (run: string) => `\`\`\`\n${run}\n\`\`\``,
      (run: string) => `[${run}](https://example.com/${encodeURIComponent(run.slice(0, 300))})`,
      (run: string) => `https://example.com/${run}`,
      (run: string) => `| a |\n|---|\n| ${run} |`,
      (run: string) => `> ${run}`,
    ),
  )
  .map(
    ([document, length, unit, place]) =>
      `${document}${place(unit.repeat(Math.ceil(length / unit.length)))}\n\n`,
  );

describe('wrapLongRunsInHtml', () => {
  it('changes neither the text nor the elements of rendered markdown, and wraps runs in chunks', () => {
    fc.assert(
      fc.property(longRunMarkdown, (markdown) => {
        const plain = fragment(sanitizeHtml(parseMarkdown(markdown)));
        const wrapped = fragment(renderMarkdownToHtml(markdown));
        expect(wrapped.textContent).toBe(plain.textContent);
        expect(structure(wrapped)).toEqual(structure(plain));
        for (const chunk of wrapped.querySelectorAll('span.long-run')) {
          expect(chunk.textContent?.length ?? 0).toBeLessThanOrEqual(RUN_CHUNK_CHARS);
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('wraps a 300,000-letter reply in chunks, and leaves ordinary HTML as it is', () => {
    const html = renderMarkdownToHtml('A'.repeat(300_000));
    expect(fragment(html).querySelectorAll('p > span.long-run')).toHaveLength(300);
    const ordinary = '<p>Some <strong>text</strong> and <a href="https://example.com">a link</a>.</p>\n';
    expect(wrapLongRunsInHtml(ordinary)).toBe(ordinary);
  });

  it('keeps a long run in code whole for copying: the code element holds the original text', () => {
    const code = `const key = "${'k'.repeat(5000)}";`;
    const root = fragment(renderMarkdownToHtml(`\`\`\`ts\n${code}\n\`\`\``));
    expect(root.querySelectorAll('code span.long-run').length).toBeGreaterThan(1);
    expect(root.querySelector('code')?.textContent).toBe(code);
  });

  it('never puts a span inside a tag or an entity', () => {
    const href = `https://example.com/${'q'.repeat(2500)}`;
    const html = renderMarkdownToHtml(`[${'&'.repeat(1500)}](${href})`);
    const link = fragment(html).querySelector('a');
    expect(link?.getAttribute('href')).toBe(href);
    expect(link?.textContent).toBe('&'.repeat(1500));
  });
});
