import { describe, expect, it } from 'vitest';
import { countPdfPages, looksLikePdf, readPdf } from './pdfPages';

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

describe('readPdf (issue 27, finding 6)', () => {
  it('takes a PDF whose pages it can count', () => {
    expect(readPdf(pdf(3))).toEqual({ ok: true, pages: 3 });
  });

  it('refuses a PDF whose page tree says it has no pages', () => {
    expect(readPdf(pdf(0))).toEqual({ ok: false, why: 'no-pages' });
    expect(readPdf(bytes('%PDF-1.7\n<</Type/Pages/Kids[]/Count 0>>\n%%EOF'))).toEqual({
      ok: false,
      why: 'no-pages',
    });
  });

  it('refuses a header alone and junk after a header', () => {
    expect(readPdf(bytes('%PDF-1.4'))).toEqual({ ok: false, why: 'no-structure' });
    expect(readPdf(bytes('%PDF-1.4\n%%EOF'))).toEqual({ ok: false, why: 'no-structure' });
    const junk = new Uint8Array(4096).map((_, i) => (i * 7919) % 251);
    const withHeader = new Uint8Array([...bytes('%PDF-1.5\n'), ...junk]);
    expect(readPdf(withHeader)).toEqual({ ok: false, why: 'no-structure' });
  });

  it('takes a PDF whose pages sit in compressed object streams, count unknown', () => {
    const text =
      '%PDF-1.5\n5 0 obj <</Type /ObjStm /N 3 /First 20 /Filter /FlateDecode /Length 9>>\nstream\nx\x9c\x01\x02endstream\nendobj\n' +
      '9 0 obj <</Type /XRef /Root 1 0 R /Size 10>>\nstartxref\n120\n%%EOF';
    expect(readPdf(bytes(text))).toEqual({ ok: true, pages: undefined });
  });
});
