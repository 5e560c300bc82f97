/**
 * How much markdown a message may ask of the parser, and cheap measures of what a text
 * asks, taken before (or instead of) the work they bound. A reply is untrusted: marked's
 * block lexer recurses once per level of nesting (a list nested a thousand deep takes
 * seconds, or overflows the stack) and its inline lexer is quadratic in unmatched
 * delimiters (three kilobytes of `*~=` take about 100 ms). Past a limit the rest of the
 * message is shown as plain text (see blockSplitter.ts), so no message, whatever its
 * size or shape, parses for long in one go.
 *
 * Pure: no marked, no DOM. The limits are far above what real replies use.
 */
import type { LexedToken } from './lexedToken';

export interface MarkdownBudget {
  /** Deepest container nesting (quotes and list items) a line may open; see nestingOfLine. */
  readonly maxDepth: number;
  /** Settled blocks a message may have; after them the rest is plain text. */
  readonly maxBlocks: number;
  /** Characters of a message shown as markdown at most. */
  readonly maxChars: number;
  /**
   * Lexing work (see scanRegion) the splitter may do in one call. A longer text is split
   * over several calls (frames); a single block that needs more is shown as plain text.
   */
  readonly maxLexWork: number;
  /** Characters of one block outside code: it is parsed, sanitised and laid out in one piece. */
  readonly maxBlockChars: number;
  /** Inline work of one block, as inlineWork measures it. */
  readonly maxInlineWork: number;
}

export const MARKDOWN_BUDGET: MarkdownBudget = {
  maxDepth: 16,
  maxBlocks: 5000,
  maxChars: 500_000,
  // Measured: marked's block lexer takes up to about 0.3 µs per unit, so a call at the
  // limit lexes in about 40 ms: some 120 KB of ordinary markdown, 8 KB nested 16 deep.
  maxLexWork: 150_000,
  maxBlockChars: 32_000,
  // Measured: marked spends up to about 30 ns per unit on the worst inputs, so a block
  // at the limit parses in about 50 ms; prose with ordinary formatting scores well under 1%.
  maxInlineWork: 1_500_000,
};

/** Why the rest of a message is shown as plain text. */
export type BudgetReason = 'depth' | 'blocks' | 'length' | 'markup';

