/** SessionRepository.rewriteEverything and WriteQueue.rewritePending: a forgotten key taken out of storage. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bytesOf,
  makeAttachmentRecord,
  makeHeader,
  makeMessageEntry,
  uniqueDbName,
} from '../../testing/fixtures/storageTestFixtures';
import { scrubbed } from '../core/secrets/scrubSecret';
import { type BatonDb, openBatonDb } from './schema';
import { sessionChangesOf } from './sessionChanges';
import { SessionRepository } from './sessionRepository';
import { WriteQueue } from './writeQueue';

const KEY = 'sk-ant-api03-storage-test-key-0123456789';

let name: string;
let repo: SessionRepository;
let raw: BatonDb;

beforeEach(async () => {
  name = uniqueDbName();
  repo = await SessionRepository.open(name);
  raw = await openBatonDb(name);
});
afterEach(() => {
  vi.restoreAllMocks();
  repo.close();
  raw.close();
});

async function everything(): Promise<string> {
  const [sessions, entries, settings] = await Promise.all([
    raw.getAll('sessions'),
    raw.getAll('entries'),
    raw.getAll('settings'),
  ]);
  return JSON.stringify({ sessions, entries, settings });
}

async function seed(): Promise<void> {
  await repo.createSession(makeHeader('a', { title: `About ${KEY}` }), [
    makeMessageEntry('a', 'a1', 1, { text: `my key is ${KEY}` }),
    makeMessageEntry('a', 'a2', 2, { parentId: 'a1', text: 'no secret' }),
  ]);
  await repo.createSession(makeHeader('b'), [makeMessageEntry('b', 'b1', 1, { text: 'clean' })]);
  await repo.setSetting('templates', [{ name: 't', text: `use ${KEY}` }]);
  await repo.setSetting('kept', `fingerprint list mentioning ${KEY}`);
}

describe('SessionRepository.rewriteEverything', () => {
  it('rewrites every record that changes, in every store, but the settings it is told to keep', async () => {
    await seed();
    const changes: string[][] = [];
    repo.onChange((committed) => {
      for (const change of sessionChangesOf(committed))
        if (change.kind === 'sessions-changed') changes.push(change.sessionIds.sort());
    });
    const changed = await repo.rewriteEverything((_store, value) => scrubbed(value, KEY), ['kept']);
    expect(changed).toBe(3); // a's header, a1, the templates
    const stored = await everything();
    expect(stored.split(KEY)).toHaveLength(2); // only in the kept setting
    expect(await raw.get('settings', 'kept')).toContain(KEY);
    expect((await raw.get('entries', 'a2')) as unknown).toMatchObject({ id: 'a2' });
    expect(changes).toEqual([['a']]);
  });

  it('neither walks nor rewrites the attached files (bytes, not text a key is typed into)', async () => {
    await seed();
    const file = makeAttachmentRecord('a', 'file-a', `notes with ${KEY}`);
    await repo.writeBatch({ entries: [], headers: [], attachments: [file] });
    const walked: string[] = [];
    const originalOpenCursor = IDBObjectStore.prototype.openCursor;
    vi.spyOn(IDBObjectStore.prototype, 'openCursor').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['openCursor']>
    ) {
      walked.push(this.name);
      return originalOpenCursor.apply(this, args);
    });
    const offered = new Set<string>();
    await repo.rewriteEverything((store, value) => {
      offered.add(store);
      return scrubbed(value, KEY);
    });
    expect([...new Set(walked)].sort()).toEqual(['entries', 'sessions', 'settings']);
    expect([...offered].sort()).toEqual(['entries', 'sessions', 'settings']);
    const stored = await raw.get('attachments', 'file-a');
    expect(stored?.name).toBe('file-a.txt');
    expect(await bytesOf(stored)).toEqual(await bytesOf(file));
  });

  it('changes nothing when the rewrite fails half way: one transaction', async () => {
    await seed();
    const before = await everything();
    let seen = 0;
    await expect(
      repo.rewriteEverything((_store, value) => {
        seen += 1;
        if (seen === 3) throw new Error('boom');
        return scrubbed(value, KEY);
      }),
    ).rejects.toThrow('boom');
    expect(await everything()).toBe(before);
  });
});

describe('WriteQueue.rewritePending', () => {
  it('rewrites what is queued, so the key never reaches storage', async () => {
    const queue = new WriteQueue(repo, { intervalMs: 60_000 });
    queue.start();
    queue.saveHeader(makeHeader('q', { title: `Queued ${KEY}` }));
    queue.saveEntry(makeMessageEntry('q', 'q1', 1, { text: `queued ${KEY}` }));
    await queue.rewritePending(
      (entry) => scrubbed(entry, KEY),
      (header) => scrubbed(header, KEY),
    );
    await queue.flush();
    const stored = await everything();
    expect(stored).toContain('Queued [API key removed]');
    expect(stored).not.toContain(KEY);
    queue.dispose();
  });
});
