/**
 * What the block splitter and its rules (blockBoundaries.ts, markdownBudget.ts) read of
 * marked's lexer output: a file of its own so the rules need not import the splitter.
 */

/** What the splitter needs of a top-level token from marked's lexer. */
export interface LexedToken {
  readonly type: string;
  readonly raw: string;
}

/** Top-level block tokens of `markdown`; their `raw` strings should join to it (checked). */
export type BlockLexer = (markdown: string) => readonly LexedToken[];