function isBlank(char: string | undefined): boolean {
  return char === ' ' || char === '\t';
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Length of a list marker (`-`, `+`, `*`, `1.`, `1)`) at `i`, else 0. It must be followed by a blank or the end of the line. */
function listMarkerAt(text: string, i: number, end: number): number {
  const char = text[i];
  let length = 0;
  if (char === '-' || char === '+' || char === '*') length = 1;
  else {
    let digits = 0;
    while (digits < 9 && i + digits < end && isDigit(text.charCodeAt(i + digits))) digits++;
    const after = text[i + digits];
    if (digits > 0 && (after === '.' || after === ')')) length = digits + 1;
  }
  if (length === 0) return 0;
  const next = i + length;
  return next >= end || isBlank(text[next]) ? length : 0;
}

/** A thematic break (`- - -`, `***`, `_ _ _`): it opens nothing, however many marks it has. */
const THEMATIC_BREAK = /^[ \t]*([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

/** The container markers at the start of a line (how many of them quotes), and the columns of blanks before and between them. */
function lineStart(
  text: string,
  start: number,
  end: number,
): { markers: number; quotes: number; columns: number; tabbed: boolean } {
  let markers = 0;
  let quotes = 0;
  let columns = 0;
  let tabbed = false;
  let i = start;
  while (i < end) {
    const char = text[i];
    if (char === ' ') {
      columns += 1;
      i += 1;
      continue;
    }
    if (char === '\t') {
      columns += 4 - (columns % 4);
      tabbed = true;
      i += 1;
      continue;
    }
    const length = char === '>' ? 1 : listMarkerAt(text, i, end);
    if (length === 0) break;
    markers += 1;
    if (char === '>') quotes += 1;
    i += length;
    // The space after a marker belongs to it (`> `, `- `): only further blanks indent.
    if (text[i] === ' ') i += 1;
  }
  return { markers, quotes, columns, tabbed };
}

/**
 * How many containers a line of markdown opens by itself, at most: one per quote or
 * list marker at its start, plus one per two columns of indentation before and between
 * them (a nested list item needs at least two columns more than its parent). A line with
 * no marker, or a thematic break (`- - -`), opens nothing.
 */
export function nestingOfLine(text: string, start: number, end: number): number {
  const { markers, columns } = lineStart(text, start, end);
  if (markers === 0) return 0;
  if (markers >= 3 && THEMATIC_BREAK.test(text.slice(start, end))) return 0;
  return markers + Math.floor(columns / 2);
}

/** What lineMeter says of a line. */
export interface LineMeasure {
  /** The deepest nesting of quotes and list items the line can be at, estimated from above. */
  readonly nesting: number;
  /** The depth marked lexes the line at, for its cost: at least `nesting`. */
  readonly lexDepth: number;
}

/**
 * Measures the lines of a text, first to last. A line can be nested inside the quotes of
 * the lines before it: marked takes a line without (enough) `>` after a quote as a lazy
 * continuation, and nests whatever it opens inside that quote and the lists in it. So a
 * line's nesting is what it opens (nestingOfLine) plus what the last line with a quote
 * marker opened, until a blank line; fenced code is not skipped, so a fence cannot hide a
 * line from this. Checked against marked by a property test (markdownBudget.test.ts).
 * For the cost, a line without markers is lexed at the depth of the line before (a lazy
 * line) or of its indentation (a list item's continuation), whichever is deeper.
 */
export function lineMeter(): (text: string, start: number, end: number) => LineMeasure {
  let quoteCarry = 0;
  let lexDepthBefore = 0;
  let deepestOpen = 0;
  return (text, start, end) => {
    const { markers, quotes, columns, tabbed } = lineStart(text, start, end);
    if (markers === 0 && start + columns >= end) {
      quoteCarry = 0;
      lexDepthBefore = 0;
      deepestOpen = 0;
      return { nesting: 0, lexDepth: 0 };
    }
    const own = nestingOfLine(text, start, end);
    // marked takes a tab-indented line right after an item as a continuation of the
    // innermost item open above it, however few columns the tab makes (`10)  * * a` then
    // `\t> b` nests the quote four deep); after a blank line it does not.
    const continued = tabbed && own > 0 ? deepestOpen + markers : 0;
    const nesting = Math.max(own + quoteCarry, continued);
    deepestOpen = Math.max(deepestOpen, nesting);
    if (quotes > 0) quoteCarry = own;
    const lexDepth = Math.max(nesting, Math.floor(columns / 2), lexDepthBefore);
    lexDepthBefore = lexDepth;
    return { nesting, lexDepth };
  };
}

/** How far the splitter may lex in one call (see scanRegion). */
export interface RegionScan {
  /** Where lexing stops: the start of a line, or the end of the text. */
  readonly end: number;
  /** Set when markdown ends at `end` for good (the rest is plain text, for this reason). */
  readonly cut?: BudgetReason;
}

/**
 * Where the splitter must stop lexing, scanning `source` from `from` (the start of a
 * line): before the first line nested deeper than the budget allows, or past `maxChars`,
 * for good (a cut); or where one call's lexing work would exceed the budget, for now.
 * marked lexes the content of every container again one level down, so a line's work is
 * its length times one more than its depth (lineMeter). Linear in the text scanned; the
 * answer for complete lines never changes as the text grows, but an unfinished last line
 * can still change depth and cost (`> *` becomes `> **bold**`), so the splitter treats a
 * stop there as provisional.
 */
export function scanRegion(source: string, from: number, budget: MarkdownBudget): RegionScan {
  let start = from;
  let work = 0;
  const measure = lineMeter();
  while (start < source.length) {
    const newline = source.indexOf('\n', start);
    const end = newline === -1 ? source.length : newline;
    if (end > budget.maxChars) return { end: start, cut: 'length' };
    const { nesting, lexDepth } = measure(source, start, end);
    if (nesting > budget.maxDepth) return { end: start, cut: 'depth' };
    work += (end - start + 1) * (1 + lexDepth);
    if (work > budget.maxLexWork) return { end: start };
    start = end + 1;
  }
  return { end: source.length };
}

/** Characters that may open an inline construct: emphasis, strike, code, link, tag. */
function openers(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // * _ ~ ` [ <
    if (code === 42 || code === 95 || code === 126 || code === 96 || code === 91 || code === 60) count++;
  }
  return count;
}

/** What marked's block lexer leaves for the inline lexer, and the tokens inside containers. */
interface BlockToken extends LexedToken {
  readonly text?: string;
  readonly tokens?: readonly BlockToken[];
  readonly items?: readonly BlockToken[];
  readonly header?: readonly { readonly text: string }[];
  readonly rows?: readonly (readonly { readonly text: string }[])[];
}

const INLINE_TYPES = new Set(['paragraph', 'heading', 'text', 'lheading']);

/**
 * An upper estimate of the inline lexer's work for `tokens` (from the block lexer):
 * for every text it will lex inline (paragraphs, headings, list item text, table cells),
 * its length times the number of characters in it that may open a construct, since each
 * unmatched opener may scan to the end of its text. Code is never lexed inline. Walks the
 * tokens without recursion: their nesting is bounded, but a walk need not rely on it.
 */
export function inlineWork(tokens: readonly LexedToken[]): number {
  let work = 0;
  const stack: BlockToken[] = [...(tokens as readonly BlockToken[])];
  const measure = (text: string) => {
    work += openers(text) * text.length;
  };
  for (let token = stack.pop(); token; token = stack.pop()) {
    if (token.type === 'code') continue;
    if (token.type === 'table') {
      for (const cell of token.header ?? []) measure(cell.text);
      for (const row of token.rows ?? []) for (const cell of row) measure(cell.text);
      continue;
    }
    if (INLINE_TYPES.has(token.type) && typeof token.text === 'string') {
      measure(token.text);
      continue;
    }
    // Loops, not push(...): a list may have more items than a call takes arguments.
    for (const item of token.items ?? []) stack.push(item);
    for (const child of token.tokens ?? []) stack.push(child);
  }
  return work;
}
