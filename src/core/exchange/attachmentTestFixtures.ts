/**
 * A session with files for the exchange tests: a user message attaching an image, a
 * PDF and a text file, the reply, and a later message attaching the image again. Bytes
 * are every byte value (and odd lengths), so an encoding that drops or changes any
 * byte, or mishandles padding, is caught.
 */
import type { AttachmentBlock, AttachmentRecord, AttachmentRef } from '../attachments/attachmentTypes';
import type { SessionEntry, SessionHeader } from '../session/types';
import type { ExchangeAttachment, SessionData } from './exchangeFormat';

export const IMAGE: AttachmentRef = {
  id: 'att-image',
  kind: 'image',
  mediaType: 'image/png',
  name: 'photo.png',
  size: 1001,
  width: 1200,
  height: 800,
  original: { width: 2400, height: 1600, size: 5000 },
};
export const PDF: AttachmentRef = {
  id: 'att-pdf',
  kind: 'pdf',
  mediaType: 'application/pdf',
  name: 'report.pdf',
  size: 1000,
  pages: 3,
};
export const TEXT: AttachmentRef = {
  id: 'att-text',
  kind: 'text',
  mediaType: 'text/plain',
  name: 'notes.txt',
  size: 0,
};

/** Every byte value, repeated to `size` and shifted by `seed`. */
export function bytesOf(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + seed) % 256;
  return bytes;
}

export function attachmentBytes(): Map<string, Uint8Array<ArrayBuffer>> {
  const text = new TextEncoder().encode('Meeting notes: ünïcode ✓\nline two\n');
  return new Map([
    [IMAGE.id, bytesOf(IMAGE.size, 1)],
    [PDF.id, bytesOf(PDF.size, 2)],
    [TEXT.id, text],
  ]);
}

/** The refs with their real sizes (the text file's size is its encoded length). */
export function attachmentRefs(): AttachmentRef[] {
  const bytes = attachmentBytes();
  return [IMAGE, PDF, TEXT].map((ref) => ({ ...ref, size: bytes.get(ref.id)!.length }));
}

function block(ref: AttachmentRef): AttachmentBlock {
  return { type: 'attachment', attachment: ref };
}

export function attachedSession(): SessionData {
  const [image, pdf, text] = attachmentRefs() as [AttachmentRef, AttachmentRef, AttachmentRef];
  const header: SessionHeader = {
    id: 's-files',
    title: 'Files',
    createdAt: 1,
    updatedAt: 2,
    model: 'claude-test',
    leafId: 'f4',
    children: [],
  };
  const entries: SessionEntry[] = [
    entry('f1', null, 1, 'user', [
      block(image),
      block(pdf),
      block(text),
      { type: 'text', text: 'What is in these?' },
    ]),
    entry('f2', 'f1', 2, 'assistant', [{ type: 'text', text: 'A photo, a report and notes.' }]),
    entry('f3', 'f2', 3, 'user', [block(image), { type: 'text', text: 'The photo again.' }]),
    entry('f4', 'f3', 4, 'assistant', [{ type: 'text', text: 'Still a photo.' }]),
  ];
  return { header, entries };
}

/** The session's files as the exchange carries them. */
export function exchangeAttachments(): ExchangeAttachment[] {
  const bytes = attachmentBytes();
  return attachmentRefs().map((ref) => ({ ref, sessionId: 's-files', bytes: bytes.get(ref.id)! }));
}

/** The session's files as stored records. */
export function attachmentRecords(): AttachmentRecord[] {
  return exchangeAttachments().map(({ ref, sessionId, bytes }) => ({
    ...ref,
    sessionId,
    data: new Blob([bytes!], { type: ref.mediaType }),
  }));
}

function entry(
  id: string,
  parentId: string | null,
  timestamp: number,
  role: 'user' | 'assistant',
  content: Array<AttachmentBlock | { type: 'text'; text: string }>,
): SessionEntry {
  return { id, parentId, sessionId: 's-files', timestamp, type: 'message', message: { role, content } };
}
