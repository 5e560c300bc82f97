/**
 * Attachments through the session as the app runs it: the real SDK against the mock API,
 * real storage over fake-indexeddb. A file is stored with its message (same write), sent
 * as the API's block with the stored bytes, counted by the mock by its pixels and pages,
 * named in the handoff instruction and listed in the new session's handoff details.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../testing/mockModel';
import { type SessionHarness, startSessionHarness } from '../../testing/sessionHarness';
import type { AttachmentRecord } from './attachments/attachmentTypes';
import { readHandoffDetails } from './handoff/handoffDetails';
import { isMessageEntry } from './types/entry';

let h: SessionHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A 2×1 PNG: real bytes, so the mock's check of what an image/png really is passes. */
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwHwQZGBgAM/8F+x4RBCUAAAAASUVORK5CYII=',
  ),
  (c) => c.charCodeAt(0),
);
const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R >> endobj\n%%EOF',
);
const NOTES = 'deploy window: Tuesday 06:00 UTC\nowner: Ana';

type NewFile = Omit<AttachmentRecord, 'sessionId'>;
const files: NewFile[] = [
  {
    id: 'f-png',
    kind: 'image',
    mediaType: 'image/png',
    name: 'chart.png',
    size: PNG.length,
    width: 2,
    height: 1,
    data: new Blob([PNG], { type: 'image/png' }),
  },
  {
    id: 'f-pdf',
    kind: 'pdf',
    mediaType: 'application/pdf',
    name: 'spec.pdf',
    size: PDF.length,
    pages: 1,
    data: new Blob([PDF], { type: 'application/pdf' }),
  },
  {
    id: 'f-txt',
    kind: 'text',
    mediaType: 'text/plain',
    name: 'notes.txt',
    size: NOTES.length,
    data: new Blob([NOTES], { type: 'text/plain' }),
  },
];

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

