/**
 * Files the user attaches to a message. A message entry holds only a reference (an
 * AttachmentBlock); the bytes live in IndexedDB's own `attachments` store, so a
 * session's entries stay small and read fast. Plain data, shared by every layer.
 */

/** What Baton does with a file: an image block, a PDF document block, or a text block. */
export type AttachmentKind = 'image' | 'pdf' | 'text';

/** What a message says of one attached file. Everything shown or counted without its bytes. */
export interface AttachmentRef {
  id: string;
  kind: AttachmentKind;
  /** As sent to the API: image/png, image/jpeg, image/gif, image/webp, application/pdf, text/plain. */
  mediaType: string;
  /** The file's name as the user's system gave it (pasted images get one made up). */
  name: string;
  /** Bytes stored (after any downscaling). */
  size: number;
  /** Images: pixel size as stored, for the token estimate and the thumbnail's box. */
  width?: number;
  height?: number;
  /** PDFs: page count, for the token estimate and the chip. */
  pages?: number;
  /** Images scaled down before storing: the original's pixel size. */
  original?: { width: number; height: number; size: number };
}

/** A file in a user message, by reference. Turned into its API block only when a request is built. */
export interface AttachmentBlock {
  type: 'attachment';
  attachment: AttachmentRef;
}

/** One record of the `attachments` store: the reference, its owner and the bytes. */
export interface AttachmentRecord extends AttachmentRef {
  sessionId: string;
  data: Blob;
}

/** What a request needs of one attachment, read from its bytes. */
export type AttachmentPayload =
  | { kind: 'image' | 'pdf'; mediaType: string; base64: string }
  | { kind: 'text'; text: string };

/**
 * Reads the payloads of attachments for a request. Ids it cannot find are missing from
 * the map (the request then carries a one-line note in their place).
 */
export interface AttachmentLoader {
  load(ids: readonly string[]): Promise<Map<string, AttachmentPayload>>;
}

export function isAttachmentBlock(block: { type: string }): block is AttachmentBlock {
  return block.type === 'attachment';
}

/** The files among a message's content blocks, in order. */
export function filesOf(content: readonly { type: string }[]): AttachmentRef[] {
  return content.filter(isAttachmentBlock).map((block) => block.attachment);
}
