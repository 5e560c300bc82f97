/**
 * Standard base64 (RFC 4648, with `=` padding) for attached files: in requests and in exchange files.
 *
 * Files can be tens of MB, so neither direction builds a string a byte at a time:
 * encoding fills a buffer of character codes per chunk and decodes each chunk to a
 * string at once; decoding writes straight into the result. `btoa`/`atob` are avoided:
 * `btoa` needs a "binary string" of the whole file first (slow, and one more copy),
 * and `atob` accepts text this format does not (whitespace, missing padding).
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const PAD = 61; // '='
/** Bytes encoded per chunk: a multiple of 3, so chunks join without padding between them. */
const CHUNK_BYTES = 3 * 64 * 1024;

const CODES = Uint8Array.from(ALPHABET, (char) => char.charCodeAt(0));
/** Character code to its 6-bit value, -1 for characters outside the alphabet. */
const VALUES = new Int8Array(128).fill(-1);
CODES.forEach((code, value) => {
  VALUES[code] = value;
});

// Latin-1 maps each code below 128 to the same character: the chunk's codes become its text.
const ascii = new TextDecoder('latin1');

export function encodeBase64(bytes: Uint8Array): string {
  const out = new Uint8Array((CHUNK_BYTES / 3) * 4);
  const chunks: string[] = [];
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
    const end = Math.min(start + CHUNK_BYTES, bytes.length);
    let o = 0;
    let i = start;
    for (; i + 2 < end; i += 3) {
      const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
      out[o++] = CODES[n >> 18]!;
      out[o++] = CODES[(n >> 12) & 63]!;
      out[o++] = CODES[(n >> 6) & 63]!;
      out[o++] = CODES[n & 63]!;
    }
    if (i < end) {
      // One or two bytes left (last chunk only): pad to a whole quantum.
      const two = i + 1 < end;
      const n = (bytes[i]! << 16) | (two ? bytes[i + 1]! << 8 : 0);
      out[o++] = CODES[n >> 18]!;
      out[o++] = CODES[(n >> 12) & 63]!;
      out[o++] = two ? CODES[(n >> 6) & 63]! : PAD;
      out[o++] = PAD;
    }
    chunks.push(ascii.decode(out.subarray(0, o)));
  }
  return chunks.join('');
}

/**
 * The bytes of strict base64, or undefined if `text` is not: a length that is not a
 * multiple of 4, a character outside the alphabet (whitespace included), or padding
 * anywhere but at the very end.
 */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  const length = text.length;
  if (length % 4 !== 0) return undefined;
  let padding = 0;
  if (length > 0 && text.charCodeAt(length - 1) === PAD)
    padding = text.charCodeAt(length - 2) === PAD ? 2 : 1;
  const bytes = new Uint8Array((length / 4) * 3 - padding);
  const value = (at: number): number => {
    const code = text.charCodeAt(at);
    return code < 128 ? VALUES[code]! : -1;
  };
  let o = 0;
  const whole = padding === 0 ? length : length - 4;
  for (let i = 0; i < whole; i += 4) {
    const a = value(i);
    const b = value(i + 1);
    const c = value(i + 2);
    const d = value(i + 3);
    if ((a | b | c | d) < 0) return undefined;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    bytes[o++] = n >> 16;
    bytes[o++] = (n >> 8) & 255;
    bytes[o++] = n & 255;
  }
  if (padding > 0) {
    const a = value(whole);
    const b = value(whole + 1);
    const c = padding === 1 ? value(whole + 2) : 0;
    if ((a | b | c) < 0) return undefined;
    const n = (a << 18) | (b << 12) | (c << 6);
    bytes[o++] = n >> 16;
    if (padding === 1) bytes[o++] = (n >> 8) & 255;
  }
  return bytes;
}
