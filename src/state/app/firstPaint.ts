/** What a session's first paint shows, shared by start-up and by opening a session. */
import { SessionLog } from '../../core/session/sessionLog';
import type { SessionEntry, SessionHeader } from '../../core/session/types';

/**
 * How many of a session's newest entries are read for its first paint: more than a tall
 * screen shows, few enough that opening costs the same at any session size.
 */
export const FIRST_PAINT_ENTRIES = 100;

/**
 * The end of the branch the header points at, as far as `entries` reach back: what the
 * first paint shows while the rest of the session is read.
 */
export function newestBranch(header: SessionHeader, entries: readonly SessionEntry[]): SessionEntry[] {
  return new SessionLog(header, entries).getBranch();
}
