/**
 * A PDF's page count from its bytes, without a PDF library: enough to refuse a PDF the
 * API would refuse (over 100 pages) and to estimate its tokens before sending.
 *
 * Each page is an object of `/Type /Page`; the page tree's nodes are `/Type /Pages` and
 * carry `/Count`, the number of pages under them. Counting page objects is exact for
 * most files; when they sit in compressed object streams (PDF 1.5+) none are visible,
 * and the largest visible `/Count` (the root's) is the next best answer.
 */

/** The page count, or undefined when the bytes show neither page objects nor a page tree count. */
export function countPdfPages(bytes: Uint8Array): number | undefined {
  return countPages(latin1(bytes));
}

function countPages(text: string): number | undefined {
  // `/Page` not followed by a name character: excludes `/Pages` and `/PageLabels`.
  const pages = text.match(/\/Type\s*\/Page(?![A-Za-z0-9_.-])/g)?.length ?? 0;
  if (pages > 0) return pages;
  let largest: number | undefined;
  for (const match of text.matchAll(/\/Count\s+(\d+)/g)) {
    const count = Number(match[1]);
    if (largest === undefined || count > largest) largest = count;
  }
  return largest;
}

/**
 * Whether the API can be expected to read the PDF, from what its bytes show:
 * - `pages`: its page count, or undefined when its pages sit in compressed object
 *   streams, where only a PDF library can count them;
 * - `no-pages`: its page tree says it has none (`/Count 0`): there is nothing to read;
 * - `no-structure`: neither pages, a page tree nor object streams: a header alone, or
 *   junk after one. The API refuses both kinds, so Baton refuses them first, with a sentence.
 */
export type PdfReading =
  | { ok: true; pages: number | undefined }
  | { ok: false; why: 'no-pages' | 'no-structure' };

export function readPdf(bytes: Uint8Array): PdfReading {
  const text = latin1(bytes);
  const pages = countPages(text);
  if (pages === 0) return { ok: false, why: 'no-pages' };
  if (pages !== undefined) return { ok: true, pages };
  // Pages can hide only in object streams, whose dictionaries stay readable text.
  return /\/Type\s*\/ObjStm(?![A-Za-z0-9_.-])/.test(text)
    ? { ok: true, pages: undefined }
    : { ok: false, why: 'no-structure' };
}

/** Starts like a PDF: `%PDF-` within the first kilobyte (the format allows junk before it). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return latin1(bytes.subarray(0, 1024)).includes('%PDF-');
}

/** One character per byte, so offsets and ASCII keywords survive binary content. */
function latin1(bytes: Uint8Array): string {
  // In slices: String.fromCharCode takes its arguments on the stack.
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 0x8000)
    parts.push(String.fromCharCode(...bytes.subarray(i, i + 0x8000)));
  return parts.join('');
}
