/**
 * What a session is given of the workspace (issue 26), so that core stays free of the
 * app's store and of IndexedDB: the file tree of a session's chain, the memory directory,
 * and a count of each root's commits (for the note on the user's changes, userChanges.ts).
 */
import type { SessionHeader } from '../types/entry';
import type { RootKey } from './fileStore';
import type { FileTree } from './fileTree';

export interface WorkspacePort {
  /** The workspace of the session `header` belongs to (its chain's: see workspaceOf). */
  tree(header: SessionHeader): FileTree;
  /** The memory tool's directory, shared by all sessions. */
  memory(): FileTree;
  /**
   * How many commits to `root` the app has heard of since it started (this tab's and other
   * tabs'). A count rather than a subscription: a session asks before each request, and
   * holds nothing the app would have to let go of when the session is dropped.
   */
  commits(root: RootKey): number;
}
