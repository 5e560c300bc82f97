import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BASE64, mediaProblem, pdfPages } from './mediaRules';
import { mockTokenCount } from './tokenCount';

/** The first 24 bytes of a PNG of the given size: signature, then the IHDR chunk's head. */
function pngHead(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

function pdf(pages: number): Buffer {
  const objects = Array.from(
    { length: pages },
    (_, i) => `${i + 3} 0 obj << /Type /Page /Parent 2 0 R >> endobj`,
  );
  return Buffer.from(
    `%PDF-1.4\n2 0 obj << /Type /Pages /Count ${pages} >> endobj\n${objects.join('\n')}\n%%EOF`,
    'latin1',
  );
}

const image = (mediaType: string, bytes: Buffer) => ({
  type: 'image',
  source: { type: 'base64', media_type: mediaType, data: bytes.toString('base64') },
});
const document = (bytes: Buffer) => ({
  type: 'document',
  source: { type: 'base64', media_type: 'application/pdf', data: bytes.toString('base64') },
});
const request = (...content: unknown[]) => ({
  messages: [{ role: 'user', content: [...content, { type: 'text', text: 'hi' }] }],
});

describe('mock media rules', () => {
  it('takes an image and a PDF that are what their media types say', () => {
    expect(mediaProblem(request(image('image/png', pngHead(10, 10)), document(pdf(3))))).toBeUndefined();
  });

  it('refuses an image whose bytes are another type than declared, naming both', () => {
    expect(mediaProblem(request(image('image/jpeg', pngHead(10, 10))))).toMatch(
      /^messages\.0\.content\.0\.image\.source\.base64\.data: .*image\/jpeg media type, but the image appears to be a image\/png image/,
    );
  });

  it('refuses media types the API does not take, bad base64, oversized images and long PDFs', () => {
    expect(mediaProblem(request(image('image/bmp', pngHead(1, 1))))).toMatch(/media_type/);
    const broken = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: 'not base64!' },
    };
    expect(mediaProblem(request(broken))).toMatch(/Invalid base64/);
    const huge = Buffer.concat([pngHead(10, 10), Buffer.alloc(MAX_IMAGE_BASE64)]);
    expect(mediaProblem(request(image('image/png', huge)))).toMatch(/image exceeds 5 MB maximum/);
    expect(mediaProblem(request(document(pdf(101))))).toMatch(/maximum of 100 PDF pages/);
    expect(mediaProblem(request(document(Buffer.from('plain text'))))).toMatch(/not valid/);
  });

  it('counts pages, not the page tree', () => {
    expect(pdfPages(pdf(7))).toBe(7);
  });

  it('bills an image by its pixels, not the length of its base64', () => {
    const small = request(image('image/png', Buffer.concat([pngHead(100, 100), Buffer.alloc(200_000)])));
    const text = mockTokenCount(request());
    // 100 × 100 px is 14 tokens; its 267 KB of base64 would be 67,000 at four characters a token.
    expect(mockTokenCount(small) - text).toBeLessThan(200);
    const large = request(image('image/png', pngHead(4000, 3000)));
    // Scaled to 1.15 MP: about 1,533 tokens.
    expect(mockTokenCount(large) - text).toBeGreaterThan(1_500);
    expect(mockTokenCount(large) - text).toBeLessThan(1_700);
  });
});
