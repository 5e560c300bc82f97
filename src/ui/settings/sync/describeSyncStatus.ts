/**
 * The sentence the "Sync status" region shows for the engine's status (issue 28):
 * "Synced just now · 12,345 entries · 3 devices", "Uploading 4,000 of 100,000", "Offline:
 * changes wait on this device". An error is the engine's own sentence, which already says
 * what to do. Plain text, so a test can hold the exact words.
 */
import type { SyncStatus } from '../../../sync/syncStatus';

/** "12,345": the same separators whatever the browser's language, as the rest of the app writes them. */
function count(n: number): string {
  return n.toLocaleString('en');
}

/** "1 entry", "12,345 entries". */
function counted(n: number, one: string, many: string): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/** "just now", "1 minute ago", "3 hours ago", "2 days ago"; a clock that runs behind counts as now. */
export function ago(at: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${counted(minutes, 'minute', 'minutes')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${counted(hours, 'hour', 'hours')} ago`;
  return `${counted(Math.floor(hours / 24), 'day', 'days')} ago`;
}

export function describeSyncStatus(status: SyncStatus, now: number): string {
  switch (status.phase) {
    case 'off':
      return 'Sync is off';
    case 'checking':
      return 'Checking the server…';
    case 'uploading':
      return `Uploading ${count(status.done)} of ${count(status.total)}`;
    case 'downloading':
      return `Downloading ${count(status.done)} of ${count(status.total)}`;
    case 'offline':
      return 'Offline: changes wait on this device';
    case 'error':
      return status.message;
    case 'synced': {
      const parts = [
        `Synced ${ago(status.at, now)}`,
        counted(status.entries, 'entry', 'entries'),
        counted(status.devices, 'device', 'devices'),
      ];
      if (status.skipped > 0)
        parts.push(
          `${counted(status.skipped, 'document', 'documents')} skipped (they could not be decrypted: written with another passphrase, or damaged)`,
        );
      return parts.join(' · ');
    }
  }
}
