/**
 * Ranks documents for a query's terms with BM25, as MiniSearch (the library the index
 * used before) did, so answers keep their order: each query term matches itself, terms
 * it begins (weighted down the longer they are) and terms a typo or two away (weighted
 * down by the typos); scores add up, and a document's total is multiplied by how many
 * of the query's terms it matched. Scores add up in one array indexed by document
 * number, and only the best `limit` documents are kept (a small heap), so a query that
 * matches 40,000 documents costs a pass over their postings and little else.
 */
import type { Postings } from './postings';
import { MAX_LOOSE_TERMS } from './queryLimits';

const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/**
 * MiniSearch allowed one typo in five letters up to 6; two is plenty for a misspelt word,
 * and more lets a long word match unrelated ones while the walk over the terms grows.
 */
const MAX_TYPOS = 2;
/** Terms a query term may stand for by prefix, and by typo: the closest ones, so a short beginning cannot fan out to thousands. */
const MAX_EXPANSIONS = 20;

export interface Ranked {
  doc: number;
  score: number;
  /** The index terms the document matched (the query's own, or those it began or nearly spelled). */
  terms: string[];
}

interface Expansion {
  term: number;
  weight: number;
  /** Which query term it stands for (a bit in each document's mask). */
  of: number;
}

/** The index terms each query term stands for, with their weights. */
function expand(postings: Postings, terms: readonly string[]): Expansion[] {
  const { dict } = postings;
  const expansions: Expansion[] = [];
  for (const [of, query] of terms.entries()) {
    const exact = dict.get(query);
    if (exact !== undefined) expansions.push({ term: exact, weight: 1, of });
    if (of >= MAX_LOOSE_TERMS) continue;
    const byPrefix = new Set<number>();
    if (query.length >= 4)
      for (const term of dict.withPrefix(query, MAX_EXPANSIONS)) {
        byPrefix.add(term);
        const length = dict.term(term).length;
        const weight = (PREFIX_WEIGHT * length) / (length + 0.3 * (length - query.length));
        expansions.push({ term, weight, of });
      }
    if (query.length >= 6) {
      const typos = Math.min(MAX_TYPOS, Math.round(query.length * 0.2));
      for (const { no, distance } of dict.near(query, typos, MAX_EXPANSIONS)) {
        if (byPrefix.has(no)) continue;
        const length = dict.term(no).length;
        expansions.push({ term: no, weight: (FUZZY_WEIGHT * length) / (length + distance), of });
      }
    }
  }
  return expansions;
}

function bitCount(mask: number): number {
  let bits = 0;
  for (let m = mask; m !== 0; m &= m - 1) bits++;
  return bits;
}

/**
 * The best `limit` documents for the terms (at most 32: one bit each), among those
 * `accept` lets through, best first.
 */
export function rank(
  postings: Postings,
  terms: readonly string[],
  accept: ((doc: number) => boolean) | undefined,
  limit: number,
): Ranked[] {
  const expansions = expand(postings, terms.slice(0, 32));
  const count = postings.size;
  if (expansions.length === 0 || count === 0 || limit <= 0) return [];
  const scratch = postings.scratch();
  const { scores, masks, touched } = scratch;
  let best: Array<{ doc: number; score: number }>;
  try {
    for (const { term, weight, of } of expansions) {
      const matching = postings.holders(term);
      if (matching === 0) continue;
      const idf = Math.log(1 + (count - matching + 0.5) / (matching + 0.5));
      postings.accumulate(term, weight, idf, 1 << of, scratch);
    }
    best = topOf(
      touched.subarray(0, scratch.count),
      (doc) => (scores[doc] ?? 0) * bitCount(masks[doc] ?? 0),
      accept,
      limit,
    );
  } finally {
    for (let i = 0; i < scratch.count; i++) {
      const doc = touched[i] ?? 0;
      scores[doc] = 0;
      masks[doc] = 0;
    }
    scratch.count = 0;
  }
  return best.map(({ doc, score }) => {
    const matched = new Set<string>();
    for (const { term } of expansions) if (postings.holds(term, doc)) matched.add(postings.dict.term(term));
    return { doc, score, terms: [...matched] };
  });
}

/** The `limit` highest scoring of `docs` that `accept` lets through, highest first (a min-heap of the best so far). */
function topOf(
  docs: Uint32Array,
  scoreOf: (doc: number) => number,
  accept: ((doc: number) => boolean) | undefined,
  limit: number,
): Array<{ doc: number; score: number }> {
  const heap: Array<{ doc: number; score: number }> = [];
  const below = (a: number, b: number) => (heap[a]?.score ?? 0) < (heap[b]?.score ?? 0);
  const swap = (a: number, b: number) => {
    const held = heap[a];
    heap[a] = heap[b] as { doc: number; score: number };
    heap[b] = held as { doc: number; score: number };
  };
  for (const doc of docs) {
    const score = scoreOf(doc);
    if (heap.length === limit && score <= (heap[0]?.score ?? 0)) continue;
    if (accept && !accept(doc)) continue;
    if (heap.length < limit) {
      heap.push({ doc, score });
      for (let i = heap.length - 1; i > 0 && below(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else {
      heap[0] = { doc, score };
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < heap.length && below(left, least)) least = left;
        if (right < heap.length && below(right, least)) least = right;
        if (least === i) break;
        swap(i, least);
        i = least;
      }
    }
  }
  return heap.sort((a, b) => b.score - a.score);
}
