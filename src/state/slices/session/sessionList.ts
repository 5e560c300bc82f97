/** The session list's rules, as pure functions over headers (the slice's actions apply them). */
import type { SessionHeader } from '../../../core/types/entry';

/** Newest first, as the list shows them. */
export function sortedSessions(sessions: readonly SessionHeader[]): SessionHeader[] {
  return [...sessions].sort((a, b) => b.updatedAt - a.updatedAt);
}

/** The list with `header` inserted or replaced. */
export function withSession(sessions: readonly SessionHeader[], header: SessionHeader): SessionHeader[] {
  return sortedSessions([header, ...sessions.filter((h) => h.id !== header.id)]);
}

/** An empty session that was never stored leaves the list when the user moves away. */
export function withoutUnsaved(
  sessions: readonly SessionHeader[],
  header: SessionHeader | undefined,
): readonly SessionHeader[] {
  return header && header.leafId === null ? sessions.filter((h) => h.id !== header.id) : sessions;
}

/** The list without session `id`, and without the links other sessions had to it. */
export function withoutSession(sessions: readonly SessionHeader[], id: string): SessionHeader[] {
  return sessions
    .filter((h) => h.id !== id)
    .map((h) => (h.children.includes(id) ? { ...h, children: h.children.filter((c) => c !== id) } : h));
}
