/**
 * Which workspace a session works in (issue 26): the one of its handoff chain. The first
 * session of a chain names it with its own id; every session handed off from it carries
 * that id in `header.workspace`, so a chain shares one file tree however long it grows.
 */
import type { SessionHeader } from '../types/entry';
import type { FileRoot } from './fileStore';

export function workspaceOf(header: Pick<SessionHeader, 'id' | 'workspace'>): string {
  // Stored headers are restored without a check of this field (restoreHeader keeps fields
  // it does not know, and the first load has no room for one): a damaged link is read
  // here as none, so the session works in a workspace of its own rather than in no tree.
  const { workspace } = header as { workspace?: unknown };
  return typeof workspace === 'string' && workspace !== '' ? workspace : header.id;
}

/** The file tree root of a session's workspace. */
export function workspaceRootOf(header: Pick<SessionHeader, 'id' | 'workspace'>): FileRoot {
  return { kind: 'workspace', id: workspaceOf(header) };
}
