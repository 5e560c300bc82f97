import { answerKeptAfterDelete } from '../state/actions/actions';
import { useBaton } from '../state/store/useBaton';
import { ConfirmDialog } from './ConfirmDialog';
import { shownName } from './text/revealInvisibles';
import { WorkspaceAfterDeleteDialog } from './WorkspaceAfterDeleteDialog';

/**
 * Asks what to do with a conversation this tab was writing into when another tab deleted
 * it: keep it in a new session, or drop it. Nothing is decided for the user.
 */
export function KeptAfterDeleteDialog() {
  const kept = useBaton((s) => s.keptAfterDelete);
  // One question at a time: the workspace's (WorkspaceAfterDeleteDialog) waits for this one.
  if (!kept) return <WorkspaceAfterDeleteDialog />;
  return (
    <ConfirmDialog
      title="Session deleted in another tab"
      message={`“${shownName(kept.title)}” was deleted in another tab while a reply was being written here. The reply was stopped. Keep this tab's copy of the conversation in a new session, or drop it?`}
      confirmLabel="Keep in a new session"
      confirmKind="primary"
      cancelLabel="Drop"
      onConfirm={() => void answerKeptAfterDelete(true)}
      onCancel={() => void answerKeptAfterDelete(false)}
    />
  );
}
