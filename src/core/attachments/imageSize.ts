/**
 * An image's type and pixel size from its first bytes, for the formats the API takes.
 * The type comes from the bytes, not from the file's name or the browser's guess: the
 * API refuses an image whose declared media type is not what the bytes are.
 */

export interface ImageInfo {
  mediaType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  width: number;
  height: number;
}

/** Undefined when the bytes are not a PNG, JPEG, GIF or WebP whose size can be read. */
export function readImageInfo(bytes: Uint8Array): ImageInfo | undefined {
  return png(bytes) ?? gif(bytes) ?? webp(bytes) ?? jpeg(bytes);
}

/** How many first bytes readImageInfo may need (a JPEG's size can follow large metadata). */
export const IMAGE_HEADER_BYTES = 512 * 1024;

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function u16be(b: Uint8Array, at: number): number {
  return ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
}

function u16le(b: Uint8Array, at: number): number {
  return (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
}

function u24le(b: Uint8Array, at: number): number {
  return u16le(b, at) | ((b[at + 2] ?? 0) << 16);
}

function u32be(b: Uint8Array, at: number): number {
  return u16be(b, at) * 0x10000 + u16be(b, at + 2);
}

function sized(mediaType: ImageInfo['mediaType'], width: number, height: number): ImageInfo | undefined {
  return width > 0 && height > 0 ? { mediaType, width, height } : undefined;
}

/** PNG: the signature, then the IHDR chunk with width and height (big-endian). */
function png(b: Uint8Array): ImageInfo | undefined {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length < 24 || signature.some((byte, i) => b[i] !== byte) || ascii(b, 12, 4) !== 'IHDR')
    return undefined;
  return sized('image/png', u32be(b, 16), u32be(b, 20));
}

/** GIF: "GIF87a" or "GIF89a", then the logical screen's width and height (little-endian). */
function gif(b: Uint8Array): ImageInfo | undefined {
  if (b.length < 10 || !/^GIF8[79]a$/.test(ascii(b, 0, 6))) return undefined;
  return sized('image/gif', u16le(b, 6), u16le(b, 8));
}

/** WebP: a RIFF container whose first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended). */
function webp(b: Uint8Array): ImageInfo | undefined {
  if (b.length < 16 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return undefined;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ') {
    if (b.length < 30) return undefined;
    // A key frame's start code, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined;
    return sized('image/webp', u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (b.length < 25 || b[20] !== 0x2f) return undefined;
    // 14 bits each, minus one, packed little-endian after the signature byte.
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return sized('image/webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X' && b.length >= 30) return sized('image/webp', u24le(b, 24) + 1, u24le(b, 27) + 1);
  return undefined;
}

/** JPEG: segments after the SOI marker up to a start-of-frame, which holds height then width. */
function jpeg(b: Uint8Array): ImageInfo | undefined {
  if (b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1] ?? 0;
    // Fill bytes, and markers that stand alone (no length).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return sized('image/jpeg', u16be(b, at + 7), u16be(b, at + 5));
    at += 2 + u16be(b, at + 2);
  }
  return undefined;
}
