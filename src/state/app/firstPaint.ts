/** What a session's first paint shows, shared by start-up and by opening a session. */
import { SessionLog } from '../../core/session/sessionLog';
import type { SessionEntry, SessionHeader } from '../../core/types/entry';

// Defined beside start-up's early reads, which the entry loads before anything else (so
// without SessionLog); opening a session reads the same number.
export { FIRST_PAINT_ENTRIES } from './startupReads';

/**
 * The end of the branch the header points at, as far as `entries` reach back: what the
 * first paint shows while the rest of the session is read.
 */
export function newestBranch(header: SessionHeader, entries: readonly SessionEntry[]): SessionEntry[] {
  return new SessionLog(header, entries).getBranch();
}
