/**
 * `node scripts/make-icons.mjs`: draws Baton's icon and writes it as public/favicon.svg and
 * the PNGs the web app manifest and index.html name (public/icons/). The outputs are
 * checked in; run this again only when the design below changes. `--check` writes nothing
 * and exits 1 if a checked-in file differs from what the design gives.
 *
 * One list of shapes is both written as SVG and rasterised here (no image library: the
 * shapes are simple enough to sample directly, and the PNG encoder is a few lines over
 * node:zlib), so the vector and pixel icons cannot drift apart.
 *
 * The design, on a 512 grid: a relay baton (a yellow capsule with two taped bands) across
 * a blue square, from bottom left to top right, as a baton is held out to be taken.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const GRID = 512;
const BLUE = '#2c5d8f';
const YELLOW = '#f5c542';
const TAPE = '#c9961c';

/**
 * The baton along the diagonal: half-length `reach` (grid units from the centre along
 * each axis) and `radius`. The bands are the stretches of its axis from t0 to t1 (0 at
 * the lower end, 1 at the upper).
 */
function baton(reach, radius) {
  const a = [GRID / 2 - reach, GRID / 2 + reach];
  const b = [GRID / 2 + reach, GRID / 2 - reach];
  return [
    { kind: 'capsule', a, b, radius, fill: YELLOW },
    { kind: 'band', a, b, radius, t0: 0.17, t1: 0.27, fill: TAPE },
    { kind: 'band', a, b, radius, t0: 0.73, t1: 0.83, fill: TAPE },
  ];
}

/** `any` purpose: rounded corners, transparent outside them. */
const ROUNDED = [{ kind: 'rect', radius: 112, fill: BLUE }, ...baton(106, 44)];
/**
 * `maskable`: the platform cuts its own shape, so the background fills the square and the
 * baton stays inside the safe zone (a circle of 40% of the size around the centre:
 * reach × √2 + radius ≤ 204.8).
 */
const MASKABLE = [{ kind: 'rect', radius: 0, fill: BLUE }, ...baton(112, 36)];
/** Apple's touch icon: iOS rounds it itself and shows transparency as black. */
const SQUARE = [{ kind: 'rect', radius: 0, fill: BLUE }, ...baton(106, 44)];

const OUTPUTS = [
  { file: 'public/favicon.svg', svg: ROUNDED },
  { file: 'public/icons/icon-192.png', size: 192, shapes: ROUNDED },
  { file: 'public/icons/icon-512.png', size: 512, shapes: ROUNDED },
  { file: 'public/icons/icon-maskable-512.png', size: 512, shapes: MASKABLE },
  { file: 'public/icons/apple-touch-icon.png', size: 180, shapes: SQUARE },
  { file: 'public/icons/favicon-32.png', size: 32, shapes: ROUNDED },
];

// --- SVG ------------------------------------------------------------------------------------

function svgOf(shapes) {
  const parts = shapes.map((shape) => {
    if (shape.kind === 'rect') {
      return `<rect width="${GRID}" height="${GRID}" rx="${shape.radius}" fill="${shape.fill}"/>`;
    }
    const [[ax, ay], [bx, by]] = [shape.a, shape.b];
    if (shape.kind === 'capsule') {
      return `<line x1="${ax}" y1="${ay}" x2="${bx}" y2="${by}" stroke="${shape.fill}" stroke-width="${shape.radius * 2}" stroke-linecap="round"/>`;
    }
    const at = (t) => [ax + (bx - ax) * t, ay + (by - ay) * t].map((v) => Math.round(v * 100) / 100);
    const [x1, y1] = at(shape.t0);
    const [x2, y2] = at(shape.t1);
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${shape.fill}" stroke-width="${shape.radius * 2}"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${GRID} ${GRID}"><title>Baton</title>${parts.join('')}</svg>\n`;
}

// --- Raster ---------------------------------------------------------------------------------

/** Where point (x, y) falls along segment a→b (0..1, clamped) and how far it is from it. */
function alongSegment(x, y, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const raw = ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy);
  const t = Math.min(1, Math.max(0, raw));
  return { raw, distance: Math.hypot(x - (ax + dx * t), y - (ay + dy * t)) };
}

function inside(shape, x, y) {
  if (shape.kind === 'rect') {
    const r = shape.radius;
    const cx = Math.min(Math.max(x, r), GRID - r);
    const cy = Math.min(Math.max(y, r), GRID - r);
    return x >= 0 && y >= 0 && x <= GRID && y <= GRID && Math.hypot(x - cx, y - cy) <= r;
  }
  const { raw, distance } = alongSegment(x, y, shape.a, shape.b);
  if (shape.kind === 'capsule') return distance <= shape.radius;
  return raw >= shape.t0 && raw <= shape.t1 && distance <= shape.radius;
}

function rgb(hex) {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
}

/** RGBA pixels, each the average of 8 × 8 samples (anti-aliased edges). */
function rasterise(shapes, size) {
  const SAMPLES = 8;
  const pixels = Buffer.alloc(size * size * 4);
  const scale = GRID / size;
  const colours = shapes.map((s) => rgb(s.fill));
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) * scale;
          const y = (py + (sy + 0.5) / SAMPLES) * scale;
          // The topmost shape covering the sample paints it (every fill is opaque).
          for (let i = shapes.length - 1; i >= 0; i--) {
            if (!inside(shapes[i], x, y)) continue;
            const [cr, cg, cb] = colours[i];
            r += cr;
            g += cg;
            b += cb;
            a += 1;
            break;
          }
        }
      }
      const at = (py * size + px) * 4;
      // Colour averaged over the covered samples only (straight, not premultiplied, alpha).
      pixels[at] = a ? Math.round(r / a) : 0;
      pixels[at + 1] = a ? Math.round(g / a) : 0;
      pixels[at + 2] = a ? Math.round(b / a) : 0;
      pixels[at + 3] = Math.round((a / (SAMPLES * SAMPLES)) * 255);
    }
  }
  return pixels;
}

// --- PNG ------------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG; every row with filter 0 (none), the whole image deflated at level 9. */
function encodePng(pixels, size) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // colour type: RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// --- Output ---------------------------------------------------------------------------------

const check = process.argv.includes('--check');
let stale = 0;
for (const output of OUTPUTS) {
  const bytes = output.svg
    ? Buffer.from(svgOf(output.svg))
    : encodePng(rasterise(output.shapes, output.size), output.size);
  const path = join(root, output.file);
  if (check) {
    const same = existsSync(path) && readFileSync(path).equals(bytes);
    if (!same) {
      stale++;
      console.error(`${output.file} differs from the design in scripts/make-icons.mjs`);
    }
    continue;
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  console.log(`${output.file}  ${bytes.length.toLocaleString('en')} bytes`);
}
if (stale > 0) process.exit(1);
