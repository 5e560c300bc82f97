/**
 * Settings → Storage (issue 29): how much of the browser's storage Baton uses out of what
 * it may use, with a warning past 80%; whether the browser promised to keep it, and a way
 * to ask again; the sessions that take the most; and a full backup one click away. Read
 * when Settings opens, and again after anything here changes it.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  formatMegabytes,
  nearlyFull,
  readStorageUsage,
  type StorageUsage,
} from '../../../state/actions/actions';
import { useBaton } from '../../../state/store/useBaton';
import { BackupNow } from './BackupNow';
import { KeepMyData } from './KeepMyData';
import { LargestSessions } from './LargestSessions';
import { WorkspaceUsage } from './WorkspaceUsage';
import './storage.css';

type Reading = { state: 'reading' } | { state: 'unknown' } | { state: 'read'; usage: StorageUsage };

function persistedText(persisted: boolean | undefined): string {
  if (persisted === undefined) return 'unknown';
  return persisted ? 'yes' : 'no (the browser may clear it when space runs low)';
}

export function StorageSettings() {
  const [reading, setReading] = useState<Reading>({ state: 'reading' });
  const read = useCallback(() => {
    readStorageUsage().then(
      (usage) => setReading(usage ? { state: 'read', usage } : { state: 'unknown' }),
      () => setReading({ state: 'unknown' }),
    );
  }, []);
  // The dialog stays mounted between openings: each opening reads afresh.
  const open = useBaton((s) => s.settingsOpen);
  useEffect(() => {
    if (open) read();
  }, [open, read]);

  const usage = reading.state === 'read' ? reading.usage : undefined;
  return (
    <section aria-label="Storage" className="storage-settings">
      {reading.state === 'reading' && <p className="muted">Storage: measuring…</p>}
      {reading.state === 'unknown' && (
        <p className="muted">Storage: this browser does not report its usage.</p>
      )}
      {usage && (
        <>
          {nearlyFull(usage) && (
            <div className="storage-banner" role="alert">
              Storage is nearly full: Baton uses {Math.floor((usage.usageBytes / usage.quotaBytes) * 100)}% of
              what this browser allows it. Download a backup, then delete sessions you no longer need (the
              largest are listed below).
            </div>
          )}
          <p data-testid="storage-usage">
            Storage: {formatMegabytes(usage.usageBytes)} used of {formatMegabytes(usage.quotaBytes)}
          </p>
          <WorkspaceUsage />
          <p data-testid="storage-persisted">Persistent storage: {persistedText(usage.persisted)}</p>
          <KeepMyData persisted={usage.persisted} onAnswer={read} />
        </>
      )}
      <BackupNow />
      <LargestSessions onDeleted={read} />
    </section>
  );
}
