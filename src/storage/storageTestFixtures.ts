/**
 * Builders shared by the storage tests. Each test opens its own database name, so
 * tests never see each other's records even though fake-indexeddb is one global.
 */
import type { AttachmentRecord } from '../core/attachments/attachmentTypes';
import type { CustomMessageEntry, MessageEntry, SessionHeader, StopReason } from '../core/session/types';

export function uniqueDbName(): string {
  return `baton-test-${crypto.randomUUID()}`;
}

export function makeHeader(id: string, overrides: Partial<SessionHeader> = {}): SessionHeader {
  return {
    id,
    title: `Session ${id}`,
    createdAt: 1_000,
    updatedAt: 1_000,
    model: 'claude-test',
    leafId: null,
    children: [],
    ...overrides,
  };
}

export function makeMessageEntry(
  sessionId: string,
  id: string,
  timestamp: number,
  options: { parentId?: string | null; text?: string; stopReason?: StopReason } = {},
): MessageEntry {
  return {
    type: 'message',
    id,
    sessionId,
    parentId: options.parentId ?? null,
    timestamp,
    message: {
      role: 'assistant',
      content: [{ type: 'text', text: options.text ?? `text of ${id}` }],
      stopReason: options.stopReason ?? 'end_turn',
    },
  };
}

export function makeCustomEntry(sessionId: string, id: string, timestamp: number): CustomMessageEntry {
  return {
    type: 'custom_message',
    id,
    sessionId,
    parentId: null,
    timestamp,
    customType: 'handoff',
    content: 'The handoff document.',
    display: true,
  };
}

/** A stored text file of `sessionId` whose bytes are `text` (UTF-8). */
export function makeAttachmentRecord(
  sessionId: string,
  id: string,
  text = `contents of ${id}`,
): AttachmentRecord {
  const data = new Blob([text], { type: 'text/plain' });
  return { id, sessionId, kind: 'text', mediaType: 'text/plain', name: `${id}.txt`, size: data.size, data };
}

/** A stored file's bytes, to compare what was written with what comes back. */
export async function bytesOf(record: { data: Blob } | undefined): Promise<number[] | undefined> {
  return record ? [...new Uint8Array(await record.data.arrayBuffer())] : undefined;
}
