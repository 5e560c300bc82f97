/**
 * What the lazily loaded markdown chunk offers the always-loaded components. Types only,
 * so importing them never pulls marked or DOMPurify into the initial chunk.
 */
import type { BlockSplit, MarkdownBlock } from './blockSplitter';

export interface MarkdownRenderer {
  /**
   * The blocks of `text`. When `text` extends the text of `previous`, the settled blocks
   * of `previous` are reused (same objects) and only the rest is lexed. Past the markdown
   * budget (markdownBudget.ts) the rest of the text is the split's `plain` part.
   * With `maxNewChars`, a text with more than that past its settled blocks is not lexed
   * now: that part comes back as `unsplit`, for a later call (deferSplit).
   */
  split(text: string, previous: BlockSplit | undefined, maxNewChars?: number): BlockSplit;
  /**
   * Safe HTML for one block (raw HTML escaped, then sanitised), from a cache when the
   * same block text was rendered before. `settled` says the block will not change, so
   * it is worth keeping; a growing tail is kept only briefly.
   */
  renderBlock(text: string, settled: boolean): string;
  /**
   * Renders settled blocks ahead of renderBlock, from `from` on, in batches (cheaper than
   * one by one), while the current task's time budget lasts (taskBudget.ts). Returns how
   * many leading blocks have their HTML ready; `from` of them are known to have it.
   * `limitMs`, if given, bounds this call's own time too (after its first batch).
   */
  renderAhead(blocks: readonly MarkdownBlock[], from: number, limitMs?: number): number;
}
