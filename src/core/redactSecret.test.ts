import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactSecret, secretBody } from './redactSecret';

const KEY = 'sk-ant-api03-abcdefghijklmnop';

describe('redactSecret', () => {
  it('replaces every occurrence of the secret', () => {
    const text = `key ${KEY} and again ${KEY}!`;
    expect(redactSecret(text, KEY)).toBe('key [API key removed] and again [API key removed]!');
  });

  it('uses the given placeholder', () => {
    expect(redactSecret(`a${KEY}b`, KEY, '***')).toBe('a***b');
  });

  it('treats the secret literally, not as a pattern', () => {
    const secret = 'a.b*c+d?(e)';
    expect(redactSecret('x a.b*c+d?(e) y aXbbc+d?(e)', secret)).toBe('x [API key removed] y aXbbc+d?(e)');
  });

  it('finds a key pasted with surrounding whitespace', () => {
    expect(redactSecret(`the key ${KEY}.`, `  ${KEY}\n`)).toBe('the key [API key removed].');
  });

  it('leaves text alone without a secret or with one shorter than 8 characters', () => {
    expect(redactSecret('the test of tests', undefined)).toBe('the test of tests');
    expect(redactSecret('the test of tests', 'test')).toBe('the test of tests');
    expect(redactSecret('the test of tests', '')).toBe('the test of tests');
    expect(redactSecret('abcdefgh', 'abcdefgh')).toBe('[API key removed]');
  });
});

describe('redactSecret on a key the model broke apart (issue 27, finding 6)', () => {
  const BODY = 'REDTEAM-Zx9_QwErTy0123456789abcdefGHIJKLmnopqrsTUVWXyz-AbCdEf_0123456789AA';
  const LONG_KEY = `sk-ant-api03-${BODY}`;

  it('removes the body when the prefix is cut off by a space or a line break', () => {
    for (const split of [`sk-ant-api03 -${BODY}`, `sk-ant-api03-\n${BODY}`, `key body: ${BODY}.`]) {
      const out = redactSecret(split, LONG_KEY);
      expect(out).not.toContain(BODY);
      expect(out).toContain('[API key removed]');
    }
    expect(redactSecret(`sk-ant-api03 -${BODY} ok`, LONG_KEY)).toBe('sk-ant-api03 -[API key removed] ok');
  });

  it('removes pieces of the body of 12 characters or more, wherever they are cut', () => {
    const pieces = [BODY.slice(0, 20), BODY.slice(20, 45), BODY.slice(45)];
    const out = redactSecret(`first ${pieces[0]}\nthen "${pieces[1]}" and x${pieces[2]}y`, LONG_KEY);
    expect(out).toBe('first [API key removed]\nthen "[API key removed]" and x[API key removed]y');
  });

  it('keeps ordinary text and short pieces that could be anything', () => {
    const text = `REDTEAM is a word, and so is 0123456789; sk-ant-api03- is only the prefix.`;
    expect(redactSecret(text, LONG_KEY)).toBe(text);
    expect(redactSecret(BODY.slice(10, 21), LONG_KEY)).toBe(BODY.slice(10, 21));
  });

  it('removes the body of a key with another known prefix', () => {
    expect(secretBody('sk-ant-admin01-abcdefghijklmnopq')).toBe('abcdefghijklmnopq');
    expect(secretBody(' sk-ant-oat01-abcdefghijklmnopq\n')).toBe('abcdefghijklmnopq');
    expect(secretBody('plainsecretvalue')).toBe('plainsecretvalue');
  });

  it('property: however the key is cut into pieces of 12+ characters and joined with any text, no piece of the body survives', () => {
    const keyChars = fc.constantFrom(
      ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split(''),
    );
    const body = fc.string({ unit: keyChars, minLength: 40, maxLength: 100 });
    const glue = fc.string({ maxLength: 6 }).map((s) => `${s} `);
    fc.assert(
      fc.property(body, fc.array(fc.integer({ min: 12, max: 30 }), { maxLength: 6 }), glue, (b, cuts, g) => {
        const key = `sk-ant-api03-${b}`;
        const pieces: string[] = [];
        let at = 0;
        for (const cut of cuts) {
          if (b.length - at - cut < 12) break;
          pieces.push(b.slice(at, at + cut));
          at += cut;
        }
        pieces.push(b.slice(at));
        const out = redactSecret(`sk-ant-api03${g}${pieces.join(g)}`, key);
        for (const piece of pieces) expect(out).not.toContain(piece);
        // Nothing of 12 characters from the body is left anywhere.
        for (let i = 0; i + 12 <= b.length; i++) expect(out).not.toContain(b.slice(i, i + 12));
      }),
    );
  });
});
