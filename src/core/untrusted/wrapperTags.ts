/**
 * The one escaping rule for text inside a Baton wrapper (wrapperTagNames.ts): whatever
 * the text holds, the wrapper keeps exactly the tags Baton wrote. The text comes from
 * files, the model, earlier sessions, tool results: a `</attached-file>` inside a file
 * would end its block early and let what follows pass for an instruction or for another
 * file; an `<handoff-context>` would open a block of its own. A model reads through
 * tricks that a plain match misses, so a tag counts whatever it is dressed in:
 *
 * - invisible characters anywhere in it (zero-width, joiners, bidi controls, soft hyphen,
 *   variation selectors, and any other format character or combining mark);
 * - white space anywhere in it (`< /attached-file >`, `</ handoff-context>`);
 * - any case, and compatibility forms (fullwidth `＜／ｈａｎｄｏｆｆ`, the `ﬀ` ligature):
 *   each character is compared in NFKC form;
 * - any dash between the words of a name (hyphen, non-breaking hyphen, en and em dash,
 *   minus, fullwidth hyphen-minus, underscore);
 * - any of the wrapper names, whichever wrapper the text is in.
 *
 * The rule: every such tag is rewritten to its escaped form, a backslash after the `<`
 * and the name as Baton writes it: `<\attached-file>`, `<\/attached-file>` (attributes
 * and the rest after the name kept). It reads as the tag's name and is no tag. Nothing
 * else of the text changes.
 */
import { WRAPPER_TAG_NAMES } from './wrapperTagNames';

/** Each name as its words, longest first (so a longer name wins over one it starts with). */
const NAMES: readonly { name: string; words: string[] }[] = [...WRAPPER_TAG_NAMES]
  .sort((a, b) => b.length - a.length)
  .map((name) => ({ name, words: name.split('-') }));

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

/** A wrapper tag's escaped form: `<\name` for an opening tag, `<\/name` for a closing one. */
export function escapedTag(name: string, closing: boolean): string {
  return closing ? `<\\/${name}` : `<\\${name}`;
}

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
  /** The name as Baton writes it. */
  name: string;
  /** Where the tag ends: after its `>`, or after its name when no `>` follows at once. */
  end: number;
  closing: boolean;
  /** Whether the `>` was part of the match. */
  closed: boolean;
}

/** Where `words` end if the text from `from` reads as them joined by dashes, else undefined. */
function matchName(text: string, from: number, words: readonly string[]): number | undefined {
  let at: number | undefined = from;
  for (let i = 0; i < words.length && at !== undefined; i++) {
    if (i > 0) {
      const dash = nextVisible(text, at);
      if (!dash || !(DASHES.has(dash.raw) || DASHES.has(dash.reads))) return undefined;
      at = dash.end;
    }
    at = matchWord(text, at, words[i] ?? '');
  }
  return at;
}

/** A lookalike wrapper tag starting at `start` (a `<`-like character, one code unit), or undefined. */
function matchTag(text: string, start: number): TagMatch | undefined {
  let at = start + 1;
  const slash = nextVisible(text, at);
  const closing = slash?.reads === '/';
  if (slash && closing) at = slash.end;
  for (const { name, words } of NAMES) {
    const end = matchName(text, at, words);
    if (end === undefined) continue;
    // Fillers after the name and a `>` right after them belong to the tag; anything else
    // (attributes, more letters) stays as it was.
    const closer = nextVisible(text, end);
    return closer?.reads === '>'
      ? { name, end: closer.end, closing, closed: true }
      : { name, end, closing, closed: false };
  }
  return undefined;
}

/** The text with every lookalike wrapper tag in it escaped (see the file comment). */
export function neutraliseWrapperTags(document: string): string {
  let result = '';
  let copied = 0;
  for (const opener of document.matchAll(OPENERS)) {
    const start = opener.index;
    if (start < copied) continue;
    const tag = matchTag(document, start);
    if (!tag) continue;
    result += document.slice(copied, start);
    result += `${escapedTag(tag.name, tag.closing)}${tag.closed ? '>' : ''}`;
    copied = tag.end;
  }
  return result + document.slice(copied);
}
