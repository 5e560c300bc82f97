import { useBaton } from '../state/store/useBaton';
import { answerWorkspaceAfterDelete } from '../state/workspace/answerWorkspaceAfterDelete';
import { ConfirmDialog } from './ConfirmDialog';
import { shownName } from './text/revealInvisibles';

/**
 * Asks, once the last session of a chain is deleted, whether its workspace's files go
 * too (issue 26). Closing the dialog keeps them: nothing is deleted unasked.
 */
export function WorkspaceAfterDeleteDialog() {
  const asked = useBaton((s) => s.workspaceAfterDelete);
  if (!asked) return null;
  const files = asked.files === 1 ? '1 file' : `${asked.files} files`;
  return (
    <ConfirmDialog
      title="Delete its workspace?"
      message={`“${shownName(asked.title)}” was the last session of its chain. Its workspace holds ${files}. Delete them too, or keep them stored (a backup includes them)?`}
      confirmLabel="Delete workspace"
      cancelLabel="Keep files"
      onConfirm={() => void answerWorkspaceAfterDelete(true)}
      onCancel={() => void answerWorkspaceAfterDelete(false)}
    />
  );
}
