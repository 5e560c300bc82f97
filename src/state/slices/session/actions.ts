/** The session slice's actions: the session list, the session shown, the one being opened. */
import type { SessionEntry, SessionHeader } from '../../../core/types/entry';
import type { SessionUsage } from '../../../core/usage/sessionUsage';
import { get, set } from '../../store/storeAccess';
import { NO_MARKS } from './branchMarks';
import { sortedSessions, withoutSession, withSession } from './sessionList';

export function setSessions(sessions: SessionHeader[]): void {
  set({ sessions: sortedSessions(sessions) });
}

/** Inserts or replaces a header in the list. */
export function upsertSession(header: SessionHeader): void {
  set((s) => ({ sessions: withSession(s.sessions, header) }));
}

/** Session `id` is gone: out of the list, and out of the children of the sessions it was handed off from. */
export function removeSession(id: string): void {
  set((s) => ({ sessions: withoutSession(s.sessions, id) }));
}

/** The chat shows session `id` loading from the click on (nothing to show for the one already open). */
export function beginOpening(id: string): void {
  set({ openingSessionId: id === get().activeSessionId ? null : id });
}

/** Opening session `id` has ended, however it ended. */
export function endOpening(id: string): void {
  if (get().openingSessionId === id) set({ openingSessionId: null });
}

/** The newest page of session `id`, read for its first paint; its usage is not known yet. */
export function showNewestPage(id: string, entries: SessionEntry[]): void {
  set({
    activeSessionId: id,
    entries,
    marks: NO_MARKS,
    sessionUsage: null,
    streaming: null,
    editingEntryId: null,
  });
}

/** The whole branch of session `id`, as the open session holds it. */
export function showBranch(id: string, entries: SessionEntry[], usage: SessionUsage): void {
  set({ activeSessionId: id, entries, sessionUsage: usage });
}

/** Scroll to and highlight entry `entryId` once session `sessionId` shows (see useFocusEntry). */
export function focusEntryAt(sessionId: string, entryId: string): void {
  set({ focusEntry: { sessionId, entryId } });
}

/** The list has scrolled to the entry asked for. */
export function focusEntryShown(): void {
  if (get().focusEntry !== null) set({ focusEntry: null });
}
