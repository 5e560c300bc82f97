/**
 * The sidebar's sections: pinned chains first, then the rest by when they were last used
 * (Today, Yesterday, Previous 7 days, Previous 30 days, Earlier), and each row's date as
 * a short relative label. Pure over the lineage rows and a clock, so tested without a browser.
 */
import type { SessionHeader } from '../../core/types/entry';
import type { LineageRow } from './lineage';

export const GROUP_LABELS = [
  'Pinned',
  'Today',
  'Yesterday',
  'Previous 7 days',
  'Previous 30 days',
  'Earlier',
] as const;
export type GroupLabel = (typeof GROUP_LABELS)[number];

export interface GroupedRow extends LineageRow {
  /** Set on the first row of each section: the section's heading. */
  group?: GroupLabel;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfDay(time: number): number {
  const day = new Date(time);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}

/** The section of a time, by calendar days in the local zone (not 24-hour spans). */
export function dateGroup(time: number, now: number): Exclude<GroupLabel, 'Pinned'> {
  const today = startOfDay(now);
  if (time >= today) return 'Today';
  // Calendar days, so a daylight-saving night (23 or 25 hours) still counts as one day.
  const daysAgo = Math.round((today - startOfDay(time)) / DAY_MS);
  if (daysAgo <= 1) return 'Yesterday';
  if (daysAgo <= 7) return 'Previous 7 days';
  if (daysAgo <= 30) return 'Previous 30 days';
  return 'Earlier';
}

/**
 * Rows in sections. A handoff chain stays whole: it is pinned when any of its sessions
 * is, and dated by its most recently used one. Within a section the list's order holds.
 */
export function groupRows(rows: readonly LineageRow[], now: number): GroupedRow[] {
  const chains: LineageRow[][] = [];
  for (const row of rows) {
    const last = chains[chains.length - 1];
    if (row.depth === 0 || !last) chains.push([row]);
    else last.push(row);
  }
  const sections = new Map<GroupLabel, LineageRow[][]>(GROUP_LABELS.map((label) => [label, []]));
  for (const chain of chains) {
    const pinned = chain.some((row) => row.header.pinned === true);
    const latest = Math.max(...chain.map((row) => row.header.updatedAt));
    sections.get(pinned ? 'Pinned' : dateGroup(latest, now))?.push(chain);
  }
  const grouped: GroupedRow[] = [];
  for (const [label, list] of sections) {
    list.flat().forEach((row, i) => {
      grouped.push(i === 0 ? { ...row, group: label } : row);
    });
  }
  return grouped;
}

const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'short' });
const dayMonth = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const dayMonthYear = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** "now", "5 min ago", a time today, "Yesterday", a weekday this week, else the date. */
export function relativeDate(when: number, now: number): string {
  const minutes = Math.floor((now - when) / 60_000);
  if (minutes < 1) return 'now';
  if (minutes < 60) return `${minutes} min ago`;
  const group = dateGroup(when, now);
  if (group === 'Today') return time.format(when);
  if (group === 'Yesterday') return 'Yesterday';
  if (group === 'Previous 7 days') return weekday.format(when);
  return new Date(when).getFullYear() === new Date(now).getFullYear()
    ? dayMonth.format(when)
    : dayMonthYear.format(when);
}

/** The full date and time, for a tooltip and the row's description. */
export function fullDate(when: number): string {
  return new Date(when).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Whether the header was added by an import (a copy of a session from elsewhere). */
export function isImported(header: SessionHeader): boolean {
  return typeof header.importedAt === 'number';
}
