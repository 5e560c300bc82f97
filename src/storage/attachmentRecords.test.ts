/** SessionRepository and attached files: written with their message, deleted with their session, read back whole. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bytesOf,
  makeAttachmentRecord,
  makeHeader,
  makeMessageEntry,
  uniqueDbName,
} from '../../testing/fixtures/storageTestFixtures';
import { type BatonDb, openBatonDb } from './schema';
import { ACTIVE_SESSION_KEY, SessionRepository } from './sessionRepository';

let repo: SessionRepository;
/** A second connection, to see exactly what is stored. */
let raw: BatonDb;

beforeEach(async () => {
  const name = uniqueDbName();
  repo = await SessionRepository.open(name);
  raw = await openBatonDb(name);
});
afterEach(() => {
  repo.close();
  raw.close();
});

/** Stores attachment records as they are, bypassing the repository (to plant damaged ones). */
async function plantAttachments(records: unknown[]): Promise<void> {
  const tx = raw.transaction('attachments', 'readwrite');
  // Damaged records are deliberately not AttachmentRecords.
  for (const record of records) await tx.store.put(record as never);
  await tx.done;
}

async function storedAttachmentIds(): Promise<string[]> {
  return (await raw.getAllKeys('attachments')).map(String).sort();
}

describe('writeBatch with attachments', () => {
  it('stores the file with the message that refers to it, bytes intact', async () => {
    const file = makeAttachmentRecord('s1', 'a1', 'naïve café ✓');
    const result = await repo.writeBatch({
      headers: [makeHeader('s1')],
      entries: [makeMessageEntry('s1', 'e1', 1)],
      attachments: [file],
    });
    expect(result.refusedSessionIds).toEqual([]);
    expect(await raw.get('entries', 'e1')).toEqual(makeMessageEntry('s1', 'e1', 1));
    const stored = await raw.get('attachments', 'a1');
    const { data: _storedData, ...storedFields } = stored ?? { data: undefined };
    const { data: _fileData, ...fileFields } = file;
    expect(storedFields).toEqual(fileFields);
    expect(stored?.data.type).toBe('text/plain');
    expect(await bytesOf(stored)).toEqual([...new TextEncoder().encode('naïve café ✓')]);
  });

  it('lands nothing, file included, when the transaction aborts before it commits', async () => {
    await repo.putHeader(makeHeader('s1', { title: 'before' }));
    await expect(
      repo.writeBatch(
        {
          headers: [makeHeader('s1', { title: 'after' })],
          entries: [makeMessageEntry('s1', 'e1', 1)],
          settings: [[ACTIVE_SESSION_KEY, 's1']],
          attachments: [makeAttachmentRecord('s1', 'a1')],
        },
        {
          beforeCommit: () => {
            throw new Error('disk full');
          },
        },
      ),
    ).rejects.toThrow('disk full');
    expect(await storedAttachmentIds()).toEqual([]);
    expect(await raw.get('entries', 'e1')).toBeUndefined();
    expect((await repo.getHeader('s1'))?.title).toBe('before');
    expect(await repo.getActiveSessionId()).toBeUndefined();
  });

  it('writes a batch of files alone (queued ahead of their message)', async () => {
    await repo.writeBatch({ entries: [], headers: [], attachments: [makeAttachmentRecord('s1', 'a1')] });
    expect(await storedAttachmentIds()).toEqual(['a1']);
  });

  it("refuses a deleted session's files while the rest of the batch lands", async () => {
    await repo.createSession(makeHeader('gone'), [makeMessageEntry('gone', 'g1', 1)]);
    await repo.deleteSession('gone');
    const result = await repo.writeBatch({
      headers: [makeHeader('kept')],
      entries: [makeMessageEntry('kept', 'k1', 1)],
      attachments: [makeAttachmentRecord('gone', 'a-gone'), makeAttachmentRecord('kept', 'a-kept')],
    });
    expect(result.refusedSessionIds).toEqual(['gone']);
    expect(await storedAttachmentIds()).toEqual(['a-kept']);
    expect(await raw.get('entries', 'k1')).toBeDefined();
  });
});

