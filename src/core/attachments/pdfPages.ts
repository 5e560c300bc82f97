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
  const text = latin1(bytes);
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
