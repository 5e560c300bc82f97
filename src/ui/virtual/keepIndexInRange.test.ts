import { describe, expect, it } from 'vitest';
import { rangeKeeping } from './keepIndexInRange';

const range = { startIndex: 10, endIndex: 12, overscan: 2, count: 100 };

describe('rangeKeeping', () => {
  it('is the default range when nothing is kept or the kept row is inside it', () => {
    expect(rangeKeeping(-1)(range)).toEqual([8, 9, 10, 11, 12, 13, 14]);
    expect(rangeKeeping(11)(range)).toEqual([8, 9, 10, 11, 12, 13, 14]);
  });

  it('adds a kept row above or below the range, in index order', () => {
    expect(rangeKeeping(0)(range)).toEqual([0, 8, 9, 10, 11, 12, 13, 14]);
    expect(rangeKeeping(90)(range)).toEqual([8, 9, 10, 11, 12, 13, 14, 90]);
  });

  it('ignores a kept index the list no longer has', () => {
    expect(rangeKeeping(100)(range)).toEqual([8, 9, 10, 11, 12, 13, 14]);
  });
});