describe('deleteSession and attachments', () => {
  it("removes the session's files and no other session's", async () => {
    await repo.writeBatch({
      headers: [makeHeader('doomed'), makeHeader('other')],
      entries: [makeMessageEntry('doomed', 'd1', 1), makeMessageEntry('other', 'o1', 1)],
      attachments: [
        makeAttachmentRecord('doomed', 'a-d1'),
        makeAttachmentRecord('doomed', 'a-d2'),
        makeAttachmentRecord('other', 'a-o1'),
      ],
    });
    await repo.deleteSession('doomed');
    expect(await storedAttachmentIds()).toEqual(['a-o1']);
    expect(await bytesOf(await raw.get('attachments', 'a-o1'))).toEqual([
      ...new TextEncoder().encode('contents of a-o1'),
    ]);
  });
});

describe('removeOrphanAttachments', () => {
  it('removes files whose session has no header, and only those', async () => {
    await repo.writeBatch({
      headers: [makeHeader('live')],
      entries: [makeMessageEntry('live', 'l1', 1)],
      attachments: [makeAttachmentRecord('live', 'a-live')],
    });
    // Left by a crash between writing the files and the session, or by older data.
    await raw.put('attachments', makeAttachmentRecord('lost', 'a-lost1'));
    await raw.put('attachments', makeAttachmentRecord('lost', 'a-lost2'));
    await raw.put('attachments', makeAttachmentRecord('also-lost', 'a-lost3'));
    await raw.put('entries', makeMessageEntry('lost', 'e-lost', 1));

    expect(await repo.removeOrphanAttachments()).toBe(3);
    expect(await storedAttachmentIds()).toEqual(['a-live']);
    // The entries are removeOrphanEntries' business: one store per call.
    expect(await raw.get('entries', 'e-lost')).toBeDefined();
    expect(await repo.removeOrphanAttachments()).toBe(0);
  });

  it('is not done by removeOrphanEntries, which leaves files alone', async () => {
    await raw.put('attachments', makeAttachmentRecord('lost', 'a-lost'));
    await raw.put('entries', makeMessageEntry('lost', 'e-lost', 1));
    expect(await repo.removeOrphanEntries()).toBe(1);
    expect(await storedAttachmentIds()).toEqual(['a-lost']);
  });
});

describe('reading attachments', () => {
  const damaged = [
    { ...makeAttachmentRecord('s1', 'no-blob'), data: 'not a blob' },
    { ...makeAttachmentRecord('s1', 'no-kind'), kind: 'video' },
    { ...makeAttachmentRecord('s1', 'no-type'), mediaType: undefined },
    { ...makeAttachmentRecord('s1', 'no-owner'), sessionId: 7 },
  ];

  it('loadAttachments returns the stored ones by id and leaves out damaged and unknown ids', async () => {
    await repo.writeBatch({
      entries: [],
      headers: [makeHeader('s1')],
      attachments: [makeAttachmentRecord('s1', 'good'), makeAttachmentRecord('s2', 'elsewhere')],
    });
    await plantAttachments(damaged);
    const ids = ['good', 'elsewhere', 'missing', ...damaged.map((record) => record.id)];
    const loaded = await repo.loadAttachments(ids);
    expect([...loaded.keys()].sort()).toEqual(['elsewhere', 'good']);
    expect(await bytesOf(loaded.get('good'))).toEqual([...new TextEncoder().encode('contents of good')]);
  });

  it("loadSessionAttachments returns one session's sound records only", async () => {
    await repo.writeBatch({
      entries: [],
      headers: [makeHeader('s1'), makeHeader('s2')],
      attachments: [
        makeAttachmentRecord('s1', 'first'),
        makeAttachmentRecord('s1', 'second'),
        makeAttachmentRecord('s2', 'other'),
      ],
    });
    await plantAttachments(damaged);
    const loaded = await repo.loadSessionAttachments('s1');
    expect(loaded.map((record) => record.id).sort()).toEqual(['first', 'second']);
    expect(await repo.loadSessionAttachments('nobody')).toEqual([]);
  });
});
