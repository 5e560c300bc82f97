/**
 * A long text split a step at a time (splitSome), or shown first and split later
 * (deferSplit), ends as the same blocks as the whole text split at once, with and
 * without the markdown budget.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownDocument, markdownSoup } from '../../../testing/arbitraries/markdownArbitraries';
import { type BlockSplit, deferSplit, splitBlocks, splitSome } from './blockSplitter';
import { MARKDOWN_BUDGET } from './markdownBudget';
import { lexBlocks } from './markdownParser';

/** Steps through `text` as the renderer does over frames, from a deferred start; returns the last split and how many calls it took. */
function stepped(text: string, step: number, budget: typeof MARKDOWN_BUDGET | undefined) {
  let split: BlockSplit =
    deferSplit(text, undefined, step) ?? splitSome(text, undefined, lexBlocks, budget, step);
  let calls = 1;
  while (split.unsplit) {
    const before = split.settled.length;
    const next = splitSome(text, split, lexBlocks, budget, step);
    // Blocks once settled stay: the same objects, in the same place.
    expect(next.settled.slice(0, before)).toEqual(split.settled);
    split = next;
    calls++;
    if (calls > text.length + 2) throw new Error('no progress');
  }
  return { split, calls };
}

const shape = (split: BlockSplit) => ({
  settled: split.settled.map((b) => [b.start, b.text]),
  tail: split.tail && [split.tail.start, split.tail.text],
  plain: split.plain && [split.plain.start, split.plain.reason],
});

describe('splitting a long text in steps', () => {
  it('gives the blocks of splitting it whole', () => {
    fc.assert(
      fc.property(
        fc.oneof(markdownDocument, markdownSoup),
        fc.integer({ min: 1, max: 400 }),
        (text, step) => {
          const whole = splitBlocks(text, undefined, lexBlocks);
          expect(shape(stepped(text, step, undefined).split)).toEqual(shape(whole));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives the blocks of splitting it whole within the markdown budget', () => {
    fc.assert(
      fc.property(
        fc.oneof(markdownDocument, markdownSoup),
        fc.integer({ min: 1, max: 400 }),
        (text, step) => {
          let whole = splitBlocks(text, undefined, lexBlocks, MARKDOWN_BUDGET);
          while (whole.unsplit) whole = splitBlocks(text, whole, lexBlocks, MARKDOWN_BUDGET);
          expect(shape(stepped(text, step, MARKDOWN_BUDGET).split)).toEqual(shape(whole));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('lexes a long reply a step at a time, showing it before any lexing', () => {
    const text = `${Array.from({ length: 400 }, (_, i) => `Paragraph ${i} of a long reply.`).join('\n\n')}\n`;
    const first = deferSplit(text, undefined, 2000);
    expect(first).toMatchObject({ settled: [], unsplit: { start: 0, text } });
    const { calls } = stepped(text, 2000, MARKDOWN_BUDGET);
    expect(calls).toBeGreaterThan(text.length / 2000);
  });

  it('puts nothing off for a short text, nor for a rest already plain for good', () => {
    expect(deferSplit('Short.\n\nText.', undefined, 100)).toBeUndefined();
    const plain: BlockSplit = {
      input: 'x',
      source: 'x',
      settled: [],
      tail: undefined,
      plain: { start: 0, text: 'x', reason: 'length', fixed: true },
    };
    expect(deferSplit(`x${'y'.repeat(500)}`, plain, 10)).toBeUndefined();
  });
});
