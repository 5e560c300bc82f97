/**
 * Token estimates for attachments, from what the reference records, so the context
 * meter and the overflow checks count files without reading their bytes.
 * - Images: the API scales an image to fit 1568 px and about 1.15 megapixels, then
 *   charges about width × height / 750 tokens (its vision page).
 * - PDFs: each page is sent as its text and as an image of the page: about 1,500 to
 *   3,000 tokens of text (the PDF page) plus the page image, counted generously.
 * - Text files: their characters, as any text.
 */
import { CHARS_PER_TOKEN } from '../context/charsPerToken';
import type { AttachmentRef } from '../types/attachment';
import { RECOMMENDED_IMAGE_EDGE, RECOMMENDED_IMAGE_PIXELS } from './attachmentLimits';

export const PIXELS_PER_IMAGE_TOKEN = 750;
export const PDF_TOKENS_PER_PAGE = 3_500;
/** The file-name wrapper around a text file, and a little for the block itself. */
const TEXT_WRAPPER_TOKENS = 24;

/** The size the API scales an image to before the model sees it. */
export function scaledImageSize(width: number, height: number): { width: number; height: number } {
  const edge = Math.max(width, height);
  let scale = edge > RECOMMENDED_IMAGE_EDGE ? RECOMMENDED_IMAGE_EDGE / edge : 1;
  const pixels = width * height * scale * scale;
  if (pixels > RECOMMENDED_IMAGE_PIXELS) scale *= Math.sqrt(RECOMMENDED_IMAGE_PIXELS / pixels);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function imageTokens(width: number, height: number): number {
  const scaled = scaledImageSize(width, height);
  return Math.ceil((scaled.width * scaled.height) / PIXELS_PER_IMAGE_TOKEN);
}

export function attachmentTokens(ref: AttachmentRef): number {
  switch (ref.kind) {
    case 'image':
      // Without dimensions (never expected), the most an image can cost.
      return ref.width && ref.height
        ? imageTokens(ref.width, ref.height)
        : Math.ceil(RECOMMENDED_IMAGE_PIXELS / PIXELS_PER_IMAGE_TOKEN);
    case 'pdf':
      return Math.max(1, ref.pages ?? 1) * PDF_TOKENS_PER_PAGE;
    case 'text':
      // Bytes, not characters: a little high for non-ASCII text, which errs the safe way.
      return TEXT_WRAPPER_TOKENS + Math.ceil(ref.size / CHARS_PER_TOKEN);
  }
}
