/**
 * When the start of a top-level token is a place text appended later cannot move: the
 * rules that let the block splitter keep blocks it has already parsed.
 *
 * "Followed by another token" is not enough, because the start of a line is ambiguous
 * until the line is complete:
 * - `> quote\n-` lexes as a quote and a list, but `> quote\n--` is one quote (lazy line);
 * - `1. one\n\n2` is a list and a paragraph, but `1. one\n\n2. two` is one list.
 * So a boundary needs a blank line before it (which closes every block CommonMark lets
 * close: paragraphs, quotes, tables, HTML blocks; a list or indented code continues only
 * through an indented or marker line, which is decided once that line is known) and a
 * complete line after it (the next block's first line, which decides whether it joins).
 * Open fences and raw HTML that run to the end of the text are one token, never split.
 */
import type { LexedToken } from './lexedToken';

function isLineSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t';
}

/** Whether a token starting at `offset` in `source` starts a block that stays one. */
export function isSafeBoundary(source: string, offset: number): boolean {
  if (source[offset - 1] !== '\n') return false;
  // The line before must be blank: back over spaces and tabs to a newline or the start.
  let i = offset - 2;
  while (isLineSpace(source[i])) i--;
  if (i >= 0 && source[i] !== '\n') return false;
  return source.indexOf('\n', offset) !== -1;
}

const TITLE_OPENERS = new Set(['"', "'", '(']);

/**
 * Whether the link definition at `tokens[index]` may yet take what follows as its title.
 * marked reads a title on the line after the URL (after at most one newline), and a
 * quoted title may run over several lines, blank ones included, so until it closes the
 * text after it is not settled.
 */
export function opensLinkTitle(tokens: readonly LexedToken[], index: number): boolean {
  const definition = tokens[index];
  if (!definition) return false;
  let between = definition.raw.slice(definition.raw.trimEnd().length);
  for (const token of tokens.slice(index + 1)) {
    if (token.type !== 'space') {
      const text = token.raw.trimStart();
      between += token.raw.slice(0, token.raw.length - text.length);
      return between.split('\n').length <= 2 && TITLE_OPENERS.has(text[0] ?? '');
    }
    between += token.raw;
  }
  return false;
}
