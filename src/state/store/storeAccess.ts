/** Store access and small helpers the action files share. */
import type { SessionHeader } from '../../core/types/entry';
import { sortedSessions, withSession } from './applySessionEvent';
import { type BatonState, batonStore } from './store';

export const get = () => batonStore.getState();
export const set = (partial: Partial<BatonState> | ((s: BatonState) => Partial<BatonState>)) =>
  batonStore.setState(partial);

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function setSessions(sessions: SessionHeader[]): void {
  set({ sessions: sortedSessions(sessions) });
}

/** Inserts or replaces a header in the list. */
export function upsertSession(header: SessionHeader): void {
  set((s) => ({ sessions: withSession(s.sessions, header) }));
}
