/**
 * What the lazily loaded markdown chunk offers the always-loaded components. Types only,
 * so importing them never pulls marked or DOMPurify into the initial chunk.
 */
import type { BlockSplit, MarkdownBlock } from './blockSplitter';

/** How much of a long text one call of `split` may lex. */
export interface SplitStep {
  /** At most about this many characters past the settled blocks (splitSome). */
  readonly maxNewChars: number;
  /** Lex none of them now if there are more: the text is new, and is shown before it is lexed (deferSplit). */
  readonly lexLater?: boolean;
}

export interface MarkdownRenderer {
  /**
   * The blocks of `text`. When `text` extends the text of `previous`, the settled blocks
   * of `previous` are reused (same objects) and only the rest is lexed. Past the markdown
   * budget (markdownBudget.ts) the rest of the text is the split's `plain` part.
   * With a `step`, a long rest is lexed a part at a time (or, `lexLater`, not yet): what
   * is not lexed comes back as `unsplit`, for a later call.
   */
  split(text: string, previous: BlockSplit | undefined, step?: SplitStep): BlockSplit;
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
