/**
 * Settings → Storage: what the workspaces' and the memory's files take (issue 26), read
 * from the files' listings only, each time Settings opens. Nothing is shown until it is
 * read, or if the files cannot be read (the total above still counts them).
 */
import { useEffect, useState } from 'react';
import { formatBytes } from '../../../core/attachments/attachmentLimits';
import { groupThousands } from '../../../core/groupThousands';
import type { FileUsage } from '../../../core/workspace/fileStore';
import { useBaton } from '../../../state/store/useBaton';
import { whenWorkspace } from '../../../state/workspace/workspaceAccess';

export function WorkspaceUsage() {
  const open = useBaton((s) => s.settingsOpen);
  const [usage, setUsage] = useState<FileUsage | null>(null);
  useEffect(() => {
    if (!open) return;
    let current = true;
    whenWorkspace()
      .then((access) => access.store.usage())
      .then(
        (read) => current && setUsage(read),
        () => current && setUsage(null),
      );
    return () => {
      current = false;
    };
  }, [open]);
  if (!usage) return null;
  return (
    <p data-testid="storage-workspace">
      Workspace and memory files: {groupThousands(usage.files)} file{usage.files === 1 ? '' : 's'},{' '}
      {formatBytes(usage.bytes)}
    </p>
  );
}
