/**
 * The app's one way to the workspace files (issue 26): a chain's workspace and the global
 * memory directory, as FileTrees over ONE FileStore for the whole app, so the tools, the
 * Files panel and Settings' memory list all see the same records and hear the same
 * changes (in this tab and, through the store, in others).
 *
 * The WorkspaceAccess is made by start-up (startEngine) and held in the runtime, as the
 * app's other live objects are; the functions below reach it there. Not in the first
 * load: the agent chunk and the lazy panels import this.
 */
import type { SessionHeader } from '../../core/types/entry';
import type { RootKey } from '../../core/workspace/fileStore';
import type { FileTree } from '../../core/workspace/fileTree';
import { getRuntime, whenRuntime } from '../app/runtime';
import type { WorkspaceAccess } from './workspaceTrees';

export { WorkspaceAccess } from './workspaceTrees';

/** The app's WorkspaceAccess; throws before start-up has made it (see whenWorkspace). */
export function workspaceAccess(): WorkspaceAccess {
  return getRuntime().workspace;
}

/** The app's WorkspaceAccess once start-up has made it: for what may be asked for during start-up. */
export async function whenWorkspace(): Promise<WorkspaceAccess> {
  return (await whenRuntime()).workspace;
}

/** The workspace of a session's chain, by header or id. */
export function workspaceTree(session: SessionHeader | string): FileTree {
  return workspaceAccess().workspaceTree(session);
}

/** The memory directory. */
export function memoryTree(): FileTree {
  return workspaceAccess().memoryTree();
}

/** Calls `listener` after each change of the root `key`. Returns the unsubscribe. */
export function watchWorkspace(key: RootKey, listener: () => void): () => void {
  return workspaceAccess().watch(key, listener);
}
