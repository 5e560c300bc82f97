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
import type { BlockLexer, LexedToken } from './lexedToken';
import { type BudgetReason, inlineWork, type MarkdownBudget, scanRegion } from './markdownBudget';

/** A run of top-level markdown; `start` is its offset in the normalised text. */
export interface MarkdownBlock {
  readonly start: number;
  readonly text: string;
}

/** The end of a message shown as plain text: past its markdown budget (markdownBudget.ts). */
export interface PlainRest {
  readonly start: number;
  readonly text: string;
  readonly reason: BudgetReason;
  /**
   * No later text can move `start`: it comes from a settled block or from a line of the
   * text, not from the growing tail. A split that extends this one keeps it as it is.
   */
  readonly fixed: boolean;
}

export interface BlockSplit {
  /** The text as given. */
  readonly input: string;
  /** The text with newlines as marked reads them; the blocks and the other parts join to exactly this. */
  readonly source: string;
  /** Blocks no later text can change; the array is reused while none are added. */
  readonly settled: readonly MarkdownBlock[];
  /** Everything after the settled blocks; undefined for an empty text, or when one of the parts below is set. */
  readonly tail: MarkdownBlock | undefined;
  /** Only with a budget: what is left after the settled blocks once it is spent. */
  readonly plain?: PlainRest;
  /**
   * Only with a budget: the text after the settled blocks, not lexed yet because one
   * call's lexing budget ran out. Splitting the same text again with this split as
   * `previous` goes on from there.
   */
  readonly unsplit?: MarkdownBlock;
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

interface Region {
  /** Offsets (all after the region's start) where a new settled block may start. */
  readonly boundaries: number[];
  /** The region's top-level tokens, each with its offset; Infinity once offsets are unknown. */
  readonly tokens: readonly { readonly start: number; readonly token: LexedToken }[];
}

/**
 * Lexes `source` from `regionStart` and finds where settled blocks may start. Only where
 * the tokens so far are exactly the source text: marked rewrites the `raw` of a few odd
 * partial lines (`1. * ` comes back as `1. *\n`), and from such a token on the offsets
 * are not to be trusted, so the rest stays one block and renders as before.
 */
function lexRegion(source: string, regionStart: number, lex: BlockLexer): Region {
  let tokens: readonly LexedToken[];
  try {
    tokens = lex(source.slice(regionStart));
  } catch {
    // marked should not throw, but a half-streamed reply must never blank the chat.
    return { boundaries: [], tokens: [] };
  }
  const boundaries: number[] = [];
  const placed: { start: number; token: LexedToken }[] = [];
  let offset = regionStart;
  for (const [index, token] of tokens.entries()) {
    placed.push({ start: offset, token });
    if (!Number.isFinite(offset)) continue;
    // Its start is known (the tokens before it matched), even if its own raw does not.
    if (index > 0 && token.type !== 'space' && isSafeBoundary(source, offset)) boundaries.push(offset);
    // A definition may still take the next line(s) as its title: nothing after it settles yet.
    if (!source.startsWith(token.raw, offset) || (token.type === 'def' && opensLinkTitle(tokens, index))) {
      offset = Number.POSITIVE_INFINITY;
    } else {
      offset += token.raw.length;
    }
  }
  return { boundaries, tokens: placed };
}

/**
 * The blocks of `input`. When `input` extends the text `previous` was split from, its
 * settled blocks are kept and only the text after them is lexed, so the work per call
 * is bounded by the unsettled tail, not by the length of the message.
 *
 * With a `budget` (markdownBudget.ts), a call lexes no more than the budget allows: a
 * longer text comes back with an `unsplit` rest, for the next call. Markdown stops for
 * good at the first block over the budget, or before a finished line nested too deeply
 * (found before anything is lexed): from there on the text is the `plain` rest. Such a
 * cut depends only on the text up to it, so a streamed text is cut where the finished
 * one is; only a cut at the growing tail or the growing last line is decided again on
 * every call.
 */
export function splitBlocks(
  input: string,
  previous: BlockSplit | undefined,
  lex: BlockLexer,
  budget?: MarkdownBudget,
): BlockSplit {
  if (previous?.input === input && !previous.unsplit) return previous;
  const source = normalizeNewlines(input);
  if (source === '') return EMPTY_SPLIT;

  // Anything but an extension (an edit, another message) starts again from the top.
  const extension = previous !== undefined && source.startsWith(previous.source);
  if (extension && previous.plain?.fixed) {
    return {
      input,
      source,
      settled: previous.settled,
      tail: undefined,
      plain: restFrom(source, previous.plain),
    };
  }
  const kept = extension ? previous.settled : [];
  const regionStart = endOf(kept);
  // With a budget the lexer never sees a line past it: nesting is what makes it slow.
  const scan = budget ? scanRegion(source, regionStart, budget) : { end: source.length };
  const scope = scan.end < source.length ? source.slice(0, scan.end) : source;
  const region = lexRegion(scope, regionStart, lex);
  const starts = [regionStart, ...region.boundaries];

  const added: MarkdownBlock[] = [];
  for (let i = 0; i + 1 < starts.length; i++) {
    const start = starts[i] ?? 0;
    added.push({ start, text: source.slice(start, starts[i + 1]) });
  }
  const tailStart = starts.at(-1) ?? regionStart;
  const tail = { start: tailStart, text: scope.slice(tailStart) };
  const whole = (settled: readonly MarkdownBlock[]) => ({ input, source, settled, tail: undefined });
  if (!budget) return { ...whole(added.length > 0 ? [...kept, ...added] : kept), tail };

  const complete = scan.end === source.length;
  // The scan measured the last line while it is still growing, so a stop there holds for
  // now only: its nesting and lexing work can still change, either way (nestingOfLine
  // reads `> *` as a quote holding a list item, which `> **bold**` is not). A stop at a
  // finished line depends only on the text up to it, and holds for good. A cut for
  // length does too: the line only gets longer, and its start does not move.
  const growing = !complete && !source.includes('\n', scan.end);
  const cutForNow = growing && scan.cut === 'depth';
  const cut = cutForNow ? undefined : scan.cut;
  // Cut for good, the text before the cut is all there will be of markdown: its tail is
  // final, a block like the others.
  const blocks = cut && tail.text !== '' ? [...added, tail] : added;
  // Cut for now, the tail is measured as it would be if the line turned out too deep.
  const withTail = complete || cutForNow;
  const over = overBudget(kept.length, withTail ? [...added, tail] : blocks, withTail, region, budget);
  if (over && over.index < blocks.length) {
    // A settled block over the budget: it and everything after it are plain, for good.
    const settled = [...kept, ...blocks.slice(0, over.index)];
    return {
      ...whole(settled),
      plain: restFrom(source, { start: endOf(settled), reason: over.reason, fixed: true }),
    };
  }
  const settled = blocks.length > 0 ? [...kept, ...blocks] : kept;
  if (cutForNow) {
    // The lexer must not see the line, but the tail before it is not final either: it
    // shows as plain text until the line ends and decides where markdown stops.
    const reason = over?.reason ?? 'depth';
    return { ...whole(settled), plain: restFrom(source, { start: tailStart, reason, fixed: false }) };
  }
  if (cut || (!complete && added.length === 0)) {
    // Before a line too deep or too far; or one block needing more lexing than a call may
    // do, which is known for good only once the line that tipped it over is finished.
    const reason = cut ?? 'length';
    const fixed = cut !== undefined || !growing;
    return { ...whole(settled), plain: restFrom(source, { start: endOf(settled), reason, fixed }) };
  }
  if (!complete) return { ...whole(settled), unsplit: { start: tailStart, text: source.slice(tailStart) } };
  if (over)
    return {
      ...whole(settled),
      plain: restFrom(source, { start: tailStart, reason: over.reason, fixed: false }),
    };
  return { ...whole(settled), tail };
}

/**
 * `input` shown before it is lexed: the settled blocks of `previous` (when `input`
 * extends its text) and the rest as `unsplit`, which splitBlocks goes on from when
 * given this split as `previous`. Undefined when nothing would be put off: at most
 * `maxNew` characters are past the settled blocks, or the rest is already plain text
 * for good. No lexing here: it costs a comparison and a slice.
 */
export function deferSplit(
  input: string,
  previous: BlockSplit | undefined,
  maxNew: number,
): BlockSplit | undefined {
  if (previous?.input === input && !previous.unsplit) return undefined;
  const source = normalizeNewlines(input);
  const extension = previous !== undefined && source.startsWith(previous.source);
  if (extension && previous.plain?.fixed) return undefined;
  const settled = extension ? previous.settled : [];
  const start = endOf(settled);
  if (source.length - start <= maxNew) return undefined;
  return { input, source, settled, tail: undefined, unsplit: { start, text: source.slice(start) } };
}

/**
 * As splitBlocks, but lexing at most about `maxNew` characters past the settled blocks
 * of `previous`: a longer rest is split as far as its first `maxNew` characters go. The
 * settled blocks of a prefix are those of the whole text (as for a text still streaming:
 * nothing appended can change them); what follows them comes back as `unsplit`, for the
 * next call. Whenever that would not move on (a block longer than `maxNew`, a budget
 * stop), the whole text is split at once, exactly as splitBlocks does.
 */
export function splitSome(
  input: string,
  previous: BlockSplit | undefined,
  lex: BlockLexer,
  budget: MarkdownBudget | undefined,
  maxNew: number,
): BlockSplit {
  const all = () => splitBlocks(input, previous, lex, budget);
  if (previous?.input === input && !previous.unsplit) return previous;
  const source = normalizeNewlines(input);
  const extension = previous !== undefined && source.startsWith(previous.source);
  if (extension && previous.plain) return all();
  const settled = extension ? previous.settled : [];
  const start = endOf(settled);
  if (source.length - start <= maxNew) return all();
  // The text up to the settled blocks, as a split of its own, so only the rest is lexed.
  const upTo = source.slice(0, start);
  const prefix = splitBlocks(
    source.slice(0, start + maxNew),
    { input: upTo, source: upTo, settled, tail: undefined },
    lex,
    budget,
  );
  if (prefix.plain || prefix.unsplit || prefix.settled.length === settled.length) return all();
  const end = endOf(prefix.settled);
  return {
    input,
    source,
    settled: prefix.settled,
    tail: undefined,
    unsplit: { start: end, text: source.slice(end) },
  };
}

function restFrom(source: string, rest: Omit<PlainRest, 'text'>): PlainRest {
  return { ...rest, text: source.slice(rest.start) };
}

/**
 * The first of `blocks` (numbered after `before` settled ones) that exceeds the budget,
 * and why: too many blocks, too many characters outside code, or too much inline work.
 * With `withTail`, the last of them is the growing tail, which takes every token left.
 */
function overBudget(
  before: number,
  blocks: readonly MarkdownBlock[],
  withTail: boolean,
  region: Region,
  budget: MarkdownBudget,
): { index: number; reason: BudgetReason } | undefined {
  let next = 0;
  for (const [index, block] of blocks.entries()) {
    if (before + index >= budget.maxBlocks) return { index, reason: 'blocks' };
    const last = withTail && index === blocks.length - 1;
    const end = last ? Number.POSITIVE_INFINITY : block.start + block.text.length;
    const tokens: LexedToken[] = [];
    let chars = 0;
    for (; next < region.tokens.length; next++) {
      const placed = region.tokens[next];
      if (!placed || placed.start >= end) break;
      tokens.push(placed.token);
      // Code is lexed and shown as it is: only the rest is parsed inline and wrapped.
      if (placed.token.type !== 'code') chars += placed.token.raw.length;
    }
    if (chars > budget.maxBlockChars) return { index, reason: 'length' };
    if (inlineWork(tokens) > budget.maxInlineWork) return { index, reason: 'markup' };
  }
  return undefined;
}
