/**
 * Settled blocks in fixed-size groups, so that when a block settles React revisits one
 * group and the list of groups, not every block of a long reply (an 80 KB reply has
 * about 2,000 blocks, and one settles every few frames).
 */
import type { MarkdownBlock } from './blockSplitter';

export const GROUP_SIZE = 64;

export type BlockGroup = readonly MarkdownBlock[];

/**
 * `blocks` cut into groups of GROUP_SIZE. A full group of `previous` holding the same
 * block objects is reused as is, so a memoised component given it does not re-render.
 * Settled blocks of one message are appended, never replaced, so the same first and last
 * object means the same group.
 */
export function groupBlocks(blocks: readonly MarkdownBlock[], previous: readonly BlockGroup[]): BlockGroup[] {
  const groups: BlockGroup[] = [];
  for (let start = 0; start < blocks.length; start += GROUP_SIZE) {
    const old = previous[start / GROUP_SIZE];
    const full =
      old?.length === GROUP_SIZE && old[0] === blocks[start] && old.at(-1) === blocks[start + GROUP_SIZE - 1];
    groups.push(full && old ? old : blocks.slice(start, start + GROUP_SIZE));
  }
  return groups;
}
