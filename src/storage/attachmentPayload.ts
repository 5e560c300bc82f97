/**
 * A stored file turned into what a request sends: base64 for images and PDFs, the
 * decoded text for text files. Runs once per file per cache lifetime, on files of up
 * to tens of megabytes, so it works on whole chunks rather than byte by byte.
 */
import type { AttachmentPayload, AttachmentRecord } from '../core/attachments/attachmentTypes';
import { encodeBase64 } from '../core/attachments/base64';

/** The record's payload. Rejects if its bytes cannot be read (the browser lost the file). */
export async function readPayload(
  record: Pick<AttachmentRecord, 'data' | 'kind' | 'mediaType'>,
): Promise<AttachmentPayload> {
  const bytes = new Uint8Array(await record.data.arrayBuffer());
  if (record.kind === 'text') {
    // Not fatal: a stray invalid byte becomes U+FFFD rather than losing the whole file.
    // A leading byte order mark is dropped: it is encoding, not content.
    return { kind: 'text', text: new TextDecoder('utf-8').decode(bytes) };
  }
  return { kind: record.kind, mediaType: record.mediaType, base64: encodeBase64(bytes) };
}

/** What a payload costs the cache: the characters it holds. */
export function payloadChars(payload: AttachmentPayload): number {
  return payload.kind === 'text' ? payload.text.length : payload.base64.length;
}
