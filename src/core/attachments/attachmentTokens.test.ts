import { describe, expect, it } from 'vitest';
import { estimateBlockTokens } from '../context/estimateTokens';
import type { AttachmentRef } from '../types/attachment';
import { RECOMMENDED_IMAGE_EDGE, RECOMMENDED_IMAGE_PIXELS } from './attachmentLimits';
import { attachmentTokens, imageTokens, PDF_TOKENS_PER_PAGE, scaledImageSize } from './attachmentTokens';

const ref = (fields: Partial<AttachmentRef> & Pick<AttachmentRef, 'kind'>): AttachmentRef => ({
  id: 'a',
  mediaType: 'image/png',
  name: 'f',
  size: 1_000,
  ...fields,
});

describe('attachment token estimates', () => {
  it('counts a small image at width × height / 750, as the API does', () => {
    expect(imageTokens(200, 200)).toBe(Math.ceil((200 * 200) / 750)); // 54
    expect(imageTokens(1000, 1000)).toBe(1334);
  });

  it('scales a large image to 1568 px on its long edge and about 1.15 megapixels first', () => {
    const scaled = scaledImageSize(4000, 3000);
    expect(Math.max(scaled.width, scaled.height)).toBeLessThanOrEqual(RECOMMENDED_IMAGE_EDGE);
    expect(scaled.width * scaled.height).toBeLessThanOrEqual(RECOMMENDED_IMAGE_PIXELS * 1.01);
    expect(scaled.width / scaled.height).toBeCloseTo(4 / 3, 2);
    // The most any image costs: about 1,533 tokens, however large it is.
    expect(imageTokens(8000, 6000)).toBe(imageTokens(4000, 3000));
    expect(imageTokens(8000, 6000)).toBeGreaterThan(1_500);
    expect(imageTokens(8000, 6000)).toBeLessThan(1_600);
    // A long thin image is limited by its edge, not its pixels.
    expect(scaledImageSize(6000, 100)).toEqual({ width: 1568, height: 26 });
  });

  it('counts PDFs by pages, text files by their characters, and an image without a size at the most', () => {
    expect(attachmentTokens(ref({ kind: 'pdf', mediaType: 'application/pdf', pages: 12 }))).toBe(
      12 * PDF_TOKENS_PER_PAGE,
    );
    expect(attachmentTokens(ref({ kind: 'pdf', mediaType: 'application/pdf' }))).toBe(PDF_TOKENS_PER_PAGE);
    const text = attachmentTokens(ref({ kind: 'text', mediaType: 'text/plain', size: 35_000 }));
    expect(text).toBeGreaterThanOrEqual(10_000);
    expect(text).toBeLessThan(10_100);
    expect(attachmentTokens(ref({ kind: 'image' }))).toBe(Math.ceil(RECOMMENDED_IMAGE_PIXELS / 750));
  });

  it('is what the context estimate counts for an attachment block, never its bytes', () => {
    const image = ref({ kind: 'image', width: 800, height: 600, size: 5_000_000 });
    const block = estimateBlockTokens({ type: 'attachment', attachment: image });
    expect(block - attachmentTokens(image)).toBeLessThan(20);
    expect(block).toBeLessThan(1_000);
  });
});
