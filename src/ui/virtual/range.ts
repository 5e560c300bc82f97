/** The rows in view of a virtual list, by index, and what it renders around them. */
export interface Range {
  /** The first row in view. */
  startIndex: number;
  /** The last row in view. */
  endIndex: number;
  /** Rows to render beyond each edge of the view. */
  overscan: number;
  /** Rows in the whole list. */
  count: number;
}

/** The rows in view plus `overscan` rows beyond each edge, in index order. */
export function defaultRangeExtractor(range: Range): number[] {
  const first = Math.max(range.startIndex - range.overscan, 0);
  const last = Math.min(range.endIndex + range.overscan, range.count - 1);
  const indexes: number[] = [];
  for (let index = first; index <= last; index++) indexes.push(index);
  return indexes;
}
