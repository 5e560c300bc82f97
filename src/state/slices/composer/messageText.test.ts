import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_CHARS, messageTooLong, stripControlCharacters } from './messageText';

describe('stripControlCharacters', () => {
  it('removes C0, C1 and DEL but keeps tabs, newlines and every printable script', () => {
    const input = 'a\u0000b\u0007c\u001b[31md\u007fe\u0085f\u009fg\th\ni\u00a0j\u200bk😀ü';
    expect(stripControlCharacters(input)).toEqual({
      text: 'abc[31mdefg\th\ni\u00a0j\u200bk😀ü',
      removed: 6,
    });
  });

  it('leaves clean text untouched', () => {
    expect(stripControlCharacters('plain\ttext\n')).toEqual({ text: 'plain\ttext\n', removed: 0 });
  });
});

describe('messageTooLong', () => {
  it('accepts a message at the limit and refuses one past it, naming both sizes', () => {
    expect(messageTooLong('x'.repeat(MAX_MESSAGE_CHARS))).toBeNull();
    expect(messageTooLong('x'.repeat(MAX_MESSAGE_CHARS + 1))).toBe(
      'That text would make the message 500,001 characters long; the limit is 500,000. Nothing was added: paste a smaller part.',
    );
  });
});
