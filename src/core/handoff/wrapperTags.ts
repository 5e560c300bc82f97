/**
 * Keeps the handoff wrapper exactly one opening and one closing tag, whatever the
 * document holds. The document comes from the model and so, indirectly, from anything
 * the conversation read (a web page, a pasted file): a `<handoff-context>` inside it
 * would open a second block, and a `</handoff-context>` would end the block early and
 * let what follows pass for an instruction. A model reads through tricks that a plain
 * match misses, so a tag counts whatever it is dressed in:
 *
 * - invisible characters anywhere in it (zero-width, joiners, bidi controls, soft hyphen,
 *   variation selectors, and any other format character or combining mark);
 * - white space anywhere in it (`< /handoff-context >`, `</ handoff-context>`);
 * - any case, and compatibility forms (fullwidth `＜／ｈａｎｄｏｆｆ`, the `ﬀ` ligature):
 *   each character is compared in NFKC form;
 * - any dash between the two words (hyphen, non-breaking hyphen, en and em dash, minus,
 *   fullwidth hyphen-minus, underscore).
 *
 * Every such tag is rewritten to its escaped form, `<\handoff-context>` or
 * `<\/handoff-context>` (attributes and the rest after the name kept), which reads as the
 * tag's name and is no tag. Nothing else of the document changes.
 */

const NAME_FIRST = 'handoff';
const NAME_SECOND = 'context';
const DASHES = new Set([
  '-',
  '\u2010',
  '\u2011',
  '\u2012',
  '\u2013',
  '\u2014',
  '\u2015',
  '\u2212',
  '\uFE58',
  '\uFE63',
  '\uFF0D',
  '_',
]);

/** Characters a reader does not see, or sees as a gap: skipped wherever they are in a tag. */
const FILLER = /^[\p{Cf}\p{White_Space}\p{Mn}\u115F\u1160\u3164\uFFA0]$/u;

/** Where a tag could begin: `<` and its compatibility forms. */
const OPENERS = /[<\uFE64\uFF1C]/g;

/** The opening tag's escaped form, and the closing one's. */
export const ESCAPED_OPENING_TAG = '<\\handoff-context';
export const ESCAPED_CLOSING_TAG = '<\\/handoff-context';

/** One code point as it reads: NFKC, lower case (a ligature may read as two letters). */
function readsAs(codePoint: string): string {
  return codePoint.normalize('NFKC').toLowerCase();
}

interface Step {
  /** The code point itself, and what it reads as. */
  raw: string;
  reads: string;
  /** Where it ends in the text. */
  end: number;
}

/** The next code point from `from` on that is not a filler; undefined at the end of the text. */
function nextVisible(text: string, from: number): Step | undefined {
  let at = from;
  while (at < text.length) {
    const raw = String.fromCodePoint(text.codePointAt(at) ?? 0);
    const end = at + raw.length;
    if (!FILLER.test(raw)) return { raw, reads: readsAs(raw), end };
    at = end;
  }
  return undefined;
}

/** Where `word` ends if the text from `from` reads as it (fillers skipped), else undefined. */
function matchWord(text: string, from: number, word: string): number | undefined {
  let at = from;
  let matched = 0;
  while (matched < word.length) {
    const step = nextVisible(text, at);
    if (!step || step.reads === '' || !word.startsWith(step.reads, matched)) return undefined;
    matched += step.reads.length;
    at = step.end;
  }
  return at;
}

interface TagMatch {
  /** Where the tag ends: after its `>`, or after its name when no `>` follows at once. */
  end: number;
  closing: boolean;
  /** Whether the `>` was part of the match. */
  closed: boolean;
}

/** A lookalike tag starting at `start` (a `<`-like character, one code unit), or undefined. */
function matchTag(text: string, start: number): TagMatch | undefined {
  let at = start + 1;
  const slash = nextVisible(text, at);
  const closing = slash?.reads === '/';
  if (slash && closing) at = slash.end;
  const first = matchWord(text, at, NAME_FIRST);
  if (first === undefined) return undefined;
  const dash = nextVisible(text, first);
  if (!dash || !(DASHES.has(dash.raw) || DASHES.has(dash.reads))) return undefined;
  const end = matchWord(text, dash.end, NAME_SECOND);
  if (end === undefined) return undefined;
  // Fillers after the name and a `>` right after them belong to the tag; anything else
  // (attributes, more letters) stays as it was.
  const closer = nextVisible(text, end);
  return closer?.reads === '>' ? { end: closer.end, closing, closed: true } : { end, closing, closed: false };
}

/** The document with every lookalike wrapper tag in it escaped (see the file comment). */
export function neutraliseWrapperTags(document: string): string {
  let result = '';
  let copied = 0;
  for (const opener of document.matchAll(OPENERS)) {
    const start = opener.index;
    if (start < copied) continue;
    const tag = matchTag(document, start);
    if (!tag) continue;
    result += document.slice(copied, start);
    result += `${tag.closing ? ESCAPED_CLOSING_TAG : ESCAPED_OPENING_TAG}${tag.closed ? '>' : ''}`;
    copied = tag.end;
  }
  return result + document.slice(copied);
}
