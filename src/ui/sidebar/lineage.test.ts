import { describe, expect, it } from 'vitest';
import type { SessionHeader } from '../../core/types/entry';
import { breadcrumbSteps, chainTo, lineageRows, nextLineage } from './lineage';

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

describe('lineageRows on data no UI would make (an imported file)', () => {
  /** s0 ← s1 ← … ← s(n-1), newest (deepest) first as the store lists them. */
  const chainOf = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      header(`s${n - 1 - i}`, n - 1 - i, i === n - 1 ? undefined : `s${n - 2 - i}`),
    );

  it('walks a chain 100,000 handoffs deep without running out of stack', () => {
    const n = 100_000;
    const rows = lineageRows(chainOf(n));
    expect(rows).toHaveLength(n);
    // Root first, each handoff one step deeper than its parent.
    expect(rows.map((row) => `${row.depth}:${row.header.id}`)).toEqual(
      Array.from({ length: n }, (_, i) => `${i}:s${i}`),
    );
    expect(chainTo(chainOf(n), `s${n - 1}`).map((h) => h.id)).toEqual(rows.map((r) => r.header.id));
  });

  it('lists a root with 100,000 handoffs, oldest first, each once', () => {
    const n = 100_000;
    const children = Array.from({ length: n }, (_, i) => header(`c${i}`, i + 1, 'root'));
    const rows = lineageRows([...children.reverse(), header('root', 0)]);
    expect(rows).toHaveLength(n + 1);
    expect(rows.map((row) => `${row.depth}:${row.header.id}`)).toEqual([
      '0:root',
      ...Array.from({ length: n }, (_, i) => `1:c${i}`),
    ]);
  });

  it('keeps parents before children in a deep and wide tree, every session once', () => {
    // Each session i > 0 hands off from (i - 1) / 3: a tree about 10 levels deep, 3 wide.
    const n = 30_000;
    const sessions = Array.from({ length: n }, (_, i) =>
      header(`t${i}`, i, i === 0 ? undefined : `t${Math.floor((i - 1) / 3)}`),
    ).reverse();
    const rows = lineageRows(sessions);
    expect(new Set(rows.map((r) => r.header.id)).size).toBe(n);
    const at = new Map(rows.map((r, i) => [r.header.id, i]));
    for (const row of rows) {
      const parent = row.header.parentSession;
      if (parent === undefined) continue;
      const parentIndex = at.get(parent) ?? -1;
      expect(parentIndex).toBeLessThan(at.get(row.header.id) ?? -1);
      expect(row.depth).toBe((rows[parentIndex]?.depth ?? -2) + 1);
    }
  });

  it('still lists a long parent cycle once each', () => {
    const n = 50_000;
    const ring = Array.from({ length: n }, (_, i) => header(`r${i}`, i, `r${(i + 1) % n}`));
    const rows = lineageRows(ring);
    expect(rows).toHaveLength(n);
    expect(new Set(rows.map((r) => r.header.id)).size).toBe(n);
  });
});

describe('breadcrumbSteps', () => {
  const chain = (n: number) =>
    Array.from({ length: n }, (_, i) => header(`s${i}`, i, i === 0 ? undefined : `s${i - 1}`));
  const shown = (n: number) =>
    breadcrumbSteps(chain(n)).map((step) => (step.kind === 'gap' ? `…${step.count}` : step.header.id));

  it('shows a short chain whole', () => {
    expect(shown(6)).toEqual(['s0', 's1', 's2', 's3', 's4', 's5']);
  });

  it('shows a long chain as its root, a gap and the last steps', () => {
    expect(shown(7)).toEqual(['s0', '…2', 's3', 's4', 's5', 's6']);
    expect(shown(8000)).toEqual(['s0', '…7995', 's7996', 's7997', 's7998', 's7999']);
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
