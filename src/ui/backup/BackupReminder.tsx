/**
 * The quiet backup reminder (issue 29): a bar above the composer, never a dialog, when the
 * browser has not promised to keep Baton's data and no backup was made in 7 days of use
 * (the rule: core/backup/backupReminder.ts). Loaded after the first paint; each load of
 * the app counts its day as a day of use.
 */
import { useEffect, useState } from 'react';
import { type BackupMarks, shouldRemindBackup, withDayOfUse } from '../../core/backup/backupReminder';
import {
  exportEverything,
  readBackupMarks,
  readStorageUsage,
  writeBackupMarks,
} from '../../state/actions/actions';
import { useBaton } from '../../state/store/useBaton';
import './backupReminder.css';

export default function BackupReminder() {
  const hasData = useBaton((s) => s.sessions.some((header) => header.leafId !== null));
  const [marks, setMarks] = useState<BackupMarks | null>(null);
  const [persisted, setPersisted] = useState<boolean | undefined | null>(null);
  useEffect(() => {
    const counted = withDayOfUse(readBackupMarks(), Date.now());
    writeBackupMarks(counted);
    setMarks(counted);
    readStorageUsage().then(
      (usage) => setPersisted(usage?.persisted),
      () => setPersisted(undefined),
    );
  }, []);

  if (marks === null || persisted === null || !shouldRemindBackup({ marks, persisted, hasData })) return null;
  const backUp = async () => {
    await exportEverything();
    setMarks(readBackupMarks());
  };
  const notNow = () => {
    const snoozed = { ...readBackupMarks(), snoozedAt: Date.now() };
    writeBackupMarks(snoozed);
    setMarks(snoozed);
  };
  return (
    <aside className="backup-reminder" aria-label="Backup reminder">
      <p>
        Your sessions are kept only in this browser, which may clear them when space runs low, and you have
        not made a backup in a while.
      </p>
      <button type="button" className="primary" onClick={() => void backUp()}>
        Download backup
      </button>
      <button type="button" onClick={notNow}>
        Not now
      </button>
    </aside>
  );
}
