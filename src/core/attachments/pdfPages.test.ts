import { describe, expect, it } from 'vitest';
import { countPdfPages, looksLikePdf } from './pdfPages';

const bytes = (text: string) => new TextEncoder().encode(text);

/** A minimal PDF body: a page tree of `count` and `pages` page objects. */
function pdf(pages: number, count = pages): Uint8Array {
  const objects = [
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    `2 0 obj << /Type /Pages /Kids [] /Count ${count} >> endobj`,
  ];
  for (let i = 0; i < pages; i++) objects.push(`${i + 3} 0 obj << /Type /Page /Parent 2 0 R >> endobj`);
  return bytes(`%PDF-1.4\n${objects.join('\n')}\n%%EOF`);
}

describe('countPdfPages', () => {
  it('counts the page objects, not the page tree nodes', () => {
    expect(countPdfPages(pdf(3))).toBe(3);
    expect(countPdfPages(pdf(1))).toBe(1);
  });

  it('counts /Type/Page written without spaces and ignores /PageLabels and /Pages', () => {
    const text =
      '%PDF-1.7\n<</Type/Pages/Count 2>>\n<</Type/Page>>\n<</Type /Page\n/Rotate 0>>\n<</Type/PageLabels>>';
    expect(countPdfPages(bytes(text))).toBe(2);
  });

  it('trusts the page objects over a /Count that disagrees', () => {
    expect(countPdfPages(pdf(2, 7))).toBe(2);
  });

  it('falls back to the largest /Count when the pages sit in compressed object streams', () => {
    const text =
      '%PDF-1.5\n<</Type/Pages/Count 120/Kids[4 0 R 5 0 R]>>\n<</Type/Pages/Count 60>>\nstream\nx\x9c\x01\x02endstream';
    expect(countPdfPages(bytes(text))).toBe(120);
  });

  it('is undefined when nothing tells the count', () => {
    expect(countPdfPages(bytes('%PDF-1.5\nstream\x00\x01endstream'))).toBeUndefined();
  });

  it('reads binary content byte for byte (no decoding errors) and large files', () => {
    const body = new Uint8Array(200_000).fill(0xff);
    const page = bytes('/Type /Page ');
    const all = new Uint8Array(body.length + page.length * 2);
    all.set(page, 0);
    all.set(body, page.length);
    all.set(page, page.length + body.length);
    expect(countPdfPages(all)).toBe(2);
  });
});

describe('looksLikePdf', () => {
  it('finds the signature at the start or after some junk, and nowhere else', () => {
    expect(looksLikePdf(pdf(1))).toBe(true);
    expect(looksLikePdf(bytes(`junk\n%PDF-1.4`))).toBe(true);
    expect(looksLikePdf(bytes('hello, world'))).toBe(false);
  });
});
