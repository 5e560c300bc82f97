/**
 * Download names for exports. A title is whatever the user or the model wrote, so it
 * is reduced to letters, digits and dashes: no path separators, no control or
 * reserved characters, no leading dot, and short enough for every file system.
 */
import { formatTime } from './formatTime';

const MAX_SLUG_LENGTH = 60;

export type ExportExtension = 'jsonl' | 'md';

export function titleSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents split off by NFKD
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug || 'session';
}

/** `baton-<title>.<ext>`, e.g. `baton-fix-the-login-bug.jsonl`. */
export function sessionFileName(title: string, extension: ExportExtension): string {
  return `baton-${titleSlug(title)}.${extension}`;
}

/** `baton-backup-2025-01-31-1405.jsonl` (UTC), so backups sort by time. */
export function backupFileName(createdAt: number): string {
  return `baton-backup-${backupStamp(createdAt)}.jsonl`;
}

/** The backup a restore makes of the current data first: `baton-backup-before-restore-2025-01-31-1405.jsonl`. */
export function beforeRestoreFileName(createdAt: number): string {
  return `baton-backup-before-restore-${backupStamp(createdAt)}.jsonl`;
}

/** The backup an import of sessions makes of the current data first: `baton-backup-before-import-2025-01-31-1405.jsonl`. */
export function beforeImportFileName(createdAt: number): string {
  return `baton-backup-before-import-${backupStamp(createdAt)}.jsonl`;
}

function backupStamp(createdAt: number): string {
  const stamp = formatTime(createdAt).replace(' UTC', '').replace(' ', '-').replace(':', '');
  return stamp === 'unknown' ? 'undated' : stamp;
}
