/**
 * The geometry of a virtual list, without the DOM: where each row starts, which rows
 * are in view, which row the view is anchored to, and how a row's measured size moves
 * the scroll position. Kept apart from the DOM so it is tested in Node.
 *
 * Long sessions have 100,000 rows, and the list is asked where rows are on every scroll
 * event and every measurement: sizes are summed in a Fenwick tree, so a row's start, a
 * size change and the row at an offset cost O(log n). Only a change of the rows
 * themselves (reset) walks them all, as reading the new rows has to.
 */

/** What names a row across changes of the list: an entry's or a session's id. */
export type RowKey = string | number;

/** Where a row is: its offset from the top of the list and its height, in px. */
export interface RowBox {
  index: number;
  key: RowKey;
  start: number;
  size: number;
}

/** A place in the list that survives a change of its rows: a row, and how far below its top the view begins. */
export interface Anchor {
  key: RowKey;
  within: number;
}

/** The rows wholly or partly in view, by index. */
export interface VisibleRange {
  startIndex: number;
  endIndex: number;
}

/** How a row is brought into view: 'auto' moves only as far as needed, 'center' centres it. */
export type Align = 'auto' | 'center';

/**
 * Whether a row's measured size change moves the scroll position by as much, so that
 * what the reader looks at stays put: a row wholly above the view, whichever way the
 * reader scrolls (lazily rendered markdown above must not push the page, not even while
 * scrolling up), and a row measured for the first time whose top is above the view
 * (its whole estimate was above the fold). A row across the top edge grows below its
 * top, as a reply being written does, and is left alone, as is everything below.
 */
export function keepsPlaceAbove(
  start: number,
  end: number,
  offset: number,
  measuredBefore: boolean,
): boolean {
  return measuredBefore ? end <= offset : start < offset;
}

/** Sums of row sizes over leading runs of rows (a Fenwick tree, 1-based inside). */
class SizeSums {
  private readonly tree: Float64Array;
  /** The highest power of two not above the row count: where a search starts. */
  private readonly top: number;

  constructor(sizes: Float64Array) {
    const n = sizes.length;
    const tree = new Float64Array(n + 1);
    // Linear build: each node passes its sum on to its parent once.
    for (let i = 1; i <= n; i++) {
      tree[i] = tree[i]! + sizes[i - 1]!;
      const parent = i + (i & -i);
      if (parent <= n) tree[parent] = tree[parent]! + tree[i]!;
    }
    this.tree = tree;
    let top = 1;
    while (top * 2 <= n) top *= 2;
    this.top = n === 0 ? 0 : top;
  }

  add(index: number, delta: number): void {
    const tree = this.tree;
    for (let i = index + 1; i < tree.length; i += i & -i) tree[i] = tree[i]! + delta;
  }

  /** The sum of the sizes of the rows before `index`. */
  before(index: number): number {
    let sum = 0;
    for (let i = index; i > 0; i -= i & -i) sum += this.tree[i]!;
    return sum;
  }

  /**
   * How many leading rows fit in `length`: the largest k whose first k sizes sum to at
   * most `length` (strictly less with `strict`). Sizes are never negative, so the sums
   * only grow and one walk down the tree finds it.
   */
  leadingWithin(length: number, strict: boolean): number {
    const tree = this.tree;
    let count = 0;
    let rest = length;
    for (let step = this.top; step > 0; step >>= 1) {
      const next = count + step;
      if (next >= tree.length) continue;
      const sum = tree[next]!;
      if (strict ? sum < rest : sum <= rest) {
        count = next;
        rest -= sum;
      }
    }
    return count;
  }
}

/** The rows of a virtual list, laid out with measured sizes where known and estimates elsewhere. */
export class ListLayout {
  private keys: RowKey[] = [];
  private sizes = new Float64Array(0);
  private sums = new SizeSums(this.sizes);
  /** Measured sizes by key: they outlive a change of the rows (older history added in front). */
  private readonly measured = new Map<RowKey, number>();
  private paddingStart = 0;
  private paddingEnd = 0;
  /** Changes whenever any row moves: what was rendered from an older version is stale. */
  version = 0;

  get count(): number {
    return this.keys.length;
  }

