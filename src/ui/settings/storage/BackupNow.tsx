import { useEffect, useState } from 'react';
import { exportEverything, readBackupMarks } from '../../../state/actions/actions';
import { useBaton } from '../../../state/store/useBaton';

function lastBackupText(at: number | undefined): string {
  if (at === undefined) return 'Last backup: none yet on this device.';
  const when = new Date(at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  return `Last backup: ${when}.`;
}

/** The full backup (every session, one JSONL file), one click from Storage, and when the last was made here. */
export function BackupNow() {
  const [lastAt, setLastAt] = useState(() => readBackupMarks().lastBackupAt);
  const [busy, setBusy] = useState(false);
  // A backup made from the reminder or the Data section meanwhile: read at each opening.
  const open = useBaton((s) => s.settingsOpen);
  useEffect(() => {
    if (open) setLastAt(readBackupMarks().lastBackupAt);
  }, [open]);
  const backUp = async () => {
    setBusy(true);
    try {
      await exportEverything();
    } finally {
      setBusy(false);
      setLastAt(readBackupMarks().lastBackupAt);
    }
  };
  return (
    <div className="backup-now">
      <button type="button" onClick={() => void backUp()} disabled={busy}>
        Download backup
      </button>
      <p data-testid="last-backup">{lastBackupText(lastAt)}</p>
    </div>
  );
}
