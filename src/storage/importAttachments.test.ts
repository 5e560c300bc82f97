/**
 * Attached files through export and import against IndexedDB (fake-indexeddb): the
 * bytes come back identical, as Blobs in the attachments store, in the import's one
 * transaction, and a second import of the same file makes copies under new ids.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  attachedSession,
  attachmentBytes,
  attachmentRecords,
  attachmentRefs,
} from '../../testing/fixtures/attachmentTestFixtures';
import { makeHeader, makeMessageEntry, uniqueDbName } from '../../testing/fixtures/storageTestFixtures';
import type { AttachmentRecord } from '../core/attachments/attachmentTypes';
import { withAttachments } from '../core/exchange/exchangeAttachments';
import { exportBackup, exportChainJsonl } from '../core/exchange/exportJsonl';
import { type ParsedImport, parseImport } from '../core/exchange/importJsonl';
import type { AttachmentBlock } from '../core/types/attachment';
import { isMessageEntry, type SessionEntry } from '../core/types/entry';
import { importSessions, loadExistingIds, snapshotAll } from './importSessions';
import { type BatonDb, openBatonDb } from './schema';
import { SessionRepository } from './sessionRepository';

let repo: SessionRepository;
let db: BatonDb;

beforeEach(async () => {
  const name = uniqueDbName();
  repo = await SessionRepository.open(name);
  db = await openBatonDb(name);
});

afterEach(() => {
  repo.close();
  db.close();
});

/** The session with its three files stored as the app stores them. */
async function storeAttachedSession(target: SessionRepository): Promise<void> {
  const { header, entries } = attachedSession();
  await target.writeBatch({ headers: [header], entries, attachments: attachmentRecords() });
}

/** The file an export of everything in `source` makes (as the app's JSONL export of a session). */
async function exportOf(source: BatonDb): Promise<string> {
  const snapshot = await snapshotAll(source);
  return exportChainJsonl(await withAttachments(snapshot.sessions, snapshot.attachments));
}

async function importInto(target: BatonDb, text: string, makeId?: () => string): Promise<ParsedImport> {
  const parsed = parseImport(text, await loadExistingIds(target), makeId);
  expect(parsed.errors).toEqual([]);
  await importSessions(target, parsed.sessions);
  return parsed;
}

async function bytesOf(record: AttachmentRecord | undefined): Promise<Uint8Array> {
  if (!record) throw new Error('no such attached file');
  return new Uint8Array(await record.data.arrayBuffer());
}

function blockIds(entries: readonly SessionEntry[]): string[] {
  return entries.flatMap((entry) =>
    isMessageEntry(entry)
      ? entry.message.content
          .filter((block): block is AttachmentBlock => block.type === 'attachment')
          .map((block) => block.attachment.id)
      : [],
  );
}