  /**
   * Lays out `count` rows anew: a row measured before keeps its size, by key; the others
   * take their estimate. It walks every row, so it is done when the rows change, never
   * per scroll or per measurement.
   */
  reset(
    count: number,
    keyAt: (index: number) => RowKey,
    estimate: (index: number) => number,
    paddingStart: number,
    paddingEnd: number,
  ): void {
    const keys = new Array<RowKey>(count);
    const sizes = new Float64Array(count);
    for (let index = 0; index < count; index++) {
      const key = keyAt(index);
      keys[index] = key;
      // Never negative: the sums must only grow for the search over them.
      sizes[index] = this.measured.get(key) ?? Math.max(0, estimate(index));
    }
    this.keys = keys;
    this.sizes = sizes;
    this.sums = new SizeSums(sizes);
    this.paddingStart = paddingStart;
    this.paddingEnd = paddingEnd;
    this.version++;
  }

  keyAt(index: number): RowKey | undefined {
    return this.keys[index];
  }

  start(index: number): number {
    return this.paddingStart + this.sums.before(index);
  }

  size(index: number): number {
    return this.sizes[index] ?? 0;
  }

  box(index: number): RowBox {
    return { index, key: this.keys[index] ?? index, start: this.start(index), size: this.size(index) };
  }

  /** The height of the whole list, paddings included. */
  get totalSize(): number {
    return this.paddingStart + this.sums.before(this.count) + this.paddingEnd;
  }

  /** The row under `offset` (the first when above the list, the last when below it). */
  indexAt(offset: number): number {
    return Math.min(this.sums.leadingWithin(offset - this.paddingStart, false), this.count - 1);
  }

  /** The rows in a view of `height` px scrolled to `offset`, or null when nothing can show. */
  visibleRange(offset: number, height: number): VisibleRange | null {
    if (this.count === 0 || height <= 0) return null;
    const startIndex = this.indexAt(offset);
    // The last row that starts before the view's bottom edge.
    const below = this.sums.leadingWithin(offset + height - this.paddingStart, true);
    return { startIndex, endIndex: Math.max(startIndex, Math.min(below, this.count - 1)) };
  }

  /** The row under `offset` and how far into it the view begins, to find the same place after a reset. */
  anchorAt(offset: number): Anchor | null {
    if (this.count === 0) return null;
    const index = this.indexAt(offset);
    return { key: this.keys[index]!, within: offset - this.start(index) };
  }

  /** The scroll position that shows the anchor's place again, or null when its row is gone. */
  offsetOf(anchor: Anchor): number | null {
    const index = this.keys.indexOf(anchor.key);
    return index === -1 ? null : Math.max(0, this.start(index) + anchor.within);
  }

  /** Whether the row has been measured (as opposed to estimated). */
  isMeasured(index: number): boolean {
    const key = this.keys[index];
    return key !== undefined && this.measured.has(key);
  }

  /**
   * Records row `index`'s measured size while the view is at `offset`. Returns how far
   * the scroll position must move to keep what the reader sees in place (see
   * keepsPlaceAbove), 0 when it must not; `version` tells whether anything moved.
   */
  measure(index: number, size: number, offset: number): number {
    const key = this.keys[index];
    if (key === undefined) return 0;
    const measuredBefore = this.measured.has(key);
    this.measured.set(key, size);
    const old = this.sizes[index]!;
    if (size === old) return 0;
    const start = this.start(index);
    this.sizes[index] = size;
    this.sums.add(index, size - old);
    this.version++;
    return keepsPlaceAbove(start, start + old, offset, measuredBefore) ? size - old : 0;
  }

  /**
   * The scroll position that brings row `index` into a view of `height` px now at
   * `offset`, at most `maxOffset`; null when 'auto' finds it already wholly in view. A
   * row below the view is aligned to the bottom edge, one above to the top edge.
   */
  offsetToShow(
    index: number,
    align: Align,
    offset: number,
    height: number,
    maxOffset: number,
  ): number | null {
    const start = this.start(index);
    const end = start + this.size(index);
    let target: number;
    if (align === 'center') target = start + (end - start - height) / 2;
    else if (end > offset + height) target = end - height;
    else if (start < offset) target = start;
    else return null;
    return Math.max(0, Math.min(target, maxOffset));
  }
}
