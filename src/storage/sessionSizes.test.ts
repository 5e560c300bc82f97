import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openBatonDb } from './schema';
import { measureSessionSizes } from './sessionSizes';

describe('measureSessionSizes', () => {
  it('adds each session’s entries and attached files, largest first', async () => {
    const db = await openBatonDb(`sizes-${crypto.randomUUID()}`);
    const entry = (id: string, sessionId: string, text: string) => ({
      id,
      parentId: null,
      sessionId,
      timestamp: 1,
      type: 'message',
      message: { role: 'user', content: [{ type: 'text', text }] },
    });
    const small = entry('e1', 'small', 'hi');
    const wordy = entry('e2', 'wordy', 'x'.repeat(5_000));
    await db.put('entries', small as never);
    await db.put('entries', wordy as never);
    await db.put('entries', entry('e3', 'pictures', 'look') as never);
    await db.put('attachments', {
      id: 'a1',
      sessionId: 'pictures',
      kind: 'image',
      mediaType: 'image/png',
      name: 'big.png',
      size: 20_000,
      data: new Blob([new Uint8Array(20_000)]),
    } as never);
    const sizes = await measureSessionSizes(db);
    expect(sizes.map((s) => s.sessionId)).toEqual(['pictures', 'wordy', 'small']);
    expect(sizes[0]?.fileBytes).toBe(20_000);
    expect(sizes[0]?.bytes).toBeGreaterThan(20_000);
    expect(sizes[2]?.bytes).toBe(new TextEncoder().encode(JSON.stringify(small)).length);
    db.close();
  });
});
