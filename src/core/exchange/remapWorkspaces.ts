/**
 * An imported workspace follows its chain. A chain's workspace is named by the chain's
 * workspace id (the header's `workspace`, else the session's own id): when an import gives
 * that session a new id (remapImportIds.ts), the root `workspace:<old>` becomes
 * `workspace:<new>`, in the workspace, each file and each change, and a tool change's
 * `sessionId` follows its session too. The memory root and roots of sessions kept as they
 * were stay as they are.
 */
import type { FileChange, RootKey } from '../workspace/fileStore';
import type { WorkspaceData } from './exchangeFormat';

const PREFIX = 'workspace:';

/** The root `root` becomes when sessions were renamed. */
export function remapRoot(root: RootKey, renamedSessions: ReadonlyMap<string, string>): RootKey {
  if (!root.startsWith(PREFIX)) return root;
  const renamed = renamedSessions.get(root.slice(PREFIX.length));
  return renamed === undefined ? root : `${PREFIX}${renamed}`;
}

export function remapWorkspaces(
  workspaces: readonly WorkspaceData[],
  renamedSessions: ReadonlyMap<string, string>,
): WorkspaceData[] {
  if (renamedSessions.size === 0) return [...workspaces];
  return workspaces.map(({ root: oldRoot, files, changes }) => {
    const root = remapRoot(oldRoot, renamedSessions);
    return {
      root,
      files: files.map(({ meta, body }) => ({ meta: { ...meta, root }, body })),
      changes: changes.map((change) => remapChange(change, root, renamedSessions)),
    };
  });
}

function remapChange(
  change: FileChange,
  root: RootKey,
  renamedSessions: ReadonlyMap<string, string>,
): FileChange {
  const { origin } = change;
  if (origin.kind !== 'tool') return { ...change, root };
  const sessionId = renamedSessions.get(origin.sessionId) ?? origin.sessionId;
  return { ...change, root, origin: { ...origin, sessionId } };
}
