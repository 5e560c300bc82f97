import { describe, expect, it } from 'vitest';
import type { SessionHeader } from '../../core/types/entry';
import { dateGroup, groupRows, relativeDate } from './sessionGroups';

/** Noon on a Wednesday, local time: far from midnight and from a week boundary. */
const NOW = new Date(2026, 11, 9, 12, 0, 0).getTime();
const at = (day: number, hour = 10) => new Date(2026, 11, day, hour, 0, 0).getTime();

function header(id: string, updatedAt: number, extra: Partial<SessionHeader> = {}): SessionHeader {
  return { id, title: id, createdAt: updatedAt, updatedAt, model: 'm', leafId: null, children: [], ...extra };
}

describe('dateGroup', () => {
  it('buckets by calendar day in the local zone', () => {
    expect(dateGroup(at(9, 0), NOW)).toBe('Today');
    expect(dateGroup(at(8, 23), NOW)).toBe('Yesterday');
    expect(dateGroup(at(8, 0), NOW)).toBe('Yesterday');
    expect(dateGroup(at(7, 23), NOW)).toBe('Previous 7 days');
    expect(dateGroup(at(2), NOW)).toBe('Previous 7 days');
    expect(dateGroup(at(1), NOW)).toBe('Previous 30 days');
    expect(dateGroup(new Date(2026, 9, 1).getTime(), NOW)).toBe('Earlier');
  });
});

describe('groupRows', () => {
  it('puts pinned chains first and heads each section once', () => {
    const rows = [
      { header: header('today', at(9)), depth: 0 },
      { header: header('yesterday', at(8)), depth: 0 },
      { header: header('pinned-old', at(1), { pinned: true }), depth: 0 },
      { header: header('older', at(3)), depth: 0 },
      { header: header('older-2', at(3)), depth: 0 },
    ];
    const grouped = groupRows(rows, NOW);
    expect(grouped.map((r) => [r.header.id, r.group])).toEqual([
      ['pinned-old', 'Pinned'],
      ['today', 'Today'],
      ['yesterday', 'Yesterday'],
      ['older', 'Previous 7 days'],
      ['older-2', undefined],
    ]);
  });

  it('keeps a handoff chain whole, dated by its newest member and pinned by any', () => {
    const rows = [
      { header: header('root', at(1)), depth: 0 },
      { header: header('part-2', at(9)), depth: 1 },
      { header: header('other', at(8)), depth: 0 },
      { header: header('chain-b', at(2)), depth: 0 },
      { header: header('chain-b-2', at(2), { pinned: true }), depth: 1 },
    ];
    expect(groupRows(rows, NOW).map((r) => [r.header.id, r.group])).toEqual([
      ['chain-b', 'Pinned'],
      ['chain-b-2', undefined],
      ['root', 'Today'],
      ['part-2', undefined],
      ['other', 'Yesterday'],
    ]);
  });
});

describe('relativeDate', () => {
  it('says minutes for the last hour, then a day word or a date', () => {
    expect(relativeDate(NOW - 20_000, NOW)).toBe('now');
    expect(relativeDate(NOW - 5 * 60_000, NOW)).toBe('5 min ago');
    expect(relativeDate(at(8), NOW)).toBe('Yesterday');
    expect(relativeDate(at(7), NOW)).toMatch(/^\w{3}/);
    expect(relativeDate(new Date(2025, 0, 5).getTime(), NOW)).toMatch(/2025/);
  });
});
