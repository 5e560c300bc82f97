// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkEnds, chunkSizes, markdownDocument } from '../../../testing/arbitraries/markdownArbitraries';
import { type BlockSplit, splitBlocks } from './blockSplitter';
import { lexBlocks } from './markdownParser';
import { renderMarkdownToHtml } from './renderMarkdown';

function renderBlocks(split: BlockSplit): string {
  const blocks = split.tail ? [...split.settled, split.tail] : split.settled;
  return blocks.map((block) => renderMarkdownToHtml(block.text)).join('');
}

function streamed(text: string, ends: readonly number[]): BlockSplit {
  let split: BlockSplit | undefined;
  for (const end of ends) split = splitBlocks(text.slice(0, end), split, lexBlocks);
  return split ?? splitBlocks(text, undefined, lexBlocks);
}

const DOCUMENTS: [string, string][] = [
  [
    'lists with blank lines',
    '- one\n\n- two\n\n  still two\n\n- three\n\nAfter the list.\n\n1. first\n\n2. second\n',
  ],
  [
    'nested lists with blank lines',
    '- a\n\n  - a.1\n\n    more a.1\n\n  - a.2\n\n- b\n\n  1. b.1\n  2. b.2\n\nEnd.\n',
  ],
  ['fenced code with blank lines', 'Run:\n\n```sh\nnpm ci\n\n\nnpm test\n```\n\nThen:\n\n~~~\n\nx\n\n~~~\n'],
  ['an unclosed fence while streaming', 'Here:\n\n```ts\nconst a = 1;\n\nconst b = 2;\n'],
  ['tables', '| a | b |\n|:--|--:|\n| 1 | 2 |\n| 3 | 4 |\n\nText.\n\n| x |\n|---|\n| y |\n'],
  ['block quotes', '> one\n> two\n\n> three\nlazy\n\n> - list in quote\n>\n> para in quote\n'],
  ['headings and rules', '# One\nText under it.\n\n## Two\n\n---\n\nSetext\n===\n\nEnd.\n'],
  ['raw HTML, escaped', '<div>\n<script>alert(1)</script>\n\n</div>\n\n<!-- note -->\n\nText.\n'],
  ['indented code', 'Para.\n\n    code 1\n\n    code 2\n\nPara.\n'],
  ['CRLF newlines', 'One\r\n\r\n- a\r\n- b\r\n\r\n```\r\nx\r\n```\r\n'],
];

describe('rendering block by block', () => {
  it.each(DOCUMENTS)('renders %s exactly as the whole text', (_label, text) => {
    const whole = renderMarkdownToHtml(text);
    const split = splitBlocks(text, undefined, lexBlocks);
    expect(split.settled.length).toBeGreaterThan(0);
    expect(renderBlocks(split)).toBe(whole);
    const charByChar = Array.from({ length: text.length }, (_, i) => i + 1);
    expect(renderBlocks(streamed(text, charByChar))).toBe(whole);
  });

  it('renders generated documents exactly as the whole text, streamed in any chunks', () => {
    fc.assert(
      fc.property(markdownDocument, chunkSizes, (text, sizes) => {
        expect(renderBlocks(streamed(text, chunkEnds(text, sizes)))).toBe(renderMarkdownToHtml(text));
      }),
      // Sanitising under jsdom is slow: fewer runs than the splitter's own properties.
      { numRuns: 60 },
    );
  }, 120_000);

  it('does not apply a link definition to other blocks (accepted: the link shows as text)', () => {
    const text = 'See [the docs][d].\n\n[d]: https://docs.example\n';
    expect(renderMarkdownToHtml(text)).toContain('href="https://docs.example"');
    const split = renderBlocks(splitBlocks(text, undefined, lexBlocks));
    expect(split).not.toContain('<a');
    expect(split).toContain('[the docs][d]');
  });
});
