/** How a word becomes an index term, for indexing and querying alike (and for picking excerpt lines). */
import { stem } from './stem';

/** Lower-cased and stemmed; one-letter words are dropped. */
export function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (lower.length < 2) return null;
  return stem(lower);
}
