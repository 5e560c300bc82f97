import { describe, expect, it } from 'vitest';
import type { SessionHeader } from '../types/entry';
import { handoffChainIds } from './handoffChain';

function header(id: string, parentSession: string | undefined, children: string[]): SessionHeader {
  return {
    id,
    title: id,
    createdAt: 1,
    updatedAt: 1,
    model: 'm',
    leafId: null,
    children,
    ...(parentSession !== undefined && { parentSession }),
  };
}

describe('handoffChainIds', () => {
  const headers = [
    header('a', undefined, ['b', 'd']),
    header('b', 'a', ['c']),
    header('c', 'b', []),
    header('d', 'a', []),
    header('other', undefined, []),
  ];

  it('gives the whole chain, root first and parents before children, from any member', () => {
    for (const id of ['a', 'b', 'c', 'd']) expect(handoffChainIds(headers, id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('is the session alone without lineage, and empty for an unknown id', () => {
    expect(handoffChainIds(headers, 'other')).toEqual(['other']);
    expect(handoffChainIds(headers, 'nope')).toEqual([]);
  });

  it('skips missing sessions and survives lineage loops', () => {
    const looped = [header('x', 'y', ['y', 'gone']), header('y', 'x', ['x'])];
    expect(handoffChainIds(looped, 'x').sort()).toEqual(['x', 'y']);
    expect(handoffChainIds([header('c', 'deleted', [])], 'c')).toEqual(['c']);
  });
});
