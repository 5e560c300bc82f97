/**
 * How much of the browser's storage Baton uses, out of what it may use, and whether the
 * browser promised to keep it (persistent storage). Read when Settings opens.
 */
import { useEffect, useState } from 'react';
import { formatMegabytes, readStorageUsage, type StorageUsage } from '../../state/actions/actions';

type Reading = { state: 'reading' } | { state: 'unknown' } | { state: 'read'; usage: StorageUsage };

function persistedText(persisted: boolean | undefined): string {
  if (persisted === undefined) return 'unknown';
  return persisted ? 'yes' : 'no (the browser may clear it when space runs low)';
}

export function StorageSettings() {
  const [reading, setReading] = useState<Reading>({ state: 'reading' });
  useEffect(() => {
    let live = true;
    readStorageUsage().then(
      (usage) => live && setReading(usage ? { state: 'read', usage } : { state: 'unknown' }),
      () => live && setReading({ state: 'unknown' }),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <section aria-label="Storage">
      {reading.state === 'reading' && <p className="muted">Storage: measuring…</p>}
      {reading.state === 'unknown' && (
        <p className="muted">Storage: this browser does not report its usage.</p>
      )}
      {reading.state === 'read' && (
        <>
          <p data-testid="storage-usage">
            Storage: {formatMegabytes(reading.usage.usageBytes)} used of{' '}
            {formatMegabytes(reading.usage.quotaBytes)}
          </p>
          <p data-testid="storage-persisted">Persistent storage: {persistedText(reading.usage.persisted)}</p>
        </>
      )}
    </section>
  );
}
