/**
 * Attached files as the app reads them: a file queued and not yet written is served
 * from the write queue, anything else from IndexedDB. The one place views (thumbnails)
 * and requests (payloads) get bytes from.
 */
import type {
  AttachmentLoader,
  AttachmentPayload,
  AttachmentRecord,
} from '../core/attachments/attachmentTypes';
import type { SessionRepository } from './sessionRepository';
import type { WriteQueue } from './writeQueue';

export class AttachmentFiles implements AttachmentLoader {
  constructor(
    private readonly repository: Pick<SessionRepository, 'loadAttachments'>,
    private readonly queue: Pick<WriteQueue, 'pendingAttachment'>,
  ) {}

  /** Records by id, queued ones first; ids found nowhere are missing from the map. */
  async records(ids: readonly string[]): Promise<Map<string, AttachmentRecord>> {
    const found = new Map<string, AttachmentRecord>();
    const stored: string[] = [];
    for (const id of ids) {
      const pending = this.queue.pendingAttachment(id);
      if (pending) found.set(id, pending);
      else stored.push(id);
    }
    if (stored.length > 0)
      for (const [id, record] of await this.repository.loadAttachments(stored)) found.set(id, record);
    return found;
  }

  /** One file's bytes, for a thumbnail or opening it; undefined when the device no longer has it. */
  async blob(id: string): Promise<Blob | undefined> {
    return (await this.records([id])).get(id)?.data;
  }

  /** TODO(storage helper): base64 / text payloads with a cache; see attachmentTypes. */
  async load(ids: readonly string[]): Promise<Map<string, AttachmentPayload>> {
    const payloads = new Map<string, AttachmentPayload>();
    for (const [id, record] of await this.records(ids)) {
      if (record.kind === 'text') payloads.set(id, { kind: 'text', text: await record.data.text() });
      else {
        const bytes = new Uint8Array(await record.data.arrayBuffer());
        let binary = '';
        for (const byte of bytes) binary += String.fromCharCode(byte);
        payloads.set(id, { kind: record.kind, mediaType: record.mediaType, base64: btoa(binary) });
      }
    }
    return payloads;
  }
}
