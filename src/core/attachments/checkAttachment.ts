/**
 * The checks a file passes before it becomes a pending attachment, in the order the
 * facts become known: name and size first (a 40 MB file is refused unread), then what
 * its bytes say, then whether the message still has room for it.
 */
import type { AttachmentKind, AttachmentRef } from '../types/attachment';
import {
  MAX_ATTACHMENTS_PER_MESSAGE,
  MAX_FILE_BYTES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_EDGE,
  MAX_PDF_PAGES,
  MAX_TEXT_FILE_BYTES,
} from './attachmentLimits';
import type { AttachmentRefusal } from './attachmentRefusals';
import { classifyFile } from './classifyFile';
import { readImageInfo } from './imageSize';
import { countPdfPages } from './pdfPages';

export type Checked<T> = { ok: true; value: T } | { ok: false; refusal: AttachmentRefusal };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const refused = <T>(refusal: AttachmentRefusal): Checked<T> => ({ ok: false, refusal });

/**
 * By name, type and size alone. Images may be larger than the API's image limit here:
 * scaling down usually brings them under it.
 */
export function checkFile(file: { name: string; type: string; size: number }): Checked<AttachmentKind> {
  const { name, size } = file;
  const kind = classifyFile(file);
  if (!kind) return refused({ reason: 'type', name });
  if (size === 0) return refused({ reason: 'empty', name });
  if (kind === 'text' && size > MAX_TEXT_FILE_BYTES) return refused({ reason: 'text-size', name, size });
  if (size > MAX_FILE_BYTES) return refused({ reason: 'file-size', name, size });
  return ok(kind);
}

type ImageFacts = { width: number; height: number; size: number };

/** The API's hard image limits, the one place they are compared: which one the image breaks. */
function brokenImageLimit(image: ImageFacts): 'edge' | 'size' | undefined {
  if (image.width > MAX_IMAGE_EDGE || image.height > MAX_IMAGE_EDGE) return 'edge';
  if (image.size > MAX_IMAGE_BYTES) return 'size';
  return undefined;
}

/** Whether the API takes the image as it is (the scale plan asks this of an original). */
export function imageWithinLimits(image: ImageFacts): boolean {
  return brokenImageLimit(image) === undefined;
}

/** An image as it will be sent (scaled or not). */
export function checkImage(
  name: string,
  image: ImageFacts & { scaled: boolean },
): AttachmentRefusal | undefined {
  switch (brokenImageLimit(image)) {
    case 'edge':
      return { reason: 'image-edge', name, width: image.width, height: image.height };
    case 'size':
      return { reason: 'image-size', name, size: image.size, scaled: image.scaled };
    case undefined:
      return undefined;
  }
}

export function checkPdfPages(name: string, pages: number | undefined): AttachmentRefusal | undefined {
  return pages !== undefined && pages > MAX_PDF_PAGES ? { reason: 'pages', name, pages } : undefined;
}

/** Room for one more file in the message (`pending` are already in it). */
export function checkCount(name: string, pending: number): AttachmentRefusal | undefined {
  return pending >= MAX_ATTACHMENTS_PER_MESSAGE ? { reason: 'count', name } : undefined;
}

/**
 * Room in the context window: `used` is the conversation's current estimate (what the
 * meter shows) with the files already pending, `tokens` this file's estimate.
 */
export function checkContextRoom(
  name: string,
  room: { used: number; tokens: number; window: number },
): AttachmentRefusal | undefined {
  const total = room.used + room.tokens;
  return total > room.window ? { reason: 'context', name, tokens: total, window: room.window } : undefined;
}

/**
 * A file that arrives stored rather than attached (an imported one) against the limits
 * an attached file meets, so an exchange file cannot carry in what the composer would
 * refuse (a 25 MB "text file" swapped into an export). By what its bytes say where they
 * can be read (an image's pixels, a PDF's pages), else by its reference.
 */
export function checkStoredFile(ref: AttachmentRef, bytes: Uint8Array): AttachmentRefusal | undefined {
  const { name } = ref;
  const size = bytes.length;
  if (size === 0) return { reason: 'empty', name };
  if (ref.kind === 'text' && size > MAX_TEXT_FILE_BYTES) return { reason: 'text-size', name, size };
  if (size > MAX_FILE_BYTES) return { reason: 'file-size', name, size };
  if (ref.kind === 'image') {
    const info = readImageInfo(bytes);
    const width = info?.width ?? ref.width ?? 0;
    const height = info?.height ?? ref.height ?? 0;
    return checkImage(name, { width, height, size, scaled: false });
  }
  if (ref.kind === 'pdf') return checkPdfPages(name, countPdfPages(bytes) ?? ref.pages);
  return undefined;
}
