/**
 * When Baton quietly offers a backup (issue 29): the browser has not promised to keep
 * this site's data, there is something to lose, and the user has used Baton on 7 days
 * since the last backup (or since the reminder was last put off). Days of use, not days
 * of the calendar: a user away for a month comes back to no reminder on the first day.
 */

/** Days of use after which an unpersisted browser's user is offered a backup. */
export const BACKUP_REMINDER_DAYS = 7;

/** What this device remembers about backups (storage/backupMarks.ts). */
export interface BackupMarks {
  /** When the last full backup was downloaded here (ms since epoch). */
  lastBackupAt?: number;
  /** When the user last put the reminder off ("Not now"). */
  snoozedAt?: number;
  /** The days ("2026-12-05", local time) Baton was used on, newest last, a few dozen at most. */
  daysOfUse: string[];
}

export interface ReminderInput {
  marks: BackupMarks;
  /** The browser's answer to persisted(); undefined when it cannot say. */
  persisted: boolean | undefined;
  /** Whether any session has a message: an empty Baton has nothing to back up. */
  hasData: boolean;
}

/** The local calendar day of `ms`, as the marks store it. */
export function dayOf(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The marks with `now`'s day counted as a day of use (once a day; the oldest forgotten past 60). */
export function withDayOfUse(marks: BackupMarks, now: number): BackupMarks {
  const today = dayOf(now);
  if (marks.daysOfUse.includes(today)) return marks;
  return { ...marks, daysOfUse: [...marks.daysOfUse, today].slice(-60) };
}

/** Days of use on or after the day of the last backup or snooze (all of them if neither). */
export function daysOfUseSince(marks: BackupMarks): number {
  const since = Math.max(marks.lastBackupAt ?? 0, marks.snoozedAt ?? 0);
  if (since === 0) return marks.daysOfUse.length;
  const from = dayOf(since);
  // The day of the backup itself does not count: the backup covered it.
  return marks.daysOfUse.filter((day) => day > from).length;
}

export function shouldRemindBackup({ marks, persisted, hasData }: ReminderInput): boolean {
  if (persisted === true || !hasData) return false;
  return daysOfUseSince(marks) >= BACKUP_REMINDER_DAYS;
}
