import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkRun, hasLongRun, LONG_RUN_CHARS, RUN_CHUNK_CHARS, splitLongRuns } from './longRuns';
import { PIECE_CHARS, splitPieces } from './textPieces';

/** Text with long runs: letters, astral characters, combining marks and joiners among spaces. */
const runText = fc
  .array(
    fc.oneof(
      fc.constantFrom(' ', '\n', '\t', 'A', 'a', 'é', 'e\u0301', '😀', '👩\u200d💻', '中', '&'),
      fc.string({ unit: 'grapheme', maxLength: 3 }),
      fc.integer({ min: 1, max: 2500 }).map((length) => 'A'.repeat(length)),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

/** True if `text` starts with what may not begin a chunk (see longRuns.ts). */
const clings = (text: string) => /^[\uDC00-\uDFFF\p{M}\u200C\u200D]/u.test(text);

describe('splitLongRuns', () => {
  it('gives back the text when joined, whatever it holds', () => {
    fc.assert(
      fc.property(runText, (text) => {
        expect(
          splitLongRuns(text)
            .map((run) => run.text)
            .join(''),
        ).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('cuts only runs without whitespace, into chunks no longer than RUN_CHUNK_CHARS', () => {
    fc.assert(
      fc.property(runText, (text) => {
        for (const run of splitLongRuns(text)) {
          if (!run.long) continue;
          expect(run.text.length).toBeLessThanOrEqual(RUN_CHUNK_CHARS);
          expect(run.text).not.toMatch(/[ \t\n\r\f]/);
          expect(clings(run.text)).toBe(false);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves ordinary text as one ordinary part', () => {
    const prose = 'An ordinary sentence with https://example.com/a/rather/long/link in it. '.repeat(100);
    expect(splitLongRuns(prose)).toEqual([{ text: prose, long: false }]);
    expect(hasLongRun('x'.repeat(LONG_RUN_CHARS - 1))).toBe(false);
    expect(hasLongRun('x'.repeat(LONG_RUN_CHARS))).toBe(true);
  });

  it('cuts 1,000,000 letters into chunks of RUN_CHUNK_CHARS', () => {
    const runs = splitLongRuns(`Before ${'A'.repeat(1_000_000)} after`);
    expect(runs).toHaveLength(2 + 1_000_000 / RUN_CHUNK_CHARS);
    expect(runs[1]).toEqual({ text: 'A'.repeat(RUN_CHUNK_CHARS), long: true });
  });

  it('never cuts between the halves of a surrogate pair or before a combining mark', () => {
    const run = '😀'.repeat(RUN_CHUNK_CHARS);
    for (const chunk of chunkRun(run)) expect(clings(chunk)).toBe(false);
    const accented = 'e\u0301'.repeat(RUN_CHUNK_CHARS);
    for (const chunk of chunkRun(accented)) expect(chunk.startsWith('\u0301')).toBe(false);
  });
});

describe('splitPieces', () => {
  it('gives back the text when joined, in pieces of at most the size asked', () => {
    fc.assert(
      fc.property(runText, fc.integer({ min: 8, max: 3000 }), (text, max) => {
        const pieces = splitPieces(text, max);
        expect(pieces.join('')).toBe(text);
        for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(max);
      }),
      { numRuns: 2000 },
    );
  });

  it('ends a piece after a newline when one is in its second half', () => {
    const line = `${'word '.repeat(15)}\n`;
    const pieces = splitPieces(line.repeat(5000));
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces.slice(0, -1)) expect(piece.endsWith('\n')).toBe(true);
    expect(splitPieces('short')).toEqual(['short']);
    expect(splitPieces('x'.repeat(PIECE_CHARS))).toHaveLength(1);
  });
});
