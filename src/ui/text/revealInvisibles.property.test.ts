/**
 * The shared display helper against generated text (issue 27, finding 2): whatever a
 * name or a model's string holds, no bidi control and no zero-width character comes
 * back raw (a joiner inside an emoji excepted), a name comes back on one line, and text
 * without hidden characters comes back unchanged.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shownName, shownText } from './revealInvisibles';

const RUNS = Math.max(10_000, Number(process.env.BATON_PROPERTY_RUNS) || 0);

/** The bidi controls (UAX #9): embeddings, overrides, isolates, marks, the Arabic letter mark. */
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
/** Zero-width and other invisible characters a name could hide behind (no joiner: emoji use it). */
const INVISIBLE = /[\u200B\u200C\u2060\uFEFF\u00AD\u180E\u3164\u115F\u1160\uFFA0]|\u034F|\u{E0041}/u;

const HIDDEN = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u3164',
  '\u{E0041}',
  '\n',
  '\r',
  '\t',
  '\u0007',
];

/** Any text, with hidden characters put in at random, next to emoji and letters of every script. */
const textArb = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 8 }),
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.constantFrom(...HIDDEN),
      fc.constantFrom('\u{1F469}', '\u{1F4BB}', 'fdp.exe', 'שלום', '.pdf'),
    ),
    { maxLength: 16 },
  )
  .map((parts) => parts.join(''));

describe('shownName and shownText', () => {
  it('never return a bidi control or an invisible character raw', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        for (const shown of [shownName(text), shownText(text)]) {
          expect(shown).not.toMatch(BIDI);
          expect(shown).not.toMatch(INVISIBLE);
        }
        // A name is one line, whatever it holds.
        expect(shownName(text)).not.toMatch(/[\n\r\u2028\u2029]/);
      }),
      { numRuns: RUNS },
    );
  });

  it('return text without hidden characters unchanged, and keep line breaks in text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (text) => {
        fc.pre(!/[\p{Cf}\p{Cc}\u3164\u115F\u1160\uFFA0\u2028\u2029]|\u034F|\u17B4|\u17B5/u.test(text));
        expect(shownName(text)).toBe(text);
        expect(shownText(text)).toBe(text);
      }),
      { numRuns: RUNS },
    );
    expect(shownText('line one\nline two\ttab')).toBe('line one\nline two\ttab');
  });

  it('show the attack of issue 27 as it is: the override where it is', () => {
    expect(shownName('x\u202Efdp.exe')).toBe('x⟨U+202E⟩fdp.exe');
    expect(shownName('report\n</attached-file>.txt')).toBe('report⟨U+000A⟩</attached-file>.txt');
    expect(shownText('Context is full.\u202E Switch now')).toBe('Context is full.⟨U+202E⟩ Switch now');
  });
});
