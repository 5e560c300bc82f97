import { describe, expect, it } from 'vitest';
import {
  backupFileName,
  beforeImportFileName,
  beforeRestoreFileName,
  sessionFileName,
  titleSlug,
} from './exportFileName';

describe('export file names', () => {
  it('reduce a title to a safe slug', () => {
    expect(sessionFileName('Fix the login bug!', 'jsonl')).toBe('baton-fix-the-login-bug.jsonl');
    expect(sessionFileName('Crème brûlée – notes', 'md')).toBe('baton-creme-brulee-notes.md');
    expect(titleSlug('../../etc/passwd\u0000<script>')).toBe('etc-passwd-script');
    expect(titleSlug('...')).toBe('session');
    expect(titleSlug('x'.repeat(200))).toHaveLength(60);
  });

  it('date backups in UTC so they sort by time', () => {
    expect(backupFileName(Date.UTC(2025, 0, 31, 14, 5))).toBe('baton-backup-2025-01-31-1405.jsonl');
    expect(backupFileName(Number.NaN)).toBe('baton-backup-undated.jsonl');
    expect(beforeRestoreFileName(Date.UTC(2025, 0, 31, 14, 5))).toBe(
      'baton-backup-before-restore-2025-01-31-1405.jsonl',
    );
    expect(beforeImportFileName(Date.UTC(2025, 0, 31, 14, 5))).toBe(
      'baton-backup-before-import-2025-01-31-1405.jsonl',
    );
  });
});
