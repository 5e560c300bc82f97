/**
 * "Deleting the last session of a chain asks whether to delete its workspace" (issue 26).
 * A workspace belongs to a chain, not to one session: it goes only when no session of the
 * chain is left, and only if the user says so (the files may be what the work was for).
 * Kept, it stays stored: a backup holds it, and an import of the chain finds it again.
 * The answer is answerWorkspaceAfterDelete.ts, loaded with the question's dialog.
 */
import type { SessionHeader } from '../../core/types/entry';
import type { Runtime } from '../app/runtimeObjects';
import { notifyError } from '../slices/status/actions';
import { errorText, get, set } from '../store/storeAccess';

/**
 * After `deleted` was deleted (and left the session list): when no other session shares
 * its workspace and the workspace holds files, the user is asked what to do with them.
 */
export async function askAboutWorkspace(
  runtime: Pick<Runtime, 'workspace'>,
  deleted: SessionHeader,
): Promise<void> {
  // Through the runtime's trees, not workspaceOf itself: this chunk and the agent's would
  // otherwise share one more small chunk, whose name would join the first load's lists.
  const tree = runtime.workspace.workspaceTree(deleted);
  const { root } = tree;
  if (root.kind !== 'workspace') return;
  if (get().sessions.some((header) => runtime.workspace.workspaceTree(header).key === tree.key)) return;
  try {
    const files = await tree.list();
    if (files.length > 0)
      set({ workspaceAfterDelete: { workspace: root.id, title: deleted.title, files: files.length } });
  } catch (error) {
    notifyError(`Could not read the deleted session's workspace: ${errorText(error)}`);
  }
}
