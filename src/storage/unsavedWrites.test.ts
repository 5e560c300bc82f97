/**
 * What a page ending before its writes were stored leaves noted (unsavedWritesNote.ts),
 * and the next start storing it (replayUnsavedWrites.ts) without ever replacing a newer
 * stored record.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  makeHeader,
  makeMessageEntry,
  memoryTextStore,
  refusingTextStore,
  uniqueDbName,
} from '../../testing/fixtures/storageTestFixtures';
import { replayUnsavedWrites } from './replayUnsavedWrites';
import { SessionRepository } from './sessionRepository';
import { hasUnsavedWritesNote, unsavedWritesKey } from './unsavedWritesKey';
import { readUnsavedWrites, unsavedWritesNote } from './unsavedWritesNote';

const opened: SessionRepository[] = [];
afterEach(() => {
  for (const repository of opened.splice(0)) repository.close();
});

async function openRepository(): Promise<SessionRepository> {
  const repository = await SessionRepository.open(uniqueDbName());
  opened.push(repository);
  return repository;
}

const question = makeMessageEntry('s1', 'e1', 2_000, { text: 'Why is the sky blue?' });
const reply = makeMessageEntry('s1', 'e2', 3_000, { parentId: 'e1', text: 'Rayleigh scattering.' });
const header = makeHeader('s1', { leafId: 'e2', updatedAt: 3_000 });

describe('unsavedWritesNote', () => {
  it("keeps each tab's part, replaces it on the next keep, and forgets only its own", () => {
    const store = memoryTextStore();
    const tabA = unsavedWritesNote('baton', 'tab-a', store);
    const tabB = unsavedWritesNote('baton', 'tab-b', store);
    expect(hasUnsavedWritesNote('baton', store)).toBe(false);
    tabA.keep({ entries: [question], headers: [] });
    tabA.keep({ entries: [question, reply], headers: [header] });
    tabB.keep({ entries: [reply], headers: [] });
    expect(hasUnsavedWritesNote('baton', store)).toBe(true);
    expect(hasUnsavedWritesNote('baton-bench', store)).toBe(false);
    const parts = readUnsavedWrites('baton', store);
    expect(parts.get('tab-a')).toEqual({ entries: [question, reply], headers: [header] });
    expect(parts.get('tab-b')).toEqual({ entries: [reply], headers: [] });
    tabA.forget();
    expect([...readUnsavedWrites('baton', store).keys()]).toEqual(['tab-b']);
    tabB.forget();
    // Empty, the record itself goes: a start then has nothing to load for it.
    expect(store.items.has(unsavedWritesKey('baton'))).toBe(false);
  });

  it('a damaged record reads as nothing, and localStorage refusing costs only the note', () => {
    const store = memoryTextStore();
    store.setItem(
      unsavedWritesKey('baton'),
      '{"tab-a": {"entries": [{"no": "id"}], "headers": []}, "tab-b": 3',
    );
    expect(readUnsavedWrites('baton', store).size).toBe(0);
    store.setItem(unsavedWritesKey('baton'), '{"tab-a": {"entries": [{"no": "id"}], "headers": []}}');
    expect(readUnsavedWrites('baton', store).size).toBe(0);
    const refusing = refusingTextStore();
    const note = unsavedWritesNote('baton', 'tab-a', refusing);
    expect(() => note.keep({ entries: [question], headers: [] })).not.toThrow();
    expect(() => note.forget()).not.toThrow();
    expect(hasUnsavedWritesNote('baton', refusing)).toBe(false);
    expect(readUnsavedWrites('baton', refusing).size).toBe(0);
  });
});

describe('replayUnsavedWrites', () => {
  it('stores a session never stored, its header and its entries, and takes the note out', async () => {
    const repository = await openRepository();
    const store = memoryTextStore();
    unsavedWritesNote(repository.databaseName, 'tab-a', store).keep({
      entries: [question, reply],
      headers: [header],
    });
    expect(await replayUnsavedWrites(repository, store)).toBeUndefined();
    expect(await repository.getHeader('s1')).toEqual(header);
    expect((await repository.loadEntries('s1')).entries).toEqual([question, reply]);
    expect(hasUnsavedWritesNote(repository.databaseName, store)).toBe(false);
  });

  it('an ended reply replaces its stored streaming version, never the reverse', async () => {
    const repository = await openRepository();
    const partial = makeMessageEntry('s1', 'e2', 3_000, {
      parentId: 'e1',
      text: 'Rayleigh',
      stopReason: 'streaming',
    });
    await repository.createSession(header, [question, partial]);
    const store = memoryTextStore();
    unsavedWritesNote(repository.databaseName, 'tab-a', store).keep({ entries: [reply], headers: [] });
    await replayUnsavedWrites(repository, store);
    expect((await repository.getEntries([reply]))[0]).toEqual(reply);

    // A note older than what is stored (the tab stored it after all): the stored one stays.
    unsavedWritesNote(repository.databaseName, 'tab-b', store).keep({ entries: [partial], headers: [] });
    await replayUnsavedWrites(repository, store);
    expect((await repository.getEntries([reply]))[0]).toEqual(reply);
    expect(hasUnsavedWritesNote(repository.databaseName, store)).toBe(false);
  });

  it('a header renamed since keeps its new title and takes the restored leaf', async () => {
    const repository = await openRepository();
    const renamed = makeHeader('s1', { leafId: 'e1', updatedAt: 5_000, title: 'Renamed in another tab' });
    await repository.createSession(renamed, [question]);
    const store = memoryTextStore();
    unsavedWritesNote(repository.databaseName, 'tab-a', store).keep({ entries: [reply], headers: [header] });
    await replayUnsavedWrites(repository, store);
    expect(await repository.getHeader('s1')).toEqual({ ...renamed, leafId: 'e2' });

    // A noted header whose leaf restored nothing changes nothing.
    const stale = makeHeader('s1', { leafId: 'e1', updatedAt: 4_000, title: 'Old title' });
    unsavedWritesNote(repository.databaseName, 'tab-b', store).keep({ entries: [], headers: [stale] });
    await replayUnsavedWrites(repository, store);
    expect(await repository.getHeader('s1')).toEqual({ ...renamed, leafId: 'e2' });
  });

  it("a header as old as the stored one changes nothing: a handoff's link stored as the page died stays", async () => {
    const repository = await openRepository();
    const linked = makeHeader('s1', { leafId: 'e2', updatedAt: 3_000, children: ['s2'] });
    await repository.createSession(linked, [question, reply]);
    const store = memoryTextStore();
    unsavedWritesNote(repository.databaseName, 'tab-a', store).keep({ entries: [reply], headers: [header] });
    await replayUnsavedWrites(repository, store);
    expect(await repository.getHeader('s1')).toEqual(linked);

    // A newer one wins, its link list joined with the stored one's.
    const newer = makeHeader('s1', { leafId: 'e2', updatedAt: 4_000, title: 'Renamed just before the end' });
    unsavedWritesNote(repository.databaseName, 'tab-a', store).keep({ entries: [], headers: [newer] });
    await replayUnsavedWrites(repository, store);
    expect(await repository.getHeader('s1')).toEqual({ ...newer, children: ['s2'] });
  });

  it("of two tabs' versions of one entry, the ended one is stored", async () => {
    const repository = await openRepository();
    const store = memoryTextStore();
    const partial = makeMessageEntry('s1', 'e2', 3_000, {
      parentId: 'e1',
      text: 'Rayleigh',
      stopReason: 'streaming',
    });
    unsavedWritesNote(repository.databaseName, 'tab-a', store).keep({
      entries: [question, reply],
      headers: [header],
    });
    unsavedWritesNote(repository.databaseName, 'tab-b', store).keep({ entries: [partial], headers: [] });
    await replayUnsavedWrites(repository, store);
    expect((await repository.loadEntries('s1')).entries).toEqual([question, reply]);
  });

  it("a deleted session's records are refused, as any write of them", async () => {
    const repository = await openRepository();
    await repository.createSession(header, [question]);
    await repository.deleteSession('s1');
    const store = memoryTextStore();
    unsavedWritesNote(repository.databaseName, 'tab-a', store).keep({ entries: [reply], headers: [header] });
    expect(await replayUnsavedWrites(repository, store)).toBeUndefined();
    expect(await repository.getHeader('s1')).toBeUndefined();
    expect((await repository.getEntries([reply]))[0]).toBeUndefined();
  });

  it('a failed write says so and keeps the note for the next start', async () => {
    const repository = await openRepository();
    const store = memoryTextStore();
    unsavedWritesNote(repository.databaseName, 'tab-a', store).keep({ entries: [question], headers: [] });
    const full: typeof repository = Object.create(repository, {
      apply: { value: () => Promise.reject(new DOMException('full', 'QuotaExceededError')) },
    });
    expect(await replayUnsavedWrites(full, store)).toBe(
      "Could not save the last changes made before Baton closed: this browser's storage for Baton is full. They are kept on this device and tried again at the next start. Free space on this device, or delete sessions you no longer need (Settings shows how much is used).",
    );
    expect(hasUnsavedWritesNote(repository.databaseName, store)).toBe(true);
    expect(await replayUnsavedWrites(repository, store)).toBeUndefined();
    expect((await repository.getEntries([question]))[0]).toEqual(question);
  });
});
