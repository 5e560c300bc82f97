/**
 * What a message says of a file the user attached. A message entry holds only this
 * reference; the bytes live in the attachments store (see attachments/attachmentTypes.ts
 * for the record, the payload and the loader), so a session's entries stay small.
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
