/**
 * What of a query is searched. A query is typed by a person or chosen by the model, and
 * a document the model reads can steer it into anything: one word of 65,000 characters
 * made fuzzy matching build a matrix of billions of cells (issue 27). So a query is cut
 * to its first MAX_QUERY_CHARS characters and MAX_QUERY_TERMS distinct words, each word
 * to MAX_TERM_CHARS (terms.ts), and only the first MAX_LOOSE_TERMS words are also matched
 * by prefix and with a typo forgiven. Whoever asked is told in a sentence what was cut.
 */
import { MAX_TERM_CHARS, processTerm, words } from './terms';

export const MAX_QUERY_CHARS = 200;
export const MAX_QUERY_TERMS = 20;
export const MAX_LOOSE_TERMS = 8;

export interface LimitedQuery {
  /** The distinct index terms searched for, in the query's order. */
  terms: string[];
  /** What was cut, if anything. */
  cut?: 'chars' | 'terms' | 'word';
}

export function limitQuery(query: string): LimitedQuery {
  const tooLong = query.length > MAX_QUERY_CHARS;
  const text = tooLong ? query.slice(0, MAX_QUERY_CHARS) : query;
  const all = new Set<string>();
  let longWord = false;
  for (const word of words(text)) {
    if (word.length > MAX_TERM_CHARS) longWord = true;
    const term = processTerm(word);
    if (term !== null) all.add(term);
  }
  const terms = [...all].slice(0, MAX_QUERY_TERMS);
  const cut = tooLong ? 'chars' : all.size > MAX_QUERY_TERMS ? 'terms' : longWord ? 'word' : undefined;
  return cut ? { terms, cut } : { terms };
}

/** One sentence saying what a query was cut to, or undefined when it was searched whole. */
export function queryLimitNote(query: string, whose: 'your' | 'the' = 'your'): string | undefined {
  switch (limitQuery(query).cut) {
    case 'chars':
      return `Searched for the first ${MAX_QUERY_CHARS} characters of ${whose} query.`;
    case 'terms':
      return `Searched for the first ${MAX_QUERY_TERMS} words of ${whose} query.`;
    case 'word':
      return `Words over ${MAX_TERM_CHARS} characters were searched for by their first ${MAX_TERM_CHARS}.`;
    default:
      return undefined;
  }
}
