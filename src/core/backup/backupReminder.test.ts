import { describe, expect, it } from 'vitest';
import { type BackupMarks, dayOf, daysOfUseSince, shouldRemindBackup, withDayOfUse } from './backupReminder';

const DAY = 24 * 60 * 60 * 1000;
const start = new Date(2026, 11, 1, 12).getTime();

/** Marks after using Baton on `days` distinct days from `start`, one every `every` calendar days. */
function used(days: number, every = 1, marks: BackupMarks = { daysOfUse: [] }): BackupMarks {
  let next = marks;
  for (let i = 0; i < days; i += 1) next = withDayOfUse(next, start + i * every * DAY);
  return next;
}

describe('the backup reminder', () => {
  it('is offered after 7 days of use without a backup, where storage is not persistent', () => {
    expect(shouldRemindBackup({ marks: used(6), persisted: false, hasData: true })).toBe(false);
    expect(shouldRemindBackup({ marks: used(7), persisted: false, hasData: true })).toBe(true);
    // The browser could not say: it may evict, so the reminder stands.
    expect(shouldRemindBackup({ marks: used(7), persisted: undefined, hasData: true })).toBe(true);
  });

  it('counts days of use, not calendar days: a month away is one more day', () => {
    expect(shouldRemindBackup({ marks: used(6, 5), persisted: false, hasData: true })).toBe(false);
    // Many uses on one day count once.
    let marks = used(6);
    for (let hour = 0; hour < 5; hour += 1) marks = withDayOfUse(marks, start + 5 * DAY + hour * 1000);
    expect(marks.daysOfUse).toHaveLength(6);
    expect(shouldRemindBackup({ marks, persisted: false, hasData: true })).toBe(false);
  });

  it('is never offered with persistent storage or nothing to lose', () => {
    expect(shouldRemindBackup({ marks: used(30), persisted: true, hasData: true })).toBe(false);
    expect(shouldRemindBackup({ marks: used(30), persisted: false, hasData: false })).toBe(false);
  });

  it('a backup starts the count again, from the day after it', () => {
    const backedUp: BackupMarks = { ...used(10), lastBackupAt: start + 9 * DAY };
    expect(daysOfUseSince(backedUp)).toBe(0);
    expect(shouldRemindBackup({ marks: backedUp, persisted: false, hasData: true })).toBe(false);
    const later = used(6, 1, { ...backedUp, daysOfUse: [] });
    // Used on days 0..5 again is before the backup: only days after it count.
    expect(daysOfUseSince(later)).toBe(0);
    let after = backedUp;
    for (let i = 10; i < 17; i += 1) after = withDayOfUse(after, start + i * DAY);
    expect(daysOfUseSince(after)).toBe(7);
    expect(shouldRemindBackup({ marks: after, persisted: false, hasData: true })).toBe(true);
  });

  it('"Not now" puts it off for another 7 days of use', () => {
    const snoozed: BackupMarks = { ...used(8), snoozedAt: start + 7 * DAY };
    expect(shouldRemindBackup({ marks: snoozed, persisted: false, hasData: true })).toBe(false);
    let after = snoozed;
    for (let i = 8; i < 15; i += 1) after = withDayOfUse(after, start + i * DAY);
    expect(shouldRemindBackup({ marks: after, persisted: false, hasData: true })).toBe(true);
  });

  it('days are local calendar days', () => {
    expect(dayOf(new Date(2026, 0, 5, 23, 59).getTime())).toBe('2026-01-05');
  });
});
