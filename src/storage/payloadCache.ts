/**
 * Attachment payloads kept in memory by id, least recently used dropped first once the
 * characters held pass a bound. An id always names the same bytes (attachments are
 * never edited), so a cached payload is never stale and needs no invalidation.
 */
import type { AttachmentPayload } from '../core/attachments/attachmentTypes';
import { payloadChars } from './attachmentPayload';

export class PayloadCache {
  /** In use order: a Map iterates in insertion order, so the first key is the least recent. */
  private readonly items = new Map<string, AttachmentPayload>();
  private chars = 0;

  constructor(private readonly maxChars: number) {}

  /** The payload, counted as just used. */
  get(id: string): AttachmentPayload | undefined {
    const payload = this.items.get(id);
    if (payload === undefined) return undefined;
    this.items.delete(id);
    this.items.set(id, payload);
    return payload;
  }

  /** Keeps the payload as the most recent, dropping the least recent ones over the bound. */
  set(id: string, payload: AttachmentPayload): void {
    this.remove(id);
    const size = payloadChars(payload);
    // One payload over the whole bound would only push everything else out and then itself.
    if (size > this.maxChars) return;
    this.items.set(id, payload);
    this.chars += size;
    for (const oldest of this.items.keys()) {
      if (this.chars <= this.maxChars) break;
      this.remove(oldest);
    }
  }

  /** Characters held, never more than the bound. */
  get totalChars(): number {
    return this.chars;
  }

  private remove(id: string): void {
    const payload = this.items.get(id);
    if (payload === undefined) return;
    this.items.delete(id);
    this.chars -= payloadChars(payload);
  }
}
