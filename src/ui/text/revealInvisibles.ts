/**
 * The one display rule for text Baton did not write: file names, session titles, the
 * model's reasons, queries and tool names, search results, the handoff document. The
 * characters that change how a text reads without being seen are shown instead of
 * applied: a right-to-left override shows "x\u202Efdp.exe" as "xexe.pdf" and
 * "billing.\u202Egnp.exe" as "billing.exe.png"; zero-width characters hide inside names,
 * commands and tags. Each is shown as `⟨U+202E⟩`, where it is. What is stored, copied,
 * downloaded or sent is left as it is: this is for reading only.
 *
 * - shownName: a name or a one-line string (a file name, a session title, a tool's name,
 *   a query). Line breaks, tabs and every other control character are shown too: a name
 *   is one line, and a break in it would pass for the next line of the screen.
 * - shownText: text that may run over lines (the model's reason for a handoff, a
 *   snippet); line breaks and tabs are kept.
 * - revealInvisibles: shownText with a count of what was shown, for the handoff card's note.
 */

/** The characters shown, by code point, with what each one does. */
const NAMES: ReadonlyMap<number, string> = new Map([
  [0x00ad, 'soft hyphen'],
  [0x034f, 'combining grapheme joiner'],
  [0x061c, 'Arabic letter mark'],
  [0x115f, 'Hangul choseong filler'],
  [0x1160, 'Hangul jungseong filler'],
  [0x17b4, 'Khmer vowel inherent aq'],
  [0x17b5, 'Khmer vowel inherent aa'],
  [0x180e, 'Mongolian vowel separator'],
  [0x200b, 'zero-width space'],
  [0x200c, 'zero-width non-joiner'],
  [0x200d, 'zero-width joiner'],
  [0x200e, 'left-to-right mark'],
  [0x200f, 'right-to-left mark'],
  [0x2028, 'line separator'],
  [0x2029, 'paragraph separator'],
  [0x202a, 'left-to-right embedding'],
  [0x202b, 'right-to-left embedding'],
  [0x202c, 'pop directional formatting'],
  [0x202d, 'left-to-right override'],
  [0x202e, 'right-to-left override'],
  [0x2060, 'word joiner'],
  [0x2061, 'invisible function application'],
  [0x2062, 'invisible times'],
  [0x2063, 'invisible separator'],
  [0x2064, 'invisible plus'],
  [0x2066, 'left-to-right isolate'],
  [0x2067, 'right-to-left isolate'],
  [0x2068, 'first strong isolate'],
  [0x2069, 'pop directional isolate'],
  [0x206a, 'inhibit symmetric swapping'],
  [0x206b, 'activate symmetric swapping'],
  [0x206c, 'inhibit Arabic form shaping'],
  [0x206d, 'activate Arabic form shaping'],
  [0x206e, 'national digit shapes'],
  [0x206f, 'nominal digit shapes'],
  [0x3164, 'Hangul filler'],
  [0xfeff, 'zero-width no-break space'],
  [0xffa0, 'halfwidth Hangul filler'],
  [0xfff9, 'interlinear annotation anchor'],
  [0xfffa, 'interlinear annotation separator'],
  [0xfffb, 'interlinear annotation terminator'],
]);

/** Tag characters (U+E0000 to U+E007F) spell invisible ASCII, a known way to hide instructions. */
const TAG_FIRST = 0xe0000;
const TAG_LAST = 0xe007f;

/** Invisible and direction-changing characters, and tag characters (a surrogate pair each). */
const INVISIBLE =
  '\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180e\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u206f\\u3164\\ufeff\\uffa0\\ufff9-\\ufffb';
const TAGS = '|\\udb40[\\udc00-\\udc7f]';

/** In text: those, and the control characters other than tab and line breaks. */
const HIDDEN_IN_TEXT = new RegExp(
  `[${INVISIBLE}\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]${TAGS}`,
  'g',
);
/** In a name: every control character as well. */
const HIDDEN_IN_NAME = new RegExp(`[${INVISIBLE}\\u0000-\\u001f\\u007f-\\u009f]${TAGS}`, 'g');

/** An emoji and what may follow it inside one picture (a variation selector, a skin tone). */
const PICTURE_BEFORE = /\p{Extended_Pictographic}[\ufe0f\u{1f3fb}-\u{1f3ff}]?$/u;
const PICTURE_AFTER = /^\p{Extended_Pictographic}/u;

export interface FoundCharacter {
  /** `U+202E` */
  code: string;
  name: string;
  count: number;
}

export interface Revealed {
  text: string;
  /** What was shown, in order of first appearance; empty when the text had none. */
  found: FoundCharacter[];
}

export function codeOf(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

function nameOf(codePoint: number): string {
  if (codePoint >= TAG_FIRST && codePoint <= TAG_LAST) return 'tag character';
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f)) return 'control character';
  return NAMES.get(codePoint) ?? 'invisible character';
}

function reveal(text: string, hidden: RegExp): Revealed {
  const found = new Map<number, FoundCharacter>();
  const revealed = text.replace(hidden, (char: string, offset: number) => {
    const codePoint = char.codePointAt(0) ?? 0;
    // A joiner inside an emoji sequence (👩‍💻) is part of the picture, not a trick.
    if (
      codePoint === 0x200d &&
      PICTURE_BEFORE.test(text.slice(Math.max(0, offset - 4), offset)) &&
      PICTURE_AFTER.test(text.slice(offset + 1, offset + 3))
    ) {
      return char;
    }
    const seen = found.get(codePoint);
    if (seen) seen.count++;
    else found.set(codePoint, { code: codeOf(codePoint), name: nameOf(codePoint), count: 1 });
    return `⟨${codeOf(codePoint)}⟩`;
  });
  return { text: revealed, found: [...found.values()] };
}

/** `text` with each hidden character as `⟨U+XXXX⟩`, and a count of each. */
export function revealInvisibles(text: string): Revealed {
  return reveal(text, HIDDEN_IN_TEXT);
}

/** Text over lines as it may be shown: hidden characters visible, line breaks and tabs kept. */
export function shownText(text: string): string {
  return reveal(text, HIDDEN_IN_TEXT).text;
}

/** A name or one-line string as it may be shown: hidden and control characters visible. */
export function shownName(name: string): string {
  return reveal(name, HIDDEN_IN_NAME).text;
}
