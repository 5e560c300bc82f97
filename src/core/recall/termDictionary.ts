/**
 * The index's vocabulary: each distinct term has a number (its postings are kept by
 * number), and a view of the terms in sorted order answers "which terms start with
 * this" and "which terms are within n typos of this" without looking at every term.
 *
 * Typos are found by walking the sorted terms as if they were a trie: one row of the
 * edit-distance table per character, rows shared with the previous term reused, only
 * the cells within `maxDistance` of the diagonal computed, and a whole run of terms
 * skipped as soon as their common beginning is already too far off. The table is
 * (query length + 1) × (query length + typos + 1) cells, and query terms are at most
 * MAX_TERM_CHARS long, so it stays tiny whatever was asked.
 */

export interface NearTerm {
  no: number;
  distance: number;
}

export class TermDictionary {
  private readonly numbers = new Map<string, number>();
  /** Term numbers in the terms' sorted order, up to `sortedCount` (terms added since are merged in when asked). */
  private sorted = new Uint32Array(0);
  private sortedTerms: string[] = [];

  constructor(private readonly terms: string[] = []) {
    for (const [no, term] of terms.entries()) this.numbers.set(term, no);
  }

  get size(): number {
    return this.terms.length;
  }

  /** Every term by number, for saving. */
  all(): readonly string[] {
    return this.terms;
  }

  get(term: string): number | undefined {
    return this.numbers.get(term);
  }

  term(no: number): string {
    return this.terms[no] ?? '';
  }

  intern(term: string): number {
    let no = this.numbers.get(term);
    if (no === undefined) {
      no = this.terms.length;
      this.terms.push(term);
      this.numbers.set(term, no);
    }
    return no;
  }

  /** The sorted view, brought up to date by merging in the terms added since it was made. */
  private view(): { sorted: Uint32Array; sortedTerms: string[] } {
    const known = this.sorted.length;
    if (known === this.terms.length) return { sorted: this.sorted, sortedTerms: this.sortedTerms };
    const added = Array.from({ length: this.terms.length - known }, (_, i) => known + i);
    added.sort((a, b) => compare(this.term(a), this.term(b)));
    const merged = new Uint32Array(this.terms.length);
    const mergedTerms: string[] = new Array(this.terms.length);
    let i = 0;
    let j = 0;
    for (let at = 0; at < merged.length; at++) {
      const left = i < known ? this.sortedTerms[i] : undefined;
      const rightNo = added[j];
      const right = rightNo === undefined ? undefined : this.term(rightNo);
      if (right === undefined || (left !== undefined && left < right)) {
        merged[at] = this.sorted[i] ?? 0;
        mergedTerms[at] = left ?? '';
        i++;
      } else {
        merged[at] = rightNo ?? 0;
        mergedTerms[at] = right;
        j++;
      }
    }
    this.sorted = merged;
    this.sortedTerms = mergedTerms;
    return { sorted: merged, sortedTerms: mergedTerms };
  }

  /** Terms that start with `prefix` (itself left out), shortest first, at most `limit`. */
  withPrefix(prefix: string, limit: number): number[] {
    const { sorted, sortedTerms } = this.view();
    const from = lowerBound(sortedTerms, prefix);
    const to = endOfPrefix(sortedTerms, prefix, from);
    const found: number[] = [];
    for (let i = from; i < to; i++) if (sortedTerms[i] !== prefix) found.push(sorted[i] ?? 0);
    if (found.length > limit) found.sort((a, b) => this.term(a).length - this.term(b).length);
    return found.slice(0, limit);
  }

  /** Terms within `maxDistance` edits of `query` (itself left out), closest first, at most `limit`. */
  near(query: string, maxDistance: number, limit: number): NearTerm[] {
    const { sorted, sortedTerms } = this.view();
    const m = query.length;
    const width = m + 1;
    const deepest = m + maxDistance;
    const far = maxDistance + 1;
    // rows[d * width + j]: edits between the first d characters of a term and the first j
    // of the query, kept only in the band |d - j| <= maxDistance (outside it, `far`).
    const rows = new Uint16Array((deepest + 1) * width).fill(far);
    for (let j = 0; j <= Math.min(m, maxDistance); j++) rows[j] = j;
    const found: NearTerm[] = [];
    let previous = '';
    let valid = 0;
    let i = 0;
    while (i < sortedTerms.length) {
      const term = sortedTerms[i] ?? '';
      let depth = 0;
      const shared = Math.min(valid, term.length);
      while (depth < shared && term.charCodeAt(depth) === previous.charCodeAt(depth)) depth++;
      const end = Math.min(term.length, deepest);
      let dead = false;
      while (depth < end) {
        depth++;
        const c = term.charCodeAt(depth - 1);
        const at = depth * width;
        const up = at - width;
        const from = Math.max(1, depth - maxDistance);
        const to = Math.min(m, depth + maxDistance);
        rows[at + from - 1] = from === 1 ? Math.min(depth, far) : far;
        let least = from === 1 ? depth : far;
        for (let j = from; j <= to; j++) {
          const replace = (rows[up + j - 1] ?? far) + (query.charCodeAt(j - 1) === c ? 0 : 1);
          const value = Math.min(replace, (rows[up + j] ?? far) + 1, (rows[at + j - 1] ?? far) + 1, far);
          rows[at + j] = value;
          if (value < least) least = value;
        }
        if (to + 1 <= m) rows[at + to + 1] = far;
        if (least > maxDistance) {
          dead = true;
          break;
        }
      }
      previous = term;
      valid = depth;
      if (dead) {
        // Every term that starts the same way is as far off: skip them all.
        i = endOfPrefix(sortedTerms, term.slice(0, depth), i);
        continue;
      }
      if (Math.abs(term.length - m) <= maxDistance && term !== query) {
        const distance = rows[term.length * width + m] ?? far;
        if (distance <= maxDistance) found.push({ no: sorted[i] ?? 0, distance });
      }
      i++;
    }
    found.sort((a, b) => a.distance - b.distance);
    return found.slice(0, limit);
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The first index whose term is not below `key`. */
function lowerBound(sortedTerms: readonly string[], key: string): number {
  let low = 0;
  let high = sortedTerms.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sortedTerms[mid] ?? '') < key) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The first index from `from` on whose term does not start with `prefix` (those that do are one run). */
function endOfPrefix(sortedTerms: readonly string[], prefix: string, from: number): number {
  let low = from;
  let high = sortedTerms.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sortedTerms[mid] ?? '').startsWith(prefix)) low = mid + 1;
    else high = mid;
  }
  return low;
}
