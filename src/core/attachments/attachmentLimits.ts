/**
 * What the Messages API accepts, from its vision and PDF pages: the limits a file is
 * checked against before anything is sent, so a refusal is a sentence in the composer,
 * not a 400 after upload.
 */

export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const PDF_MEDIA_TYPE = 'application/pdf';

/** The API refuses an image whose base64 is longer than 5 MB: 3.75 MB of bytes. */
export const MAX_IMAGE_BYTES = (5 * 1024 * 1024 * 3) / 4;
/** The API refuses images over 8000 px on either edge. */
export const MAX_IMAGE_EDGE = 8000;
/**
 * The API scales larger images down to this long edge (and about 1.15 megapixels)
 * before the model sees them: a bigger one costs time and bytes and gains nothing.
 */
export const RECOMMENDED_IMAGE_EDGE = 1568;
export const RECOMMENDED_IMAGE_PIXELS = 1_150_000;

/** A whole request may be at most 32 MB; base64 makes bytes 4/3 larger. */
export const MAX_REQUEST_BYTES = 32 * 1024 * 1024;
/** The largest file that can still travel in one request, as base64. */
export const MAX_FILE_BYTES = Math.floor((MAX_REQUEST_BYTES * 3) / 4) - 64 * 1024;
/** PDFs of more pages are refused by the API. */
export const MAX_PDF_PAGES = 100;
/** A text file is sent as text; beyond this it could not fit any model's window. */
export const MAX_TEXT_FILE_BYTES = 2 * 1024 * 1024;
/** Attachments one message may carry (the API takes 100 images a request). */
export const MAX_ATTACHMENTS_PER_MESSAGE = 20;

/** "3.2 MB", "740 KB", "12 bytes": sizes as a person reads them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}
