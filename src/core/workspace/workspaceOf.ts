/**
 * Which workspace a session works in (issue 26): the one of its handoff chain. The first
 * session of a chain names it with its own id; every session handed off from it carries
 * that id in `header.workspace`, so a chain shares one file tree however long it grows.
 */
import type { SessionHeader } from '../types/entry';
import type { FileRoot } from './fileStore';

export function workspaceOf(header: Pick<SessionHeader, 'id' | 'workspace'>): string {
  return header.workspace ?? header.id;
}

/** The file tree root of a session's workspace. */
export function workspaceRootOf(header: Pick<SessionHeader, 'id' | 'workspace'>): FileRoot {
  return { kind: 'workspace', id: workspaceOf(header) };
}
