/** Store access and small helpers the action files share. */
import type { SessionHeader } from '../../core/session/types';
import { type BatonState, batonStore } from './store';

export const get = () => batonStore.getState();
export const set = (partial: Partial<BatonState> | ((s: BatonState) => Partial<BatonState>)) =>
  batonStore.setState(partial);

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const BUSY_MESSAGE = 'A reply is still being written. Stop it with Esc first.';

function sortSessions(sessions: SessionHeader[]): SessionHeader[] {
  return [...sessions].sort((a, b) => b.updatedAt - a.updatedAt);
}

export function setSessions(sessions: SessionHeader[]): void {
  set({ sessions: sortSessions(sessions) });
}

/** Inserts or replaces a header in the list. */
export function upsertSession(header: SessionHeader): void {
  set((s) => ({ sessions: sortSessions([header, ...s.sessions.filter((h) => h.id !== header.id)]) }));
}

/** An empty session that was never stored leaves the list when the user moves away. */
export function dropIfUnsaved(header: SessionHeader | undefined): void {
  if (header && header.leafId === null)
    set((s) => ({ sessions: s.sessions.filter((h) => h.id !== header.id) }));
}
