/**
 * What a session is given of the workspace (issue 26), so that core stays free of the
 * app's store and of IndexedDB: the file tree of a session's chain, the memory directory,
 * and word of each commit (for the note on the user's changes, userChanges.ts).
 */
import type { SessionHeader } from '../types/entry';
import type { RootKey } from './fileStore';
import type { FileTree } from './fileTree';

export interface WorkspacePort {
  /** The workspace of the session `header` belongs to (its chain's: see workspaceOf). */
  tree(header: SessionHeader): FileTree;
  /** The memory tool's directory, shared by all sessions. */
  memory(): FileTree;
  /** Calls `listener` with the root after each commit, in this tab or another. Returns the unsubscribe. */
  watch(listener: (root: RootKey) => void): () => void;
}
