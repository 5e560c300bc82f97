/**
 * Makes the characters that change how a text reads without being seen visible, for the
 * handoff card: the document comes from the model, and through it from whatever the
 * conversation read. A right-to-left override shows "billing.\u202Egnp.exe" as
 * "billing.exe.png"; zero-width characters hide inside names, commands and tags. Each is
 * shown as `⟨U+202E⟩` instead, and the card says which it found. The stored document is
 * left as it is: this is for reading only.
 */

/** The characters shown, by code point, with what each one does. */
const NAMES: ReadonlyMap<number, string> = new Map([
  [0x00ad, 'soft hyphen'],
  [0x061c, 'Arabic letter mark'],
  [0x180e, 'Mongolian vowel separator'],
  [0x200b, 'zero-width space'],
  [0x200c, 'zero-width non-joiner'],
  [0x200d, 'zero-width joiner'],
  [0x200e, 'left-to-right mark'],
  [0x200f, 'right-to-left mark'],
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
  [0xfeff, 'zero-width no-break space'],
]);

/** Tag characters (U+E0000 to U+E007F) spell invisible ASCII, a known way to hide instructions. */
const TAG_FIRST = 0xe0000;
const TAG_LAST = 0xe007f;

const HIDDEN =
  /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\udb40[\udc00-\udc7f]/g;

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
  return NAMES.get(codePoint) ?? 'invisible character';
}

/** `text` with each hidden character as `⟨U+XXXX⟩`, and a count of each. */
export function revealInvisibles(text: string): Revealed {
  const found = new Map<number, FoundCharacter>();
  const revealed = text.replace(HIDDEN, (char: string, offset: number) => {
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
