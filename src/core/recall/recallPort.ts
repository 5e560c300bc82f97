/**
 * The port the recall tool searches through. The app implements it over IndexedDB (an
 * index kept in a worker); core tests implement it over an EntryIndex in memory.
 */
import type { SessionHeader } from '../types/entry';
import type { SearchableRole } from './searchText';

export interface RecallHit {
  sessionId: string;
  entryId: string;
  role: SearchableRole;
  text: string;
  /** The (stemmed) query words that matched, to pick the lines shown. */
  terms: string[];
}

export interface RecallPort {
  /** A stored session's header; undefined if there is none. */
  header(sessionId: string): Promise<SessionHeader | undefined> | SessionHeader | undefined;
  /** The best entries of these sessions for the query, best first, with every entry stored so far indexed. */
  search(query: string, sessionIds: readonly string[], limit: number): Promise<RecallHit[]>;
}
