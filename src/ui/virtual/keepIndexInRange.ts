/**
 * A virtual list renders only the rows near the viewport. The row that holds the
 * keyboard focus (a rename field, a button, an open confirm dialog) must stay mounted
 * however far the list scrolls, or the focus falls back to <body> and the row's state
 * is lost; this range extractor adds it to the rendered range.
 */
import { defaultRangeExtractor, type Range } from './range';

/** The default range (visible rows plus overscan), with `kept` added when it lies outside. */
export function rangeKeeping(kept: number): (range: Range) => number[] {
  return (range) => {
    const indexes = defaultRangeExtractor(range);
    if (kept < 0 || kept >= range.count) return indexes;
    const first = indexes[0];
    const last = indexes[indexes.length - 1];
    if (first === undefined || last === undefined) return [kept];
    // Rows render in index order, so the DOM (and the Tab order) stays in list order.
    if (kept < first) return [kept, ...indexes];
    if (kept > last) return [...indexes, kept];
    return indexes;
  };
}
