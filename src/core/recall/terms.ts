/** How a word becomes an index term, for indexing and querying alike (and for picking excerpt lines). */
import { stem } from './stem';

/**
 * A word longer than this is indexed and searched by its first this-many characters: a
 * pasted hash or blob still finds itself, and no term is ever long enough to make
 * matching it costly (issue 27: a 65,000-character word stalled fuzzy matching).
 */
export const MAX_TERM_CHARS = 64;

/** Words are what lies between spaces, line breaks and punctuation (as MiniSearch, which the index used before, split them). */
const BETWEEN_WORDS = /[\n\r\p{Z}\p{P}]+/u;

export function words(text: string): string[] {
  return text.split(BETWEEN_WORDS);
}

/** Lower-cased, cut to MAX_TERM_CHARS and stemmed; one-letter words are dropped. */
export function processTerm(term: string): string | null {
  const lower = term.slice(0, MAX_TERM_CHARS).toLowerCase();
  if (lower.length < 2) return null;
  return stem(lower);
}
