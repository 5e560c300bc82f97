import { describe, expect, it } from 'vitest';
import { makeMessageEntry } from '../../testing/fixtures/storageTestFixtures';
import { orderEntries } from './orderEntries';

const ids = (entries: Array<{ id: string }>) => entries.map((entry) => entry.id);

describe('orderEntries', () => {
  it('sorts by timestamp', () => {
    const entries = [
      makeMessageEntry('s', 'c', 30),
      makeMessageEntry('s', 'a', 10),
      makeMessageEntry('s', 'b', 20),
    ];
    expect(ids(orderEntries(entries))).toEqual(['a', 'b', 'c']);
  });

  it('puts an ancestor before its descendants within one millisecond, whatever the given order', () => {
    const entries = [
      makeMessageEntry('s', 'leaf', 5, { parentId: 'mid' }),
      makeMessageEntry('s', 'mid', 5, { parentId: 'root' }),
      makeMessageEntry('s', 'root', 5),
    ];
    expect(ids(orderEntries(entries))).toEqual(['root', 'mid', 'leaf']);
  });

  it('keeps the given order for ties between unrelated entries', () => {
    const entries = [makeMessageEntry('s', 'b', 5), makeMessageEntry('s', 'a', 5)];
    expect(ids(orderEntries(entries))).toEqual(['b', 'a']);
  });

  it('survives damaged parent links that form a cycle', () => {
    const entries = [
      makeMessageEntry('s', 'x', 5, { parentId: 'y' }),
      makeMessageEntry('s', 'y', 5, { parentId: 'x' }),
      makeMessageEntry('s', 'z', 1, { parentId: 'missing' }),
    ];
    const ordered = orderEntries(entries);
    expect(ids(ordered)[0]).toBe('z');
    expect(ids(ordered).sort()).toEqual(['x', 'y', 'z']);
  });

  it('does not change the input array', () => {
    const entries = [makeMessageEntry('s', 'b', 2), makeMessageEntry('s', 'a', 1)];
    orderEntries(entries);
    expect(ids(entries)).toEqual(['b', 'a']);
  });
});
