import { describe, expect, it } from 'vitest';
import { GROUP_SIZE, groupBlocks } from './blockGroups';
import type { MarkdownBlock } from './blockSplitter';

function blocks(count: number): MarkdownBlock[] {
  return Array.from({ length: count }, (_, i) => ({ start: i * 3, text: `${i}\n\n` }));
}

describe('groupBlocks', () => {
  it('cuts blocks into groups of GROUP_SIZE, in order', () => {
    const all = blocks(GROUP_SIZE * 2 + 5);
    const groups = groupBlocks(all, []);
    expect(groups.map((g) => g.length)).toEqual([GROUP_SIZE, GROUP_SIZE, 5]);
    expect(groups.flat()).toEqual(all);
  });

  it('reuses full groups when blocks are appended, and rebuilds only the last', () => {
    const all = blocks(GROUP_SIZE * 2 + 5);
    const before = groupBlocks(all.slice(0, GROUP_SIZE + 3), []);
    const after = groupBlocks(all, before);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after.flat()).toEqual(all);
  });

  it('does not reuse a group whose blocks are other objects', () => {
    const before = groupBlocks(blocks(GROUP_SIZE), []);
    const after = groupBlocks(blocks(GROUP_SIZE), before);
    expect(after[0]).not.toBe(before[0]);
  });
});
