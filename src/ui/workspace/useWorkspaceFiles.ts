import { useEffect, useState } from 'react';
import type { FileChange, FileMeta } from '../../core/workspace/fileStore';
import type { FileTree } from '../../core/workspace/fileTree';

export interface WorkspaceFiles {
  files: FileMeta[];
  history: FileChange[];
  /** Set while the first reading has not come back. */
  loading: boolean;
  /** A sentence, when the tree could not be read. */
  error: string | null;
  /** Bumped on every re-read: an open file reads itself again when it changes. */
  version: number;
}

/** Subscribes to changes of one tree (in this tab or another); returns the unsubscribe. */
export type WatchTree = (listener: () => void) => () => void;

/**
 * The tree's files and history, read again after each change the store reports (a tool
 * call, the user here, or another tab), so the panel never shows a stale tree.
 */
export function useWorkspaceFiles(tree: FileTree, watch: WatchTree): WorkspaceFiles {
  const [state, setState] = useState<WorkspaceFiles>({
    files: [],
    history: [],
    loading: true,
    error: null,
    version: 0,
  });
  useEffect(() => {
    let live = true;
    // Only the latest reading lands: two changes close together may be read out of order.
    let reading = 0;
    const read = () => {
      const mine = ++reading;
      Promise.all([tree.list(), tree.history()]).then(
        ([files, history]) => {
          if (live && mine === reading)
            setState((was) => ({ files, history, loading: false, error: null, version: was.version + 1 }));
        },
        (error: unknown) => {
          if (live && mine === reading)
            setState((was) => ({
              ...was,
              loading: false,
              error: `The workspace could not be read: ${error instanceof Error ? error.message : String(error)}`,
            }));
        },
      );
    };
    read();
    const stop = watch(read);
    return () => {
      live = false;
      stop();
    };
  }, [tree, watch]);
  return state;
}
