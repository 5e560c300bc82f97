/**
 * How much each session takes (issue 29, Settings → Storage): its entries as stored text
 * plus its attached files' bytes. An estimate (the browser's own accounting adds indexes
 * and overhead), but it ranks sessions the way the space is spent, which is what the
 * user needs to decide what to delete. A cursor over each store: no session is loaded
 * whole, and files are counted by their size without reading their bytes.
 */
import type { BatonDb } from './schema';

export interface SessionSize {
  sessionId: string;
  /** Entries (UTF-8 bytes of their JSON) and files together. */
  bytes: number;
  /** The attached files' part of `bytes`. */
  fileBytes: number;
}

const encoder = new TextEncoder();

function jsonBytes(value: unknown): number {
  try {
    return encoder.encode(JSON.stringify(value) ?? '').length;
  } catch {
    // A record JSON cannot write (a cycle, a BigInt) still takes space: count it as nothing rather than fail the list.
    return 0;
  }
}

/** Every session with stored records, largest first. */
export async function measureSessionSizes(db: BatonDb): Promise<SessionSize[]> {
  const sizes = new Map<string, SessionSize>();
  const of = (sessionId: string) => {
    let size = sizes.get(sessionId);
    if (!size) {
      size = { sessionId, bytes: 0, fileBytes: 0 };
      sizes.set(sessionId, size);
    }
    return size;
  };
  const tx = db.transaction(['entries', 'attachments'], 'readonly');
  for (let cursor = await tx.objectStore('entries').openCursor(); cursor; cursor = await cursor.continue()) {
    const value: unknown = cursor.value;
    const sessionId = (value as { sessionId?: unknown }).sessionId;
    if (typeof sessionId === 'string') of(sessionId).bytes += jsonBytes(value);
  }
  for (
    let cursor = await tx.objectStore('attachments').openCursor();
    cursor;
    cursor = await cursor.continue()
  ) {
    const { sessionId, data } = cursor.value as { sessionId?: unknown; data?: unknown };
    if (typeof sessionId !== 'string') continue;
    const bytes = data instanceof Blob ? data.size : 0;
    const size = of(sessionId);
    size.bytes += bytes;
    size.fileBytes += bytes;
  }
  await tx.done;
  return [...sizes.values()].sort((a, b) => b.bytes - a.bytes);
}
