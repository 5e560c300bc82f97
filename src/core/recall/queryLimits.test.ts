/**
 * Issue 27, finding 3: a model-chosen (or pasted) word of tens of thousands of characters
 * made fuzzy matching build a matrix of (n+1)×(n+7) cells: seconds to a minute per query,
 * and "Invalid typed array length" at 200,000 characters.
 */
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { RELEVANCE_DOCS } from '../../../testing/relevanceSet';
import { EntryIndex, entryDoc } from './entryIndex';
import { limitQuery, MAX_LOOSE_TERMS, MAX_QUERY_CHARS, MAX_QUERY_TERMS, queryLimitNote } from './queryLimits';
import { MAX_TERM_CHARS } from './terms';

/** A word no dictionary has, of any length (varied so it is no repeat of one letter). */
function longWord(length: number, letters = 'qwertyuiopasdfghjklzxcvbnm'): string {
  return Array.from({ length }, (_, i) => letters[(i * 7 + (i >> 3)) % letters.length]).join('');
}

/** The relevance passages plus a few thousand more with long, varied words. */
function largeIndex(): EntryIndex {
  const index = EntryIndex.empty();
  for (const doc of RELEVANCE_DOCS) index.put(entryDoc(doc));
  for (let i = 0; i < 3000; i++) {
    const text = `Entry ${i}: ${longWord(80 + (i % 50)).slice(i % 13)} config${i} deployment ${longWord(20 + (i % 40))}`;
    index.put(entryDoc({ entryId: `n${i}`, sessionId: `s${i % 50}`, role: 'assistant', text }));
  }
  return index;
}

describe('query limits', () => {
  it('cuts a long query, its words and its number of words, and says so in a sentence', () => {
    for (const length of [10_000, 65_000, 200_000, 1_000_000]) {
      const query = longWord(length);
      const limited = limitQuery(query);
      expect(limited.cut).toBe('chars');
      expect(limited.terms).toHaveLength(1);
      expect(limited.terms[0]?.length).toBeLessThanOrEqual(MAX_TERM_CHARS);
      expect(queryLimitNote(query)).toBe(
        `Searched for the first ${MAX_QUERY_CHARS} characters of your query.`,
      );
      expect(queryLimitNote(query, 'the')).toBe(
        `Searched for the first ${MAX_QUERY_CHARS} characters of the query.`,
      );
    }
    const manyWords = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    expect(limitQuery(manyWords)).toMatchObject({ cut: 'terms' });
    expect(limitQuery(manyWords).terms).toHaveLength(MAX_QUERY_TERMS);
    expect(queryLimitNote(manyWords)).toBe(`Searched for the first ${MAX_QUERY_TERMS} words of your query.`);
    const oneLongWord = `find ${longWord(100)}`;
    expect(limitQuery(oneLongWord).cut).toBe('word');
    expect(queryLimitNote(oneLongWord)).toBe(
      `Words over ${MAX_TERM_CHARS} characters were searched for by their first ${MAX_TERM_CHARS}.`,
    );
    expect(limitQuery('deploying billing port')).toEqual({ terms: ['deploy', 'bill', 'port'] });
    expect(queryLimitNote('deploying billing port')).toBeUndefined();
    expect(MAX_LOOSE_TERMS).toBeLessThanOrEqual(MAX_QUERY_TERMS);
  });

  it('answers a one-word query of 65,000 characters (and 1 MB) in well under 200 ms', () => {
    const index = largeIndex();
    for (const length of [65_000, 200_000, 1_000_000]) {
      const query = longWord(length, 'mnbvcxzlkjhgfdsapoiuytrewq');
      const started = performance.now();
      const hits = index.search({ query, limit: 10 });
      const took = performance.now() - started;
      expect(hits).toEqual([]);
      expect(took).toBeLessThan(200);
    }
  });

  it('still finds a long word in the text by its first characters', () => {
    const index = largeIndex();
    const word = longWord(300);
    index.put(entryDoc({ entryId: 'blob', sessionId: 's', role: 'tool', text: `hash ${word} end` }));
    expect(index.search({ query: word, limit: 1 }).map((hit) => hit.id)).toEqual(['blob']);
  });

  it('keeps a query of many long words under 200 ms', () => {
    const index = largeIndex();
    const query = Array.from({ length: 40 }, (_, i) => longWord(70 + i).slice(i)).join(' ');
    const started = performance.now();
    index.search({ query, limit: 10 });
    expect(performance.now() - started).toBeLessThan(200);
  });
});
