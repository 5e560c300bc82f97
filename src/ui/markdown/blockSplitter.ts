/**
 * Splits chat markdown into top-level blocks so a streaming reply re-parses only its
 * unsettled tail. Pure: the lexer is passed in, so this file does not pull in marked.
 *
 * A block is "settled" when no text appended later can change how it parses (the rules
 * are in blockBoundaries.ts); settled blocks are kept from one call to the next and only
 * the text after them is lexed again. Each block is then parsed on its own, which gives
 * the same HTML as parsing the whole text, with one exception:
 * a reference-style link definition (`[x]: url`) in one block does not apply to links in
 * another. That is accepted: chat replies rarely use them, and such a link then shows as
 * its literal text, never as something unsafe.
 */
import { isSafeBoundary, opensLinkTitle } from './blockBoundaries';

/** What the splitter needs of a top-level token from marked's lexer. */
export interface LexedToken {
  readonly type: string;
  readonly raw: string;
}

/** Top-level block tokens of `markdown`; their `raw` strings should join to it (checked). */
export type BlockLexer = (markdown: string) => readonly LexedToken[];

/** A run of top-level markdown; `start` is its offset in the normalised text. */
export interface MarkdownBlock {
  readonly start: number;
  readonly text: string;
}

export interface BlockSplit {
  /** The text as given. */
  readonly input: string;
  /** The text with newlines as marked reads them; the blocks join to exactly this. */
  readonly source: string;
  /** Blocks no later text can change; the array is reused while none are added. */
  readonly settled: readonly MarkdownBlock[];
  /** Everything after the settled blocks; undefined only for an empty text. */
  readonly tail: MarkdownBlock | undefined;
}

export const EMPTY_SPLIT: BlockSplit = { input: '', source: '', settled: [], tail: undefined };

/** marked turns \r\n and lone \r into \n before lexing; token offsets are in that text. */
export function normalizeNewlines(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

function endOf(blocks: readonly MarkdownBlock[]): number {
  const last = blocks.at(-1);
  return last ? last.start + last.text.length : 0;
}

/**
 * Offsets in `source` (all after `regionStart`) where a new settled block may start.
 * Only where the tokens so far are exactly the source text: marked rewrites the `raw` of
 * a few odd partial lines (`1. * ` comes back as `1. *\n`), and from such a token on the
 * offsets are not to be trusted, so the rest stays one block and renders as before.
 */
function settledBoundaries(source: string, regionStart: number, lex: BlockLexer): number[] {
  let tokens: readonly LexedToken[];
  try {
    tokens = lex(source.slice(regionStart));
  } catch {
    // marked should not throw, but a half-streamed reply must never blank the chat.
    return [];
  }
  const boundaries: number[] = [];
  let offset = regionStart;
  for (const [index, token] of tokens.entries()) {
    // Its start is known (the tokens before it matched), even if its own raw does not.
    if (index > 0 && token.type !== 'space' && isSafeBoundary(source, offset)) boundaries.push(offset);
    if (!source.startsWith(token.raw, offset)) break;
    // A definition may still take the next line(s) as its title: nothing after it settles yet.
    if (token.type === 'def' && opensLinkTitle(tokens, index)) break;
    offset += token.raw.length;
  }
  return boundaries;
}

/**
 * The blocks of `input`. When `input` extends the text `previous` was split from, its
 * settled blocks are kept and only the text after them is lexed, so the work per call
 * is bounded by the unsettled tail, not by the length of the message.
 */
export function splitBlocks(input: string, previous: BlockSplit | undefined, lex: BlockLexer): BlockSplit {
  if (previous?.input === input) return previous;
  const source = normalizeNewlines(input);
  if (source === '') return EMPTY_SPLIT;

  // Anything but an extension (an edit, another message) starts again from the top.
  const kept = previous && source.startsWith(previous.source) ? previous.settled : [];
  const regionStart = endOf(kept);
  const starts = [regionStart, ...settledBoundaries(source, regionStart, lex)];

  const added: MarkdownBlock[] = [];
  for (let i = 0; i + 1 < starts.length; i++) {
    const start = starts[i] ?? 0;
    added.push({ start, text: source.slice(start, starts[i + 1]) });
  }
  const tailStart = starts.at(-1) ?? regionStart;
  return {
    input,
    source,
    settled: added.length > 0 ? [...kept, ...added] : kept,
    tail: { start: tailStart, text: source.slice(tailStart) },
  };
}
