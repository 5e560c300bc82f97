import { describe, expect, it } from 'vitest';
import type { AttachmentRecord } from '../core/attachments/attachmentTypes';
import { payloadChars, readPayload } from './attachmentPayload';

/** Bytes that are not text and hit every value, the high ones included. */
function patternBytes(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 151 + 7) % 256;
  return bytes;
}

function record(kind: AttachmentRecord['kind'], mediaType: string, data: Blob): AttachmentRecord {
  return { id: 'a', sessionId: 's', kind, mediaType, name: 'file', size: data.size, data };
}

describe('readPayload', () => {
  it('gives images and PDFs as base64 with their media type, byte for byte', async () => {
    const bytes = patternBytes(70_000);
    const image = await readPayload(record('image', 'image/png', new Blob([bytes])));
    expect(image).toEqual({
      kind: 'image',
      mediaType: 'image/png',
      base64: Buffer.from(bytes).toString('base64'),
    });
    const pdf = await readPayload(record('pdf', 'application/pdf', new Blob([bytes])));
    expect(pdf).toMatchObject({ kind: 'pdf', mediaType: 'application/pdf' });
  });

  it('decodes text files as UTF-8, dropping a byte order mark and keeping a bad byte as U+FFFD', async () => {
    const utf8 = new TextEncoder().encode('café ✓ 𝄞\n');
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8, 0xff]);
    expect(await readPayload(record('text', 'text/plain', new Blob([withBom])))).toEqual({
      kind: 'text',
      text: 'café ✓ 𝄞\n\uFFFD',
    });
  });

  it('counts a payload by the characters it holds', () => {
    expect(payloadChars({ kind: 'text', text: 'abcd' })).toBe(4);
    expect(payloadChars({ kind: 'image', mediaType: 'image/png', base64: 'AAAAAAAA' })).toBe(8);
  });
});
