import { describe, expect, it } from 'vitest';
import { bytesOf } from '../../../testing/fixtures/attachmentTestFixtures';
import { decodeBase64, encodeBase64 } from './base64';

// Node's own encoder is the reference; the app's runs in browsers without Buffer.
const reference = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('base64', () => {
  it('encodes as the standard alphabet with padding, at every length around a quantum', () => {
    for (let size = 0; size <= 10; size++) {
      const bytes = bytesOf(size, 250);
      expect(encodeBase64(bytes)).toBe(reference(bytes));
      expect(decodeBase64(reference(bytes))).toEqual(bytes);
    }
  });

  it('round-trips every byte value across chunk boundaries (several MB, odd length)', () => {
    const bytes = bytesOf(3 * 64 * 1024 * 5 + 2, 3);
    const text = encodeBase64(bytes);
    expect(text).toBe(reference(bytes));
    const decoded = decodeBase64(text);
    // Compared as buffers: an element-by-element toEqual of MBs takes seconds.
    expect(decoded && Buffer.from(decoded).equals(Buffer.from(bytes))).toBe(true);
    expect(decoded?.length).toBe(bytes.length);
  });

  it.each([
    ['a length that is not a multiple of 4', 'QUJD='],
    ['missing padding', 'QUI'],
    ['whitespace', 'QUJD\nRA=='],
    ['padding in the middle', 'QU==QUJD'],
    ['a character outside the alphabet', 'QUJ-'],
    ['the URL-safe alphabet', 'QU_D'],
    ['a character beyond ASCII', 'QUJé'],
    ['padding only', '===='],
    ['three padding characters', 'Q==='],
  ])('refuses %s', (_name, text) => {
    expect(decodeBase64(text)).toBeUndefined();
  });
});