describe('attached files: export then import', () => {
  it('restores an image, a PDF and a text file byte-identical, with the same references', async () => {
    const source = await SessionRepository.open(uniqueDbName());
    await storeAttachedSession(source);
    const sourceDb = await openBatonDb(source.databaseName);
    const text = await exportOf(sourceDb);
    sourceDb.close();
    source.close();

    const parsed = await importInto(db, text);
    expect(parsed.renamedAttachmentCount).toBe(0);

    const stored = await repo.loadSessionAttachments('s-files');
    expect(stored.map(({ data: _bytes, ...rest }) => rest).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      attachmentRefs()
        .map((ref) => ({ ...ref, sessionId: 's-files' }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
    const expected = attachmentBytes();
    for (const record of stored) {
      expect(record.data).toBeInstanceOf(Blob);
      expect(record.data.type).toBe(record.mediaType);
      expect(await bytesOf(record)).toEqual(expected.get(record.id));
    }
    const { entries } = await repo.loadEntries('s-files');
    expect(entries).toEqual(attachedSession().entries);
  });

  it('a second import of the same file makes copies under new ids; the first stays as it was', async () => {
    await storeAttachedSession(repo);
    const text = await exportOf(db);

    const parsed = await importInto(db, text);
    expect(parsed.renamedAttachmentCount).toBe(3);
    const copy = parsed.renamedSessions.get('s-files')!;
    const copies = await repo.loadSessionAttachments(copy);
    expect(copies).toHaveLength(3);
    const copyIds = new Set(copies.map((record) => record.id));
    for (const ref of attachmentRefs()) expect(copyIds.has(ref.id)).toBe(false);

    // The copy's messages attach the copy's files, and only them.
    const { entries } = await repo.loadEntries(copy);
    const attached = blockIds(entries);
    expect(attached).toHaveLength(4);
    for (const id of attached) expect(copyIds.has(id)).toBe(true);
    const records = await repo.loadAttachments(attached);
    for (const [id, record] of records) {
      const original = attachmentRefs().find((ref) => ref.name === record.name)!;
      expect(await bytesOf(record)).toEqual(attachmentBytes().get(original.id));
      expect(record.sessionId).toBe(copy);
      expect(id).toBe(record.id);
    }

    // The originals are untouched and still the original session's.
    const originals = await repo.loadSessionAttachments('s-files');
    expect(originals.map((record) => record.id).sort()).toEqual(
      attachmentRefs()
        .map((ref) => ref.id)
        .sort(),
    );
    // Deleting the copy takes its files only.
    await repo.deleteSession(copy);
    expect(await repo.loadSessionAttachments('s-files')).toHaveLength(3);
    expect((await repo.loadAttachments([...copyIds])).size).toBe(0);
  });

  it('a backup with files restores into another database exactly', async () => {
    await storeAttachedSession(repo);
    const snapshot = await snapshotAll(db);
    const backup = exportBackup(await withAttachments(snapshot.sessions, snapshot.attachments), {
      model: 'm',
    });

    const other = await openBatonDb(uniqueDbName());
    await importInto(other, backup);
    const restored = await snapshotAll(other);
    expect(restored.sessions).toEqual(snapshot.sessions);
    expect([...restored.attachments.keys()].sort()).toEqual([...snapshot.attachments.keys()].sort());
    for (const [id, record] of restored.attachments) {
      expect(await bytesOf(record)).toEqual(await bytesOf(snapshot.attachments.get(id)));
    }
    other.close();
  });

  it('a file the exporting device no longer had imports as a reference without a record', async () => {
    const { header, entries } = attachedSession();
    const [image, ...others] = attachmentRecords();
    await repo.writeBatch({ headers: [header], entries, attachments: others });
    expect(image).toBeDefined();
    const text = await exportOf(db);

    const other = await openBatonDb(uniqueDbName());
    const parsed = await importInto(other, text);
    expect(
      parsed.sessions[0]?.attachments?.find((item) => item.ref.id === 'att-image')?.bytes,
    ).toBeUndefined();
    const otherRepo = new SessionRepository(other);
    expect((await otherRepo.loadSessionAttachments('s-files')).map((record) => record.id).sort()).toEqual([
      'att-pdf',
      'att-text',
    ]);
    expect(blockIds((await otherRepo.loadEntries('s-files')).entries)).toContain('att-image');
    otherRepo.close();
  });
});

describe('attached files are imported all or nothing', () => {
  it('a file id taken after the check rolls back the sessions and entries too', async () => {
    const text = exportChainJsonl([
      { header: makeHeader('other'), entries: [makeMessageEntry('other', 'o1', 1)] },
      ...(await withAttachments(
        [attachedSession()],
        new Map(attachmentRecords().map((record) => [record.id, record])),
      )),
    ]);
    const parsed = parseImport(text, await loadExistingIds(db));
    expect(parsed.errors).toEqual([]);
    // Another tab stores a file with the PDF's id between the check and the import.
    const theirs = { ...attachmentRecords()[1]!, sessionId: 'theirs' };
    await repo.writeBatch({ headers: [makeHeader('theirs')], entries: [], attachments: [theirs] });

    await expect(importSessions(db, parsed.sessions)).rejects.toMatchObject({ name: 'ConstraintError' });
    expect(await repo.getHeader('other')).toBeUndefined();
    expect(await repo.getHeader('s-files')).toBeUndefined();
    expect((await repo.loadEntries('s-files')).entries).toEqual([]);
    expect(await repo.loadSessionAttachments('s-files')).toEqual([]);
    expect((await repo.loadAttachments(['att-pdf'])).get('att-pdf')?.sessionId).toBe('theirs');
  });

  it('refuses a file filed under another session before writing anything', async () => {
    const [session] = await withAttachments(
      [attachedSession()],
      new Map(attachmentRecords().map((record) => [record.id, record])),
    );
    const misfiled = {
      ...session!,
      attachments: session!.attachments!.map((item) => ({ ...item, sessionId: 'x' })),
    };
    await expect(importSessions(db, [misfiled])).rejects.toThrow(/belongs to session x/);
    expect(await repo.getHeader('s-files')).toBeUndefined();
  });
});
