/**
 * A file the user gave, turned into what will be sent: checked by name and size, its
 * bytes read and checked (an image's real type and size, a PDF's pages, text that is
 * UTF-8), and a large image scaled down. Either a pending attachment or a refusal.
 */
import { PDF_MEDIA_TYPE } from '../../core/attachments/attachmentLimits';
import type { AttachmentRefusal } from '../../core/attachments/attachmentRefusals';
import { checkFile, checkImage, checkPdfPages } from '../../core/attachments/checkAttachment';
import { planImageScale, SCALED_IMAGE_QUALITY } from '../../core/attachments/imageScalePlan';
import { IMAGE_HEADER_BYTES, readImageInfo } from '../../core/attachments/imageSize';
import { looksLikePdf, readPdf } from '../../core/attachments/pdfPages';
import type { OutgoingAttachment, PendingAttachment } from './pendingAttachment';
import type { ScaledImage, ScaleRequest } from './scaleInCanvas';

export type Prepared = { ok: true; pending: PendingAttachment } | { ok: false; refusal: AttachmentRefusal };

export interface PrepareDeps {
  newId(): string;
  scale(request: ScaleRequest): Promise<ScaledImage>;
}

const refused = (refusal: AttachmentRefusal): Prepared => ({ ok: false, refusal });
const accepted = (record: OutgoingAttachment, original?: OutgoingAttachment): Prepared => ({
  ok: true,
  pending: { record, ...(original && { original }) },
});

export async function prepareAttachment(file: File, deps: PrepareDeps): Promise<Prepared> {
  const checked = checkFile(file);
  if (!checked.ok) return refused(checked.refusal);
  switch (checked.value) {
    case 'image':
      return prepareImage(file, deps);
    case 'pdf':
      return preparePdf(file, deps.newId());
    case 'text':
      return prepareText(file, deps.newId());
  }
}

async function bytesOf(blob: Blob): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await blob.arrayBuffer());
}

async function prepareImage(file: File, deps: PrepareDeps): Promise<Prepared> {
  const { name } = file;
  const info = readImageInfo(await bytesOf(file.slice(0, IMAGE_HEADER_BYTES)));
  if (!info) return refused({ reason: 'unreadable', name, kind: 'image' });
  // Typed by its bytes: a PNG named .jpg is sent as the PNG it is.
  const original: OutgoingAttachment = {
    id: deps.newId(),
    kind: 'image',
    mediaType: info.mediaType,
    name,
    size: file.size,
    width: info.width,
    height: info.height,
    data: new Blob([file], { type: info.mediaType }),
  };
  const plan = planImageScale({ ...info, size: file.size });
  if (!plan.target) {
    const refusal = checkImage(name, { ...info, size: file.size, scaled: false });
    return refusal ? refused(refusal) : accepted(original);
  }
  let scaled: ScaledImage;
  try {
    scaled = await deps.scale({
      blob: original.data,
      mediaType: plan.mediaType,
      quality: SCALED_IMAGE_QUALITY,
    });
  } catch {
    // Not scaled (the browser could not decode it, or has no canvas to scale on): the
    // original may still go as it is when the API takes it.
    if (!plan.originalAllowed) return refused({ reason: 'unreadable', name, kind: 'image' });
    return accepted(original);
  }
  // The browser may write another type than asked (no WebP encoder, say): the bytes decide.
  const mediaType = scaled.blob.type || plan.mediaType;
  const record: OutgoingAttachment = {
    id: original.id,
    kind: 'image',
    mediaType,
    name,
    size: scaled.blob.size,
    width: scaled.width,
    height: scaled.height,
    original: { width: scaled.sourceWidth, height: scaled.sourceHeight, size: file.size },
    data: scaled.blob,
  };
  const refusal = checkImage(name, {
    width: scaled.width,
    height: scaled.height,
    size: scaled.blob.size,
    scaled: true,
  });
  if (refusal) return refused(refusal);
  return accepted(record, plan.originalAllowed ? original : undefined);
}

async function preparePdf(file: File, id: string): Promise<Prepared> {
  const { name } = file;
  const bytes = await bytesOf(file);
  if (!looksLikePdf(bytes)) return refused({ reason: 'unreadable', name, kind: 'pdf' });
  const reading = readPdf(bytes);
  if (!reading.ok)
    return refused({ reason: reading.why === 'no-pages' ? 'pdf-no-pages' : 'pdf-no-structure', name });
  const { pages } = reading;
  const refusal = checkPdfPages(name, pages);
  if (refusal) return refused(refusal);
  return accepted({
    id,
    kind: 'pdf',
    mediaType: PDF_MEDIA_TYPE,
    name,
    size: file.size,
    ...(pages !== undefined && { pages }),
    data: new Blob([bytes], { type: PDF_MEDIA_TYPE }),
  });
}

async function prepareText(file: File, id: string): Promise<Prepared> {
  const { name } = file;
  const bytes = await bytesOf(file);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refused({ reason: 'not-utf8', name });
  }
  // Valid UTF-8 can still be binary: NUL bytes do not occur in text.
  if (text.includes('\u0000')) return refused({ reason: 'not-utf8', name });
  return accepted({
    id,
    kind: 'text',
    mediaType: 'text/plain',
    name,
    size: bytes.length,
    data: new Blob([bytes], { type: 'text/plain;charset=utf-8' }),
  });
}
