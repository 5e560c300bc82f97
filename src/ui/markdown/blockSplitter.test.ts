import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  chunkEnds,
  chunkSizes,
  definitionLines,
  markdownDocument,
  markdownLines,
  markdownSoup,
} from '../../../testing/arbitraries/markdownArbitraries';
import { type BlockSplit, type MarkdownBlock, normalizeNewlines, splitBlocks } from './blockSplitter';
import { lexBlocks } from './markdownParser';

function split(text: string, previous?: BlockSplit): BlockSplit {
  return splitBlocks(text, previous, lexBlocks);
}

function blocksOf(result: BlockSplit): MarkdownBlock[] {
  return result.tail ? [...result.settled, result.tail] : [...result.settled];
}

function texts(result: BlockSplit): string[] {
  return blocksOf(result).map((block) => block.text);
}

/** Feeds `text` in chunks; checks at every step that settled blocks only ever grow. */
function stream(text: string, ends: readonly number[]): BlockSplit {
  let previous: BlockSplit | undefined;
  for (const end of ends) {
    const next = split(text.slice(0, end), previous);
    const before = previous?.settled ?? [];
    // A block once settled never changes: same offset, same text, same object.
    expect(next.settled.slice(0, before.length)).toEqual(before);
    for (const [i, block] of before.entries()) expect(next.settled[i]).toBe(block);
    previous = next;
  }
  return previous ?? split('');
}

const RUNS = { numRuns: 500 };
const anyMarkdown = fc.oneof(markdownSoup, markdownLines, definitionLines, markdownDocument);

describe('splitBlocks: properties', () => {
  it('settled blocks and the tail join to the normalised source, in order', () => {
    fc.assert(
      fc.property(anyMarkdown, (text) => {
        const result = split(text);
        expect(texts(result).join('')).toBe(normalizeNewlines(text));
        let offset = 0;
        for (const block of blocksOf(result)) {
          expect(block.start).toBe(offset);
          offset += block.text.length;
        }
      }),
      RUNS,
    );
  });

  it('streamed in random chunks, settled blocks never change and the end matches a one-shot split', () => {
    fc.assert(
      fc.property(anyMarkdown, chunkSizes, (text, sizes) => {
        const streamed = stream(text, chunkEnds(text, sizes));
        expect(blocksOf(streamed)).toEqual(blocksOf(split(text)));
        expect(texts(streamed).join('')).toBe(normalizeNewlines(text));
      }),
      RUNS,
    );
  });

  it('streamed one character at a time, the same holds', () => {
    fc.assert(
      fc.property(fc.oneof(markdownSoup, markdownLines, definitionLines), (text) => {
        const ends = Array.from({ length: text.length }, (_, i) => i + 1);
        expect(blocksOf(stream(text, ends))).toEqual(blocksOf(split(text)));
      }),
      { numRuns: 300 },
    );
  });

  it('settles every paragraph of a document of paragraphs', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('One.', 'Two\nlines.', '# Title'), { minLength: 1 }), (parts) => {
        const text = `${parts.join('\n\n')}\n`;
        expect(blocksOf(split(text))).toHaveLength(parts.length);
      }),
    );
  });
});

describe('splitBlocks: cases', () => {
  it('settles a block once a blank line and a complete line follow it', () => {
    expect(texts(split('One.\n\nTwo'))).toEqual(['One.\n\nTwo']);
    expect(texts(split('One.\n\nTwo\n'))).toEqual(['One.\n\n', 'Two\n']);
    expect(split('One.\n\nTwo\n').settled).toHaveLength(1);
  });

  it('does not settle a quote whose next line may be a lazy continuation', () => {
    // "> q\n-" lexes as a quote and a list; "> q\n--" is one quote.
    const streamed = stream('> q\n--\n', [5, 6, 7]);
    expect(texts(streamed)).toEqual(['> q\n--\n']);
  });

  it('keeps an ordered list open while the next line may still be an item', () => {
    const text = '1. one\n\n2. two\n';
    const streamed = stream(text, [9, 10, 11, text.length]);
    expect(texts(streamed)).toEqual([text]);
  });

  it('keeps a link definition open while the next lines may be its title', () => {
    const text = '[a]: https://x.example\n"a title\n\nstill the title"\n\nAfter.\n';
    const ends = Array.from({ length: text.length }, (_, i) => i + 1);
    expect(blocksOf(stream(text, ends))).toEqual(blocksOf(split(text)));
    expect(texts(split(text))).toEqual([
      '[a]: https://x.example\n"a title\n\nstill the title"\n\n',
      'After.\n',
    ]);
  });

  it('keeps fenced code with blank lines inside one block, open or closed', () => {
    expect(texts(split('Intro\n\n```\na\n\n\nb\n'))).toEqual(['Intro\n\n', '```\na\n\n\nb\n']);
    expect(texts(split('```\na\n\nb\n```\n\nEnd\n'))).toEqual(['```\na\n\nb\n```\n\n', 'End\n']);
  });

  it('keeps a loose nested list one block', () => {
    const list = '- a\n\n  - b\n\n    more b\n\n- c\n';
    expect(texts(split(`${list}\nEnd\n`))).toEqual([`${list}\n`, 'End\n']);
  });

  it('normalises CRLF and lone CR, also when split between chunks', () => {
    const text = 'One\r\n\r\nTwo\rThree\r\n\r\nFour\r\n';
    const ends = Array.from({ length: text.length }, (_, i) => i + 1);
    const streamed = stream(text, ends);
    expect(texts(streamed).join('')).toBe('One\n\nTwo\nThree\n\nFour\n');
    expect(blocksOf(streamed)).toEqual(blocksOf(split(text)));
  });

  it('starts again when the text is not an extension of the previous one', () => {
    const first = split('One\n\nTwo\n\nThree');
    expect(first.settled).toHaveLength(1);
    const edited = split('Uno\n\nTwo\n', first);
    expect(texts(edited)).toEqual(['Uno\n\n', 'Two\n']);
  });

  it('returns the previous split for the same text, and nothing for an empty one', () => {
    const first = split('One\n\nTwo\n');
    expect(split('One\n\nTwo\n', first)).toBe(first);
    expect(split('')).toEqual({ input: '', source: '', settled: [], tail: undefined });
  });

  it('lexes only the text after the settled blocks', () => {
    const lex = vi.fn(lexBlocks);
    let previous: BlockSplit | undefined;
    let text = '';
    for (let i = 0; i < 50; i++) {
      text += `Paragraph ${i}.\n\n`;
      previous = splitBlocks(text, previous, lex);
    }
    const lexed = lex.mock.calls.map(([region]) => region.length);
    // Each call sees the last paragraph or two, however long the text has grown.
    expect(Math.max(...lexed.slice(5))).toBeLessThan(40);
  });

  it('does not split where the tokens stop matching the text', () => {
    const lossy = (markdown: string) => lexBlocks(markdown).slice(1);
    expect(texts(splitBlocks('One\n\nTwo\n\nThree\n', undefined, lossy))).toEqual(['One\n\nTwo\n\nThree\n']);
    const throwing = () => {
      throw new Error('lexer bug');
    };
    expect(texts(splitBlocks('One\n\nTwo\n', undefined, throwing))).toEqual(['One\n\nTwo\n']);
  });
});
