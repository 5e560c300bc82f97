/**
 * The app's one WorkspaceAccess (see workspaceAccess.ts): the file trees over the app's
 * one FileStore, one tree per root, and the port each agent session is given.
 */
import type { SessionHeader } from '../../core/types/entry';
import { type FileRoot, type FileStore, type RootKey, rootKey } from '../../core/workspace/fileStore';
import { FileTree } from '../../core/workspace/fileTree';
import { workspaceRootOf } from '../../core/workspace/workspaceOf';
import type { WorkspacePort } from '../../core/workspace/workspacePort';

export class WorkspaceAccess {
  /** One tree per root, made on first use. */
  private readonly trees = new Map<RootKey, FileTree>();
  /** Commits heard of per root (see WorkspacePort.commits). */
  private readonly commits = new Map<RootKey, number>();

  constructor(
    readonly store: FileStore,
    /** A session's header by id, when the app knows it (the session list). */
    private readonly headerOf: (id: string) => SessionHeader | undefined,
  ) {
    store.watch((root) => this.commits.set(root, (this.commits.get(root) ?? 0) + 1));
  }

  /** The tree of `root`. */
  tree(root: FileRoot): FileTree {
    const key = rootKey(root);
    let tree = this.trees.get(key);
    if (!tree) {
      tree = new FileTree({ store: this.store, root });
      this.trees.set(key, tree);
    }
    return tree;
  }

  /**
   * The workspace of a session's handoff chain. Given an id, its header is looked up; a
   * session not listed (a new one, before its first message) has its own workspace,
   * named by its id, as workspaceOf says.
   */
  workspaceTree(session: SessionHeader | string): FileTree {
    const header = typeof session === 'string' ? (this.headerOf(session) ?? { id: session }) : session;
    return this.tree(workspaceRootOf(header));
  }

  /** The memory tool's directory: one for all sessions. */
  memoryTree(): FileTree {
    return this.tree({ kind: 'memory' });
  }

  /** Calls `listener` after each commit to the root `key` (this tab or another), or its deletion. Returns the unsubscribe. */
  watch(key: RootKey, listener: () => void): () => void {
    return this.store.watch((changed) => {
      if (changed === key) listener();
    });
  }

  /** What each agent session is given (core/workspace/workspacePort.ts). */
  port(): WorkspacePort {
    return {
      tree: (header) => this.workspaceTree(header),
      memory: () => this.memoryTree(),
      commits: (root) => this.commits.get(root) ?? 0,
    };
  }
}
