/**
 * Hostile input for the slash parser: at least 10,000 generated inputs (more with
 * BATON_PROPERTY_RUNS), built to look like commands as often as not. Whatever comes in,
 * the parser does not throw, never names a command the registry does not know, always
 * sends `//x` as the text `/x`, and never changes text it passes on.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidCommandName } from './commandName';
import { parseSlashInput } from './parseSlashInput';

const RUNS = Math.max(10_000, Number(process.env.BATON_PROPERTY_RUNS) || 0);
const TIMEOUT_MS = Math.max(30_000, RUNS * 3);

/** Command-like words: the registry's grammar, near misses (case, unicode, symbols) and junk. */
const wordArb = fc.oneof(
  fc.constantFrom('handoff', 'new', 'help', 'handoffx', 'Handoff', 'HELP', 'hand off', 'n3w', 'ünïcode'),
  fc.stringMatching(/^[a-z0-9_-]{1,12}$/),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
);

const whitespaceArb = fc.constantFrom('', ' ', '  ', '\n', '\t', '\r\n', '\u00a0', '\u2028', '\u3000');

/**
 * Inputs shaped like `<prefix>word<space>args<trailing>`, plus raw random strings; the
 * word is often one of `names` (the registry's), so the command outcome is reached.
 */
const inputArb = (names: string[]) =>
  fc.oneof(
    fc
      .tuple(
        fc.constantFrom('/', '//', '///', ' /', '', '\\/', '/ ', '/', '/'),
        names.length > 0 ? fc.oneof(fc.constantFrom(...names), wordArb) : wordArb,
        whitespaceArb,
        fc.string({ maxLength: 30 }),
        whitespaceArb,
      )
      .map(([prefix, word, gap, args, tail]) => `${prefix}${word}${gap}${args}${tail}`),
    fc.string({ maxLength: 60 }),
    fc.string({ unit: 'binary', maxLength: 60 }),
  );

/** A registry of a few valid names, some of them the ones the inputs are built from. */
const registryArb = fc.uniqueArray(
  fc.oneof(fc.constantFrom('handoff', 'new', 'help'), fc.stringMatching(/^[a-z0-9_-]{1,12}$/)),
  { maxLength: 6 },
);

describe('parseSlashInput on generated input', () => {
  it('never throws and never runs a name the registry does not hold', { timeout: TIMEOUT_MS }, () => {
    let commands = 0;
    let unknown = 0;
    fc.assert(
      fc.property(
        registryArb.chain((names) => fc.tuple(inputArb(names), fc.constant(names))),
        ([input, names]) => {
          const registry = new Set(names);
          const asked: string[] = [];
          const parsed = parseSlashInput(input, (name) => {
            asked.push(name);
            return registry.has(name);
          });
          if (parsed.kind === 'command') {
            commands += 1;
            expect(registry.has(parsed.name)).toBe(true);
            expect(isValidCommandName(parsed.name)).toBe(true);
            // The name is the input's own first word: nothing was guessed or completed.
            expect(input.startsWith(`/${parsed.name}`)).toBe(true);
            expect(parsed.args).toBe(parsed.args.trim());
          } else if (parsed.kind === 'unknown-command') {
            unknown += 1;
            expect(registry.has(parsed.name)).toBe(false);
            expect(input.startsWith(`/${parsed.name}`)).toBe(true);
          } else {
            // Text goes to the model exactly as typed, bar the one escaping slash of `//`.
            expect(parsed.text).toBe(input.startsWith('//') ? input.slice(1) : input);
          }
          // Only registry-shaped names are ever looked up.
          for (const name of asked) expect(isValidCommandName(name)).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
    // The generator must reach both command outcomes, or the property proves little.
    expect(commands).toBeGreaterThan(RUNS / 50);
    expect(unknown).toBeGreaterThan(RUNS / 50);
  });

  it('always sends `//x` as the text `/x`, whatever x is', { timeout: TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), registryArb, (rest, names) => {
        const registry = new Set(names);
        // Even a registered name behind `//` is text.
        const input = `//${names[0] ?? ''}${rest}`;
        expect(parseSlashInput(input, (name) => registry.has(name))).toEqual({
          kind: 'text',
          text: input.slice(1),
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('text with leading whitespace is never a command', { timeout: TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(whitespaceArb.filter(Boolean), wordArb, (space, word) => {
        const input = `${space}/${word}`;
        expect(parseSlashInput(input, () => true)).toEqual({ kind: 'text', text: input });
      }),
      { numRuns: RUNS },
    );
  });
});
