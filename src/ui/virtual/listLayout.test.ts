import { describe, expect, it } from 'vitest';
import { keepsPlaceAbove, ListLayout, type RowKey } from './listLayout';

/** A layout of rows keyed `keys`, each `sizes[i]` tall (estimated), with the given paddings. */
function layoutOf(keys: readonly RowKey[], sizes: readonly number[], paddingStart = 0, paddingEnd = 0) {
  const layout = new ListLayout();
  layout.reset(
    keys.length,
    (i) => keys[i] ?? i,
    (i) => sizes[i] ?? 0,
    paddingStart,
    paddingEnd,
  );
  return layout;
}

const keysOf = (n: number, prefix = 'r') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

/** A small deterministic pseudo-random generator, so a failing case can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('ListLayout offsets', () => {
  it('places each row after the padding and the rows before it, and sums the whole list', () => {
    const layout = layoutOf(keysOf(4), [10, 20, 30, 40], 16, 4);
    expect([0, 1, 2, 3].map((i) => layout.start(i))).toEqual([16, 26, 46, 76]);
    expect(layout.box(2)).toEqual({ index: 2, key: 'r2', start: 46, size: 30 });
    expect(layout.totalSize).toBe(16 + 100 + 4);
  });

  it('agrees with a plain sum through many random size changes', () => {
    const next = random(7);
    const n = 1_000;
    const sizes = Array.from({ length: n }, () => Math.round(next() * 200));
    const layout = layoutOf(keysOf(n), sizes, 8, 8);
    for (let step = 0; step < 2_000; step++) {
      const index = Math.floor(next() * n);
      const size = 1 + Math.round(next() * 300);
      layout.measure(index, size, 0);
      sizes[index] = size;
      if (step % 100 === 0) {
        const expected: number[] = [];
        let start = 8;
        for (let i = 0; i < n; i++) {
          expected.push(start);
          start += sizes[i] ?? 0;
        }
        expect(Array.from({ length: n }, (_, i) => layout.start(i))).toEqual(expected);
        expect(layout.totalSize).toBe(start + 8);
      }
    }
  });

  it('keeps measured sizes by key when the rows change, and estimates the new ones', () => {
    const layout = layoutOf(['a', 'b'], [50, 50]);
    layout.measure(1, 80, 0);
    layout.reset(
      3,
      (i) => ['x', 'a', 'b'][i] ?? i,
      () => 50,
      0,
      0,
    );
    expect([0, 1, 2].map((i) => layout.size(i))).toEqual([50, 50, 80]);
    expect(layout.isMeasured(2)).toBe(true);
    expect(layout.isMeasured(0)).toBe(false);
  });

  it('reads no row again for a measurement, a range or a position: only a change of the rows walks them', () => {
    const n = 100_000;
    let reads = 0;
    const layout = new ListLayout();
    layout.reset(
      n,
      (i) => {
        reads++;
        return i;
      },
      () => {
        reads++;
        return 40;
      },
      0,
      0,
    );
    expect(reads).toBe(2 * n);
    reads = 0;
    for (let i = 0; i < 1_000; i++) {
      layout.measure(n - 1 - i, 55, 0);
      layout.visibleRange(i * 997, 800);
      layout.start(n - 1);
    }
    expect(layout.totalSize).toBe(n * 40 + 1_000 * 15);
    expect(reads).toBe(0);
  });
});

describe('ListLayout.visibleRange', () => {
  const layout = layoutOf(keysOf(10), Array(10).fill(100), 16);

  it('is the rows any part of which is in view', () => {
    expect(layout.visibleRange(0, 250)).toEqual({ startIndex: 0, endIndex: 2 });
    // The view from 216 to 416 holds rows 2 and 3: row 4 starts at its bottom edge.
    expect(layout.visibleRange(216, 200)).toEqual({ startIndex: 2, endIndex: 3 });
    expect(layout.visibleRange(215, 200)).toEqual({ startIndex: 1, endIndex: 3 });
    expect(layout.visibleRange(217, 200)).toEqual({ startIndex: 2, endIndex: 4 });
  });

  it('is the last row when scrolled past the list, and nothing for a hidden or empty list', () => {
    expect(layout.visibleRange(5_000, 300)).toEqual({ startIndex: 9, endIndex: 9 });
    expect(layout.visibleRange(0, 0)).toBeNull();
    expect(layoutOf([], []).visibleRange(0, 500)).toBeNull();
  });

  it('skips rows of no height', () => {
    const sparse = layoutOf(keysOf(4), [100, 0, 0, 100]);
    expect(sparse.visibleRange(100, 50)).toEqual({ startIndex: 3, endIndex: 3 });
    expect(sparse.indexAt(99)).toBe(0);
  });
});

describe('ListLayout anchoring', () => {
  it('finds the row at the top of the view again after older rows are added in front', () => {
    const layout = layoutOf(['m1', 'm2', 'm3', 'm4'], [100, 100, 100, 100], 16);
    // The view begins 30 px into m3.
    const anchor = layout.anchorAt(16 + 200 + 30);
    expect(anchor).toEqual({ key: 'm3', within: 30 });
    layout.reset(
      6,
      (i) => ['o1', 'o2', 'm1', 'm2', 'm3', 'm4'][i] ?? i,
      (i) => (i < 2 ? 250 : 100),
      16,
      0,
    );
    // Where it was, plus the 500 px added in front.
    expect(anchor && layout.offsetOf(anchor)).toBe(16 + 500 + 200 + 30);
  });

  it('has nothing to go back to when the row is gone', () => {
    const layout = layoutOf(['a', 'b'], [100, 100]);
    const anchor = layout.anchorAt(150);
    layout.reset(
      1,
      () => 'c',
      () => 100,
      0,
      0,
    );
    expect(anchor && layout.offsetOf(anchor)).toBeNull();
  });
});

describe('size changes and the scroll position', () => {
  it('compensates a row wholly above the view, and a first measurement whose top is above it', () => {
    // Measured before: only when its end is at or above the view's top.
    expect(keepsPlaceAbove(0, 100, 100, true)).toBe(true);
    expect(keepsPlaceAbove(0, 101, 100, true)).toBe(false);
    // Measured for the first time: whenever its top is above the view's top.
    expect(keepsPlaceAbove(99, 300, 100, false)).toBe(true);
    expect(keepsPlaceAbove(100, 300, 100, false)).toBe(false);
  });

  it('returns the shift that keeps the rows in view where they are', () => {
    const layout = layoutOf(keysOf(5), Array(5).fill(100));
    const offset = 250;
    // Row 0, above the view, measured for the first time 40 px taller: the view follows it.
    expect(layout.measure(0, 140, offset)).toBe(40);
    // Row 2 (from 240 to 340 now) crosses the top edge: first measured, its top is above, so it is compensated.
    expect(layout.measure(2, 90, offset + 40)).toBe(-10);
    // Measured again while across the top edge: it grows below its top, left alone.
    expect(layout.measure(2, 300, offset + 30)).toBe(0);
    // Measured again while wholly above, even as the reader scrolls up: compensated.
    expect(layout.measure(0, 100, 1_000)).toBe(-40);
    // Below the view: never.
    expect(layout.measure(4, 500, 0)).toBe(0);
  });

  it('moves nothing when the size is the one laid out', () => {
    const layout = layoutOf(keysOf(3), [100, 100, 100]);
    const version = layout.version;
    expect(layout.measure(0, 100, 500)).toBe(0);
    expect(layout.version).toBe(version);
    expect(layout.isMeasured(0)).toBe(true);
  });
});

describe('ListLayout.offsetToShow', () => {
  const layout = layoutOf(keysOf(20), Array(20).fill(100));

  it("leaves a row already in view where it is ('auto')", () => {
    expect(layout.offsetToShow(3, 'auto', 250, 400, 1_600)).toBeNull();
  });

  it("moves only as far as needed: a row below to the bottom edge, one above to the top ('auto')", () => {
    expect(layout.offsetToShow(10, 'auto', 0, 400, 1_600)).toBe(1_100 - 400);
    expect(layout.offsetToShow(2, 'auto', 700, 400, 1_600)).toBe(200);
  });

  it('centres a row, within the reachable positions', () => {
    expect(layout.offsetToShow(10, 'center', 0, 400, 1_600)).toBe(1_050 - 200);
    expect(layout.offsetToShow(0, 'center', 900, 400, 1_600)).toBe(0);
    expect(layout.offsetToShow(19, 'center', 0, 400, 1_600)).toBe(1_600);
  });
});