describe('attachments through the session', () => {
  it('stores the files with the message and sends them as image, document and text blocks before the text', async () => {
    h = await startSessionHarness();
    h.mock.script(textReply('Seen.'));
    await h.session.prompt('What do these say?', { attachments: files });

    const content = h.mock.messageRequests()[0]?.body.messages?.[0]?.content as Array<
      Record<string, unknown>
    >;
    expect(content.map((block) => block.type)).toEqual(['image', 'document', 'text', 'text']);
    expect(content[0]).toMatchObject({
      source: { type: 'base64', media_type: 'image/png', data: base64(PNG) },
    });
    expect(content[1]).toMatchObject({
      title: 'spec.pdf',
      source: { type: 'base64', media_type: 'application/pdf', data: base64(PDF) },
    });
    expect(content[2]?.text).toBe(`<attached-file name="notes.txt">\n${NOTES}\n</attached-file>`);
    expect(content[3]?.text).toBe('What do these say?');

    // Stored: the records under the session, the message holding references only.
    await h.queue.flush();
    const stored = await h.repository.loadSessionAttachments(h.session.header.id);
    expect(stored.map((record) => record.id).sort()).toEqual(['f-pdf', 'f-png', 'f-txt']);
    const png = stored.find((record) => record.id === 'f-png');
    if (!png) throw new Error('The PNG was not stored');
    expect(new Uint8Array(await png.data.arrayBuffer())).toEqual(PNG);
    const entries = await h.stored.entries(h.session.header.id);
    const question = entries.find((entry) => isMessageEntry(entry) && entry.message.role === 'user');
    expect(JSON.stringify(question)).not.toContain(base64(PNG));
    expect(question && isMessageEntry(question) && question.message.content[0]).toEqual({
      type: 'attachment',
      attachment: {
        id: 'f-png',
        kind: 'image',
        mediaType: 'image/png',
        name: 'chart.png',
        size: PNG.length,
        width: 2,
        height: 1,
      },
    });
  });

  it('sends files alone, without an empty text block', async () => {
    h = await startSessionHarness();
    h.mock.script(textReply('A chart.'));
    await h.session.prompt('', { attachments: [files[0] as NewFile] });
    const content = h.mock.messageRequests()[0]?.body.messages?.[0]?.content as Array<{ type: string }>;
    expect(content.map((block) => block.type)).toEqual(['image']);
  });

  it('titles a session whose first message is files alone after its first file', async () => {
    h = await startSessionHarness();
    h.mock.script(textReply('A chart.'));
    await h.session.prompt('', { attachments: [files[0] as NewFile, files[1] as NewFile] });
    expect(h.session.header.title).toBe('chart.png');
  });

  it('an edit of a message changes its words and keeps its files', async () => {
    h = await startSessionHarness();
    h.mock.script(textReply('Seen.'), textReply('Seen again.'));
    await h.session.prompt('First words', { attachments: [files[0] as NewFile] });
    const question = h.session.log.getBranch().find((e) => isMessageEntry(e) && e.message.role === 'user');
    if (!question) throw new Error('No question');
    await h.session.promptAsEdit(question.id, 'Better words');
    const content = h.mock.messageRequests()[1]?.body.messages?.[0]?.content as Array<
      Record<string, unknown>
    >;
    expect(content.map((block) => block.type)).toEqual(['image', 'text']);
    expect(content[0]).toMatchObject({ source: { data: base64(PNG) } });
    expect(content[1]?.text).toBe('Better words');
  });

  it('sends the files again in later turns, read from storage once written', async () => {
    h = await startSessionHarness();
    h.mock.script(textReply('Seen.'), textReply('Still seen.'));
    await h.session.prompt('Look', { attachments: [files[0] as NewFile] });
    await h.queue.flush();
    await h.session.prompt('And again?');
    const again = h.mock.messageRequests()[1]?.body.messages?.[0]?.content as Array<Record<string, unknown>>;
    expect(again[0]).toMatchObject({ type: 'image', source: { data: base64(PNG) } });
  });

  it('names the files in the handoff instruction and lists them, with their message, in the new session', async () => {
    h = await startSessionHarness();
    h.mock.script(textReply('Seen.'));
    await h.session.prompt('Keep these', { attachments: files });
    const parentId = h.session.header.id;
    const question = h.session.log.getBranch().find((e) => isMessageEntry(e) && e.message.role === 'user');

    const DOC =
      '## Goal\nG.\n\n## Constraints & Preferences\nC.\n\n## Progress\nP.\n\n## Key Decisions\nK.\n\n## Critical Context\nchart.png shows growth.\n\n## Next Steps\n1. N.';
    h.mock.script(textReply(DOC));
    const result = await h.session.handoff();
    expect(result.status).toBe('done');

    const handoffRequest = h.mock.messageRequests()[1];
    const turns = handoffRequest?.body.messages as Array<{ content: Array<Record<string, unknown>> }>;
    // The files are still in the model's view: sent as blocks, read back from the cache's prefix.
    expect(turns[0]?.content[0]).toMatchObject({ type: 'image', source: { data: base64(PNG) } });
    const instruction = String(turns.at(-1)?.content.at(-1)?.text);
    expect(instruction).toContain(`- chart.png (image, 2×1, ${PNG.length} bytes)`);
    expect(instruction).toContain('- spec.pdf (PDF, 1 page,');
    expect(instruction).toContain('- notes.txt (text file,');

    const handoff = h.session.log.getBranch()[0];
    const details = readHandoffDetails(handoff && 'details' in handoff ? handoff.details : undefined);
    expect(details.parentSession).toBe(parentId);
    expect(details.attachments?.map((file) => [file.entryId, file.attachment.name])).toEqual([
      [question?.id, 'chart.png'],
      [question?.id, 'spec.pdf'],
      [question?.id, 'notes.txt'],
    ]);
    // The new session itself holds no file.
    await h.queue.flush();
    expect(await h.repository.loadSessionAttachments(h.session.header.id)).toEqual([]);
  });
});
