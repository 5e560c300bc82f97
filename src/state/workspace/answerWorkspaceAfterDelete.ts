/**
 * The answer to the question askAboutWorkspace (workspaceAfterDelete.ts) asked: delete
 * the workspace's files and history, or keep them. Loaded with the question's dialog
 * only (so not through actions.ts, whose every line is in the first load).
 */
import { whenRuntime } from '../app/runtime';
import { notify, notifyError } from '../slices/status/actions';
import { errorText, get, set } from '../store/storeAccess';

export async function answerWorkspaceAfterDelete(remove: boolean): Promise<void> {
  const asked = get().workspaceAfterDelete;
  set({ workspaceAfterDelete: null });
  if (!asked || !remove) return;
  try {
    const { workspace } = await whenRuntime();
    await workspace.store.deleteRoot(workspace.tree({ kind: 'workspace', id: asked.workspace }).key);
    notify(`Deleted the workspace's ${asked.files === 1 ? 'file' : `${asked.files} files`}.`);
  } catch (error) {
    notifyError(`Could not delete the workspace: ${errorText(error)}`);
  }
}
