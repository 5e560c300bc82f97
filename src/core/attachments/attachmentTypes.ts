/**
 * Files the user attaches to a message. A message entry holds only a reference (an
 * AttachmentBlock, core/types/attachment.ts); the bytes live in IndexedDB's own
 * `attachments` store, so a session's entries stay small and read fast.
 */

import type { AttachmentBlock, AttachmentRef } from '../types/attachment';

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
