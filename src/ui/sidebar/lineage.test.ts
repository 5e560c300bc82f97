import { describe, expect, it } from 'vitest';
import type { SessionHeader } from '../../core/session/types';
import { chainTo, lineageRows, nextLineage } from './lineage';

function header(id: string, createdAt: number, parentSession?: string): SessionHeader {
  return {
    id,
    title: id,
    createdAt,
    updatedAt: createdAt,
    model: 'm',
    leafId: null,
    children: [],
    ...(parentSession !== undefined && { parentSession }),
  };
}

const rowsOf = (sessions: SessionHeader[]) => lineageRows(sessions).map((r) => `${r.depth}:${r.header.id}`);

describe('lineageRows', () => {
  it('keeps unrelated sessions in the given (newest first) order', () => {
    expect(rowsOf([header('b', 2), header('a', 1)])).toEqual(['0:b', '0:a']);
  });

  it('puts a chain together, root first, where its newest member was', () => {
    // Newest first: the grandchild was used last, then an unrelated session, then the root.
    const sessions = [header('c', 3, 'b'), header('x', 4), header('b', 2, 'a'), header('a', 1)];
    expect(rowsOf(sessions)).toEqual(['0:a', '1:b', '2:c', '0:x']);
  });

  it('orders two handoffs of one parent oldest first', () => {
    const sessions = [header('late', 3, 'root'), header('early', 2, 'root'), header('root', 1)];
    expect(rowsOf(sessions)).toEqual(['0:root', '1:early', '1:late']);
  });

  it('shows the children of a deleted parent at the top level', () => {
    const sessions = [header('b', 2, 'gone'), header('c', 3, 'b')];
    expect(rowsOf(sessions)).toEqual(['0:b', '1:c']);
  });

  it('lists every member of a parent cycle once instead of dropping them', () => {
    const sessions = [header('a', 1, 'b'), header('b', 2, 'a'), header('self', 3, 'self')];
    const rows = rowsOf(sessions);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.slice(2)))).toEqual(new Set(['a', 'b', 'self']));
  });
});

describe('chainTo', () => {
  const sessions = [header('c', 3, 'b'), header('b', 2, 'a'), header('a', 1), header('x', 4)];

  it('walks from the root to the session', () => {
    expect(chainTo(sessions, 'c').map((h) => h.id)).toEqual(['a', 'b', 'c']);
  });

  it('is just the session when it has no parent', () => {
    expect(chainTo(sessions, 'x').map((h) => h.id)).toEqual(['x']);
  });

  it('starts at the oldest ancestor still present', () => {
    expect(chainTo([header('c', 3, 'b'), header('b', 2, 'gone')], 'c').map((h) => h.id)).toEqual(['b', 'c']);
  });

  it('is empty for an unknown or missing id and stops on a cycle', () => {
    expect(chainTo(sessions, 'nope')).toEqual([]);
    expect(chainTo(sessions, null)).toEqual([]);
    expect(chainTo([header('a', 1, 'b'), header('b', 2, 'a')], 'a').map((h) => h.id)).toEqual(['b', 'a']);
  });
});

describe('nextLineage', () => {
  const make = (id: string, updatedAt: number, parentSession?: string): SessionHeader => ({
    id,
    title: id,
    createdAt: updatedAt,
    updatedAt,
    model: 'm',
    leafId: null,
    children: [],
    ...(parentSession !== undefined && { parentSession }),
  });

  it('matches lineageRows after any change, reusing what it can', () => {
    const first = [make('c', 3, 'a'), make('b', 2), make('a', 1)];
    const start = nextLineage(undefined, first);
    expect(start.rows).toEqual(lineageRows(first));

    // Only a header's content changed: same rows, the new header in them.
    const renamed = [{ ...make('c', 3, 'a'), title: 'C!' }, first[1], first[2]] as SessionHeader[];
    const next = nextLineage(start, renamed);
    expect(next.rows).toEqual(lineageRows(renamed));
    expect(next.rows.find((r) => r.header.id === 'b')).toBe(start.rows.find((r) => r.header.id === 'b'));

    // Reordered, or a parent changed: regrouped from scratch.
    const reordered = [make('b', 4), first[0], first[2]] as SessionHeader[];
    expect(nextLineage(next, reordered).rows).toEqual(lineageRows(reordered));
    const reparented = [make('c', 3), first[1], first[2]] as SessionHeader[];
    expect(nextLineage(next, reparented).rows).toEqual(lineageRows(reparented));
    // Nothing changed: the very same rows.
    expect(nextLineage(next, renamed).rows).toBe(next.rows);
  });
});
