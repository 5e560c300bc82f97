/**
 * Import meets the limits sending enforces (issue 27, finding 5): an exported session
 * whose small text file was swapped for 25 MB (and renamed with a right-to-left
 * override) is refused with the composer's own sentence, the name shown escaped; and
 * a conversation that is already too large is not sent, whatever way it came in.
 */
import { describe, expect, it } from 'vitest';
import { attachedSession, exchangeAttachments, TEXT } from '../../../testing/fixtures/attachmentTestFixtures';
import { memoryPersistence } from '../../../testing/memoryPersistence';
import type { ModelClient } from '../agent/types';
import { AgentSession, ContextFullError } from '../agentSession';
import { MAX_TEXT_FILE_BYTES } from '../attachments/attachmentLimits';
import { checkStoredFile } from '../attachments/checkAttachment';
import { SURELY_OVER_WINDOW, sendRefusal } from '../context/sendCheck';
import { createSessionHeader, SessionLog } from '../session/sessionLog';
import type { AttachmentRef } from '../types/attachment';
import type { SessionEntry } from '../types/entry';
import type { SessionData } from './exchangeFormat';
import { exportSessionJsonl } from './exportJsonl';
import { parseImport } from './importJsonl';

const NONE = { sessions: new Set<string>(), entries: new Set<string>() };
const SWAPPED_SIZE = 25 * 1024 * 1024;

/** The attached session exported, then its text file's bytes (and name) swapped in the file. */
function swappedExport(name: string, size: number): string {
  const session: SessionData = { ...attachedSession(), attachments: exchangeAttachments() };
  const text = exportSessionJsonl(session.header, session.entries, {
    attachments: session.attachments ?? [],
  });
  return text
    .trimEnd()
    .split('\n')
    .map((line) => {
      const record = JSON.parse(line) as Record<string, unknown>;
      if (record.type !== 'attachment') return line;
      const ref = record.attachment as AttachmentRef;
      if (ref.id !== TEXT.id) return line;
      return JSON.stringify({
        ...record,
        attachment: { ...ref, name, size },
        data: Buffer.alloc(size, 'a').toString('base64'),
      });
    })
    .join('\n');
}

describe('import against the attachment limits', () => {
  it('refuses a text file swapped for 25 MB, with the sentence and the name escaped', () => {
    const parsed = parseImport(swappedExport('x\u202Efdp.exe', SWAPPED_SIZE), NONE);
    expect(parsed.sessions).toEqual([]);
    const messages = parsed.errors.map((error) => error.message);
    expect(messages).toContainEqual(
      `Attached file "att-text": "x\\u202Efdp.exe" is too large for a text file: Baton sends text files of up to 2.0 MB, and this one is 25 MB.`,
    );
    expect(messages.join('\n')).not.toContain('\u202E');
  });

  it('takes a text file at the limit', () => {
    const parsed = parseImport(swappedExport('notes.txt', MAX_TEXT_FILE_BYTES), NONE);
    expect(parsed.errors).toEqual([]);
    expect(parsed.sessions).toHaveLength(1);
  });

  it('checks stored images and PDFs by their bytes where they can be read', () => {
    const png = new Uint8Array(33);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(png.buffer).setUint32(16, 9000); // width
    new DataView(png.buffer).setUint32(20, 10); // height
    const image: AttachmentRef = {
      id: 'i',
      kind: 'image',
      mediaType: 'image/png',
      name: 'wide.png',
      size: 33,
      width: 10,
      height: 10,
    };
    expect(checkStoredFile(image, png)).toMatchObject({ reason: 'image-edge', width: 9000 });
    const pdfBytes = new TextEncoder().encode(`%PDF-1.4\n${'<< /Type /Page >>\n'.repeat(101)}`);
    const pdf: AttachmentRef = {
      id: 'p',
      kind: 'pdf',
      mediaType: 'application/pdf',
      name: 'long.pdf',
      size: pdfBytes.length,
      pages: 1,
    };
    expect(checkStoredFile(pdf, pdfBytes)).toMatchObject({ reason: 'pages', pages: 101 });
  });
});

describe('the check before sending', () => {
  /** A branch whose one message carries a file that is `size` bytes by its reference. */
  function importedBranch(size: number): SessionEntry[] {
    const ref: AttachmentRef = { ...TEXT, size };
    return [
      {
        type: 'message',
        id: 'e1',
        parentId: null,
        timestamp: 1,
        message: {
          role: 'user',
          content: [
            { type: 'attachment', attachment: ref },
            { type: 'text', text: 'Read this' },
          ],
        },
      } as SessionEntry,
    ];
  }
  const next = { role: 'user' as const, content: [{ type: 'text' as const, text: 'And now?' }] };

  it('refuses a request estimated surely over the window, and lets one near it go to the API', () => {
    const window = 200_000;
    const over = sendRefusal(importedBranch(SWAPPED_SIZE), 'system', next, window);
    expect(over).toMatchObject({ kind: 'tokens', overflow: { limit: window } });
    // Just over the window by the (generous) estimate: the API decides.
    const near = Math.floor(window * 3.5 * (SURELY_OVER_WINDOW - 0.1));
    expect(sendRefusal(importedBranch(near), 'system', next, window)).toBeUndefined();
  });

  it('refuses a request whose files are more bytes than one request may hold', () => {
    expect(sendRefusal(importedBranch(30 * 1024 * 1024), 'system', next, 100_000_000)).toMatchObject({
      kind: 'bytes',
    });
  });

  it('AgentSession sends nothing for such a conversation and says why, the text kept', async () => {
    let requests = 0;
    const client: ModelClient = {
      label: 'counting',
      async stream() {
        requests++;
        throw new Error('must not be sent');
      },
    };
    const entries = importedBranch(SWAPPED_SIZE);
    const log = new SessionLog(
      { ...createSessionHeader({ id: 's1', model: 'claude-sonnet-4-5', now: 1 }), leafId: 'e1' },
      entries.map((entry) => ({ ...entry, sessionId: 's1' }) as SessionEntry),
    );
    const session = new AgentSession(
      { persistence: memoryPersistence() },
      { client, model: 'claude-sonnet-4-5', maxTokens: 1000 },
      log,
    );
    const sent = session.prompt('And now?');
    await expect(sent).rejects.toBeInstanceOf(ContextFullError);
    await expect(sent).rejects.toThrow(
      /^This conversation no longer fits the model's context \([\d,]+ of 200,000 tokens\)\. Hand off to continue; your message is still in the box\.$/,
    );
    expect(requests).toBe(0);
    expect(session.messages).toHaveLength(1);
  });
});
