import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TermDictionary } from './termDictionary';

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] ?? 0;
      row[j] = Math.min(above + 1, (row[j - 1] ?? 0) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] ?? 0;
}

const word = fc.stringMatching(/^[abcde]{1,9}$/);

describe('TermDictionary', () => {
  it('finds exactly the terms within the distance, as a plain edit distance says', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { maxLength: 60 }),
        word,
        fc.integer({ min: 1, max: 3 }),
        (terms, query, k) => {
          const dict = new TermDictionary();
          // Added in two goes, so the sorted view is merged as well as built.
          for (const term of terms.slice(0, 30)) dict.intern(term);
          dict.near('a', 1, 1000);
          for (const term of terms.slice(30)) dict.intern(term);
          const found = dict
            .near(query, k, 1000)
            .map(({ no, distance }) => [dict.term(no), distance] as const);
          const expected = terms
            .filter((term) => term !== query)
            .map((term) => [term, editDistance(term, query)] as const)
            .filter(([, distance]) => distance <= k);
          expect(new Map(found)).toEqual(new Map(expected));
        },
      ),
    );
  });

  it('lists the terms a prefix begins, shortest first within the limit', () => {
    const dict = new TermDictionary(['deploy', 'deployment', 'deployed', 'debug', 'deploys', 'zebra']);
    expect(
      dict
        .withPrefix('deploy', 10)
        .map((no) => dict.term(no))
        .sort(),
    ).toEqual(['deployed', 'deployment', 'deploys']);
    expect(dict.withPrefix('deploy', 2).map((no) => dict.term(no))).toEqual(['deploys', 'deployed']);
    expect(dict.withPrefix('x', 10)).toEqual([]);
  });
});
