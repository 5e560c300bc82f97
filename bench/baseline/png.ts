/**
 * A real, decodable PNG of a chosen pixel size and about a chosen byte size, made in the
 * page for P3a and P4a's attachments: 8-bit grayscale, the first rows noise (which no
 * compressor shrinks) up to the byte size, the rest black. Browser APIs only
 * (CompressionStream makes the zlib stream PNG wants).
 */
import { makeRandom } from './content';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function deflate(raw: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([raw]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A width × height grayscale PNG of about `bytes` bytes (within a few hundred). */
export async function makePng(
  width: number,
  height: number,
  bytes: number,
  seed: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const signature = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
  const header = new Uint8Array(13);
  const headerView = new DataView(header.buffer);
  headerView.setUint32(0, width);
  headerView.setUint32(4, height);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, grayscale, deflate, no filter, no interlace
  // Each row: filter type 0, then `width` samples. Noise until the file is big enough.
  const stride = width + 1;
  const raw = new Uint8Array(stride * height);
  const random = makeRandom(seed);
  const fill = (noise: number) => {
    raw.fill(0);
    for (let i = 0; i < noise; i++)
      raw[Math.floor(i / width) * stride + 1 + (i % width)] = Math.floor(random() * 256);
  };
  const framing = 8 + 25 + 12 + 12; // signature, IHDR, IDAT's length, type and CRC, IEND
  let noise = Math.max(0, Math.min(width * height, bytes - framing));
  fill(noise);
  let data = await deflate(raw);
  // Noise compresses to a little more than itself: take the excess off, once.
  const excess = framing + data.length - bytes;
  if (excess > 0 && excess < noise) {
    noise -= excess;
    fill(noise);
    data = await deflate(raw);
  }
  const parts = [signature, chunk('IHDR', header), chunk('IDAT', data), chunk('IEND', new Uint8Array(0))];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}
