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
import { readPayload } from './attachmentPayload';
import { PayloadCache } from './payloadCache';
import type { SessionRepository } from './sessionRepository';
import type { WriteQueue } from './writeQueue';

/**
 * Payload characters kept in memory (about 48 MB of base64, some 36 MB of files). Every
 * turn of a session sends its files again: without the cache each turn would read and
 * encode them all anew, work that grows with the session.
 */
export const PAYLOAD_CACHE_CHARS = 48 * 1024 * 1024;

export interface AttachmentFilesOptions {
  /** The payload cache's bound in characters. Default PAYLOAD_CACHE_CHARS. */
  cacheChars?: number;
}

export class AttachmentFiles implements AttachmentLoader {
  private readonly cache: PayloadCache;

  constructor(
    private readonly repository: Pick<SessionRepository, 'loadAttachments'>,
    private readonly queue: Pick<WriteQueue, 'pendingAttachment'>,
    options: AttachmentFilesOptions = {},
  ) {
    this.cache = new PayloadCache(options.cacheChars ?? PAYLOAD_CACHE_CHARS);
  }

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

  /**
   * Payloads for a request, from the cache when it has them; the rest are read (queued
   * or stored) and cached. Ids found nowhere, or whose bytes the browser can no longer
   * read, are missing from the map: the request carries a note in their place.
   */
  async load(ids: readonly string[]): Promise<Map<string, AttachmentPayload>> {
    const found = new Map<string, AttachmentPayload>();
    const unread: string[] = [];
    for (const id of new Set(ids)) {
      const cached = this.cache.get(id);
      if (cached) found.set(id, cached);
      else unread.push(id);
    }
    // One file at a time: only one file's bytes are held besides its encoding.
    for (const [id, record] of await this.records(unread)) {
      const payload = await readPayload(record).catch(() => undefined);
      if (payload === undefined) continue;
      this.cache.set(id, payload);
      found.set(id, payload);
    }
    // In the order asked for, whatever came from where.
    const payloads = new Map<string, AttachmentPayload>();
    for (const id of ids) {
      const payload = found.get(id);
      if (payload) payloads.set(id, payload);
    }
    return payloads;
  }
}
