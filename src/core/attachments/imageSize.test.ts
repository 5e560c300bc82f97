import { describe, expect, it } from 'vitest';
import { readImageInfo } from './imageSize';

function u32be(n: number): number[] {
  return [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}
function u16le(n: number): number[] {
  return [n & 0xff, (n >>> 8) & 0xff];
}
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

function png(width: number, height: number): Uint8Array {
  return Uint8Array.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...u32be(13),
    ...ascii('IHDR'),
    ...u32be(width),
    ...u32be(height),
    8,
    6,
    0,
    0,
    0,
  ]);
}

function riff(chunk: string, payload: number[]): Uint8Array {
  return Uint8Array.from([
    ...ascii('RIFF'),
    0,
    0,
    0,
    0,
    ...ascii('WEBP'),
    ...ascii(chunk),
    0,
    0,
    0,
    0,
    ...payload,
    0,
    0,
    0,
    0,
  ]);
}

function jpeg(width: number, height: number, sof = 0xc0): Uint8Array {
  return Uint8Array.from([
    0xff,
    0xd8,
    // An APP0 segment of 16 bytes, then a DHT segment, which shares the SOF range.
    0xff,
    0xe0,
    0,
    16,
    ...ascii('JFIF'),
    0,
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    0xff,
    0xc4,
    0,
    4,
    0,
    0,
    0xff,
    sof,
    0,
    17,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
}

describe('readImageInfo', () => {
  it('reads a PNG header', () => {
    expect(readImageInfo(png(3000, 2000))).toEqual({ mediaType: 'image/png', width: 3000, height: 2000 });
  });

  it('reads GIF87a and GIF89a screens', () => {
    const gif = (version: string) =>
      Uint8Array.from([...ascii(version), ...u16le(640), ...u16le(480), 0, 0, 0]);
    expect(readImageInfo(gif('GIF89a'))).toEqual({ mediaType: 'image/gif', width: 640, height: 480 });
    expect(readImageInfo(gif('GIF87a'))?.width).toBe(640);
  });

  it('reads lossy, lossless and extended WebP', () => {
    const lossy = riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...u16le(800), ...u16le(600)]);
    expect(readImageInfo(lossy)).toEqual({ mediaType: 'image/webp', width: 800, height: 600 });
    // 14 bits of width-1, then 14 bits of height-1.
    const bits = (1023 - 1) | ((767 - 1) << 14);
    const lossless = riff('VP8L', [
      0x2f,
      bits & 0xff,
      (bits >>> 8) & 0xff,
      (bits >>> 16) & 0xff,
      (bits >>> 24) & 0xff,
    ]);
    expect(readImageInfo(lossless)).toEqual({ mediaType: 'image/webp', width: 1023, height: 767 });
    const extended = riff('VP8X', [0, 0, 0, 0, 0x1f, 0x0b, 0, 0xff, 0x07, 0]);
    expect(readImageInfo(extended)).toEqual({
      mediaType: 'image/webp',
      width: 0x0b1f + 1,
      height: 0x07ff + 1,
    });
  });

  it('reads a JPEG frame after other segments, baseline or progressive', () => {
    expect(readImageInfo(jpeg(4032, 3024))).toEqual({ mediaType: 'image/jpeg', width: 4032, height: 3024 });
    expect(readImageInfo(jpeg(100, 50, 0xc2))).toEqual({ mediaType: 'image/jpeg', width: 100, height: 50 });
  });

  it('goes by the bytes, whatever the name said', () => {
    expect(readImageInfo(png(1, 1))?.mediaType).toBe('image/png');
  });

  it('is undefined for other bytes, cut-off headers and zero sizes', () => {
    expect(readImageInfo(new TextEncoder().encode('just some text, not an image'))).toBeUndefined();
    expect(readImageInfo(png(10, 10).subarray(0, 20))).toBeUndefined();
    expect(readImageInfo(png(0, 10))).toBeUndefined();
    expect(readImageInfo(jpeg(10, 10).subarray(0, 30))).toBeUndefined();
    expect(readImageInfo(new Uint8Array(0))).toBeUndefined();
  });
});
