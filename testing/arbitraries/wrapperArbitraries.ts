/**
 * Hostile text for the wrapper tests (src/core/untrusted): random text with lookalike
 * wrapper tags put in, of every wrapper name, dressed in zero-width and bidi characters,
 * spaces, line breaks, case, fullwidth forms and other dashes; and the test's own reading
 * of a text, independent of the code under test, that counts the tags a model could see.
 */
import fc from 'fast-check';
import { WRAPPER_TAG_NAMES, type WrapperTagName } from '../../src/core/untrusted/wrapperTagNames';

/** Characters that hide in a tag: zero-width, joiners, bidi controls, soft hyphen, marks, spaces. */
const HIDDEN = [
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202E',
  '\u202C',
  '\u2066',
  '\u2069',
  '\u034F',
  '\uFE0F',
  ' ',
  '\t',
  '\n',
  '\r\n',
  '\u00A0',
  '\u3000',
];

/**
 * The text as a reader takes it: compatibility forms folded (NFKC), hidden characters and
 * white space dropped, lower case, every dash a hyphen. A tag that reads as `<name` or
 * `</name` here is one.
 */
export function plainReading(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\p{Cf}\p{White_Space}\p{Mn}\u115F\u1160\u3164\uFFA0]/gu, '')
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212\ufe58\ufe63\uff0d_]/g, '-');
}

export interface TagCount {
  opening: number;
  closing: number;
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

/** How many opening and closing tags of each wrapper name the text holds, as a reader sees them. */
export function wrapperTagCounts(text: string): Record<WrapperTagName, TagCount> {
  const reading = plainReading(text);
  const counts = {} as Record<WrapperTagName, TagCount>;
  for (const name of WRAPPER_TAG_NAMES) {
    counts[name] = { opening: occurrences(reading, `<${name}`), closing: occurrences(reading, `</${name}`) };
  }
  return counts;
}

/** Counts with `written` (the tags the wrapper itself wrote, once each) and none of any other name. */
export function expectedCounts(...written: WrapperTagName[]): Record<WrapperTagName, TagCount> {
  const counts = {} as Record<WrapperTagName, TagCount>;
  for (const name of WRAPPER_TAG_NAMES) {
    const times = written.filter((w) => w === name).length;
    counts[name] = { opening: times, closing: times };
  }
  return counts;
}

/** Whether the text holds no wrapper tag at all, as a reader sees it. */
export function holdsNoWrapperTag(text: string): boolean {
  return Object.values(wrapperTagCounts(text)).every((count) => count.opening === 0 && count.closing === 0);
}

/** Up to two hidden characters, often none. */
const hiddenArb = fc.array(fc.constantFrom(...HIDDEN), { maxLength: 2 }).map((chars) => chars.join(''));

/** One character of a tag in a random dress: case, fullwidth form, hidden characters before it. */
function dressedArb(char: string): fc.Arbitrary<string> {
  const forms = [char, char.toUpperCase()];
  if (/[a-z]/.test(char)) {
    const fullwidth = (c: string) => String.fromCharCode(c.charCodeAt(0) - 0x21 + 0xff01);
    forms.push(fullwidth(char), fullwidth(char.toUpperCase()));
  }
  return fc.tuple(hiddenArb, fc.constantFrom(...forms)).map(([hidden, form]) => hidden + form);
}

const joined = (pieces: fc.Arbitrary<string>[]) =>
  pieces.reduce((sofar, next) => fc.tuple(sofar, next).map(([a, b]) => a + b), fc.constant(''));

const wordArb = (word: string) => joined([...word].map(dressedArb));

const dashArb = fc.constantFrom('-', '\u2010', '\u2011', '\u2013', '\u2014', '\u2212', '\uFF0D', '_');

/** A wrapper name in any dress: its words dressed, any dash (maybe hidden characters before it) between them. */
function nameArb(name: string): fc.Arbitrary<string> {
  return joined(
    name
      .split('-')
      .map((word, i) =>
        i === 0 ? wordArb(word) : fc.tuple(hiddenArb, dashArb, wordArb(word)).map((parts) => parts.join('')),
      ),
  );
}

export interface TagPart {
  kind: 'tag';
  text: string;
  name: WrapperTagName;
  closing: boolean;
}

export interface TextPart {
  kind: 'text';
  text: string;
}

/** A lookalike tag and whether it closes: `<`, maybe `/`, a wrapper name in any dress, `>`. */
export const tagArb: fc.Arbitrary<TagPart> = fc.constantFrom(...WRAPPER_TAG_NAMES).chain((name) =>
  fc
    .record({
      open: fc.constantFrom('<', '\uFF1C', '\uFE64'),
      slash: fc.constantFrom('', '', '/', '\uFF0F'),
      spelled: nameArb(name),
      close: fc.constantFrom('>', '\uFF1E', '\uFE65'),
      gaps: fc.tuple(hiddenArb, hiddenArb, hiddenArb),
    })
    .map(({ open, slash, spelled, close, gaps: [a, b, c] }) => ({
      kind: 'tag' as const,
      text: `${open}${a}${slash}${slash ? b : ''}${spelled}${c}${close}`,
      name,
      closing: slash !== '',
    })),
);

/** Text around the tags: anything at all, as long as it holds no wrapper tag itself. */
export const plainTextArb: fc.Arbitrary<TextPart> = fc
  .oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom(
      '## Goal\n',
      '<handoff>',
      '</context>',
      '<\\/handoff-context>',
      '<\\attached-file>',
      'name="x">',
      '"',
      '&quot;',
      'a < b > c',
      '<',
      '\n',
      '\u202E',
    ),
  )
  .filter(holdsNoWrapperTag)
  .map((text) => ({ kind: 'text' as const, text }));

/** Text and tags in any order. */
export const hostilePartsArb = fc.array(fc.oneof(plainTextArb, tagArb), { maxLength: 12 });

/** A hostile text as one string (for bodies, names, queries, titles). */
export const hostileTextArb: fc.Arbitrary<string> = hostilePartsArb.map((parts) =>
  parts.map((part) => part.text).join(''),
);
