/**
 * Why a file was not attached, as data and as the sentence the composer shows. Every
 * refusal happens before anything is sent, so the user can fix it and try again.
 */
import {
  formatBytes,
  MAX_ATTACHMENTS_PER_MESSAGE,
  MAX_FILE_BYTES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_EDGE,
  MAX_PDF_PAGES,
  MAX_TEXT_FILE_BYTES,
} from './attachmentLimits';

export type AttachmentRefusal =
  | { reason: 'type'; name: string }
  | { reason: 'empty'; name: string }
  | { reason: 'file-size'; name: string; size: number }
  | { reason: 'text-size'; name: string; size: number }
  | { reason: 'image-size'; name: string; size: number; scaled: boolean }
  | { reason: 'image-edge'; name: string; width: number; height: number }
  | { reason: 'unreadable'; name: string; kind: 'image' | 'pdf' }
  | { reason: 'not-utf8'; name: string }
  | { reason: 'pages'; name: string; pages: number }
  | { reason: 'pdf-no-pages'; name: string }
  | { reason: 'pdf-no-structure'; name: string }
  | { reason: 'count'; name: string }
  | { reason: 'context'; name: string; tokens: number; window: number };

/** 215300 → "215,300": token counts written out, as the sentence is read once and closely. */
function count(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

export function refusalSentence(refusal: AttachmentRefusal): string {
  const { name } = refusal;
  switch (refusal.reason) {
    case 'type':
      return `${name} is not a file Baton can send: images (PNG, JPEG, GIF, WebP), PDFs and text files are.`;
    case 'empty':
      return `${name} is empty: there is nothing to send.`;
    case 'file-size':
      return `${name} is too large to send: the API takes files of up to ${formatBytes(MAX_FILE_BYTES)}, and this one is ${formatBytes(refusal.size)}.`;
    case 'text-size':
      return `${name} is too large for a text file: Baton sends text files of up to ${formatBytes(MAX_TEXT_FILE_BYTES)}, and this one is ${formatBytes(refusal.size)}.`;
    case 'image-size':
      return `${name} is too large: the API takes images of up to ${formatBytes(MAX_IMAGE_BYTES)}, and this one is ${formatBytes(refusal.size)}${refusal.scaled ? ' even scaled down' : ''}.`;
    case 'image-edge':
      return `${name} is ${refusal.width}×${refusal.height} pixels: the API takes images of at most ${MAX_IMAGE_EDGE} pixels on each side.`;
    case 'unreadable':
      return `${name} could not be read as ${refusal.kind === 'image' ? 'a PNG, JPEG, GIF or WebP image' : 'a PDF'}.`;
    case 'not-utf8':
      return `${name} is not UTF-8 text, so Baton cannot send it as a text file.`;
    case 'pages':
      return `${name} has ${refusal.pages} pages: the API takes PDFs of at most ${MAX_PDF_PAGES} pages.`;
    case 'pdf-no-pages':
      return `${name} has no pages: the API refuses a PDF without pages.`;
    case 'pdf-no-structure':
      return `${name} could not be read as a PDF: it starts like one, but Baton finds no pages in it, so the API would refuse it. Save it again as a PDF from the program that made it.`;
    case 'count':
      return `${name} was not attached: a message can carry at most ${MAX_ATTACHMENTS_PER_MESSAGE} files.`;
    case 'context':
      return `${name} would not fit: with it the next request would be about ${count(refusal.tokens)} tokens, more than the model's context window of ${count(refusal.window)}.`;
  }
}
