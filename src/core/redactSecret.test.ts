import { describe, expect, it } from 'vitest';
import { redactSecret } from './redactSecret';

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
