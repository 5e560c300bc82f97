/**
 * This device's backup marks (core/backup/backupReminder.ts): the last backup, the
 * reminder put off, the days of use. In localStorage: they describe this browser's copy
 * of the data, so a synced replica must not carry them to another device.
 */
import type { BackupMarks } from '../core/backup/backupReminder';
import { deviceTextStore as store, type TextStore } from './deviceTextStore';

export const BACKUP_MARKS_KEY = 'baton.backupMarks';

export function readBackupMarks(from: TextStore | undefined = store()): BackupMarks {
  try {
    const parsed: unknown = JSON.parse(from?.getItem(BACKUP_MARKS_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return { daysOfUse: [] };
    const raw = parsed as Record<string, unknown>;
    return {
      ...(typeof raw.lastBackupAt === 'number' && { lastBackupAt: raw.lastBackupAt }),
      ...(typeof raw.snoozedAt === 'number' && { snoozedAt: raw.snoozedAt }),
      daysOfUse: Array.isArray(raw.daysOfUse)
        ? raw.daysOfUse.filter((day): day is string => typeof day === 'string')
        : [],
    };
  } catch {
    return { daysOfUse: [] };
  }
}

/** Stores `marks`; a browser that refuses (blocked storage, full) only loses the reminder's memory. */
export function writeBackupMarks(marks: BackupMarks, to: TextStore | undefined = store()): void {
  try {
    to?.setItem(BACKUP_MARKS_KEY, JSON.stringify(marks));
  } catch {
    // Nothing else depends on them.
  }
}

/** A full backup was downloaded now. */
export function markBackup(now = Date.now()): void {
  writeBackupMarks({ ...readBackupMarks(), lastBackupAt: now });
}
