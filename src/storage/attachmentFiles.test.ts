/** AttachmentFiles.load: queued files before stored ones, each read and encoded once while it stays cached. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AttachmentRecord } from '../core/attachments/attachmentTypes';
import { AttachmentFiles } from './attachmentFiles';

/** An image of `size` bytes; its base64 is 4/3 as many characters. */
function image(id: string, size = 6): AttachmentRecord {
  const data = new Blob([new Uint8Array(size).fill(id.charCodeAt(0))], { type: 'image/png' });
  return { id, sessionId: 's', kind: 'image', mediaType: 'image/png', name: `${id}.png`, size, data };
}

/** Stored and queued records behind fakes that count every read. */
function setup(stored: AttachmentRecord[], queued: AttachmentRecord[] = [], cacheChars?: number) {
  const storedById = new Map(stored.map((record) => [record.id, record]));
  const queuedById = new Map(queued.map((record) => [record.id, record]));
  const askedStore: string[][] = [];
  const bytesRead: string[] = [];
  for (const record of [...stored, ...queued]) {
    const original = record.data.arrayBuffer.bind(record.data);
    vi.spyOn(record.data, 'arrayBuffer').mockImplementation(() => {
      bytesRead.push(record.id);
      return original();
    });
  }
  const repository = {
    loadAttachments: async (ids: readonly string[]) => {
      askedStore.push([...ids]);
      const found = new Map<string, AttachmentRecord>();
      for (const id of ids) {
        const record = storedById.get(id);
        if (record) found.set(id, record);
      }
      return found;
    },
  };
  const queue = { pendingAttachment: (id: string) => queuedById.get(id) };
  const files = new AttachmentFiles(repository, queue, cacheChars === undefined ? {} : { cacheChars });
  return { files, askedStore, bytesRead };
}

/** What image(id, size) encodes to, worked out without reading its Blob. */
function base64Of(id: string, size = 6): string {
  return Buffer.alloc(size, id.charCodeAt(0)).toString('base64');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AttachmentFiles.load', () => {
  it('gives each found id its payload and leaves unknown ids out of the map', async () => {
    const { files } = setup([image('a')]);
    const payloads = await files.load(['a', 'missing']);
    expect([...payloads.keys()]).toEqual(['a']);
    expect(payloads.get('a')).toEqual({ kind: 'image', mediaType: 'image/png', base64: base64Of('a') });
  });

  it('serves a file still queued for writing, without asking the store for it', async () => {
    const { files, askedStore } = setup([], [image('q')]);
    const payloads = await files.load(['q']);
    expect(payloads.get('q')).toMatchObject({ kind: 'image', base64: base64Of('q') });
    expect(askedStore).toEqual([]);
  });

  it('reads and encodes a file once: the next turn gets it from the cache', async () => {
    const { files, askedStore, bytesRead } = setup([image('a'), image('b')]);
    const first = await files.load(['a', 'b']);
    const second = await files.load(['b', 'a']);
    expect(bytesRead).toEqual(['a', 'b']);
    expect(askedStore).toEqual([['a', 'b']]);
    expect(second.get('a')).toEqual(first.get('a'));
    expect([...second.keys()]).toEqual(['b', 'a']);
  });

  it('keeps the cache within its bound by dropping the least recently used file', async () => {
    // Each 6-byte image is 8 base64 characters: a bound of 20 holds two of them.
    const { files, bytesRead } = setup([image('a'), image('b'), image('c')], [], 20);
    await files.load(['a']);
    await files.load(['b']);
    await files.load(['a']); // a is now the more recent of the two
    await files.load(['c']); // over the bound: b goes
    expect(bytesRead).toEqual(['a', 'b', 'c']);

    await files.load(['a', 'c']);
    expect(bytesRead).toEqual(['a', 'b', 'c']);
    await files.load(['b']);
    expect(bytesRead).toEqual(['a', 'b', 'c', 'b']);
  });

  it('does not cache a file larger than the whole bound, nor evict the others for it', async () => {
    const { files, bytesRead } = setup([image('a'), image('big', 60)], [], 20);
    await files.load(['a']);
    expect((await files.load(['big'])).has('big')).toBe(true);
    await files.load(['a', 'big']);
    expect(bytesRead).toEqual(['a', 'big', 'big']);
  });

  it('leaves out a file whose bytes can no longer be read, and tries it again next time', async () => {
    const lost = image('lost');
    const { files, bytesRead } = setup([lost, image('a')]);
    vi.spyOn(lost.data, 'arrayBuffer').mockImplementation(() => {
      bytesRead.push('lost');
      return Promise.reject(new DOMException('The file could not be read.', 'NotReadableError'));
    });
    const payloads = await files.load(['lost', 'a']);
    expect([...payloads.keys()]).toEqual(['a']);
    await files.load(['lost']);
    expect(bytesRead).toEqual(['lost', 'a', 'lost']);
  });

  it('gives text files as text', async () => {
    const data = new Blob([new TextEncoder().encode('notes: café')], { type: 'text/plain' });
    const text: AttachmentRecord = { ...image('t'), kind: 'text', mediaType: 'text/plain', data };
    const { files } = setup([text]);
    expect((await files.load(['t'])).get('t')).toEqual({ kind: 'text', text: 'notes: café' });
  });
});
