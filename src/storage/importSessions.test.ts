import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chainSessions, childSession } from '../../testing/fixtures/exchangeTestFixtures';
import { makeHeader, makeMessageEntry, uniqueDbName } from '../../testing/fixtures/storageTestFixtures';
import type { SessionData } from '../core/exchange/exchangeFormat';
import { exportBackup, exportChainJsonl, exportSessionJsonl } from '../core/exchange/exportJsonl';
import { parseImport } from '../core/exchange/importJsonl';
import type { SessionEntry } from '../core/types/entry';
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

async function store(sessions: readonly SessionData[]): Promise<void> {
  for (const { header, entries } of sessions) await repo.createSession(header, entries);
}

/** Parses a file against what the database holds and imports it; fails the test on errors. */
async function importFile(text: string): Promise<ReturnType<typeof parseImport>> {
  const parsed = parseImport(text, await loadExistingIds(db));
  expect(parsed.errors).toEqual([]);
  await importSessions(db, parsed.sessions);
  return parsed;
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

async function everything(): Promise<{ headers: unknown[]; entries: SessionEntry[] }> {
  const headers = (await repo.loadHeaders()).headers.sort(byId);
  const entries: SessionEntry[] = [];
  for (const header of headers) entries.push(...(await repo.loadEntries(header.id)).entries);
  return { headers, entries: entries.sort(byId) };
}

describe('export then import', () => {
  it('into an empty database gives the same sessions and entries, field for field', async () => {
    const original = chainSessions();
    const source = await SessionRepository.open(uniqueDbName());
    for (const { header, entries } of original) await source.createSession(header, entries);
    source.close();

    await importFile(exportChainJsonl(original));

    const { headers, entries } = await everything();
    expect(headers).toEqual(original.map((session) => session.header).sort(byId));
    expect(entries).toEqual(original.flatMap((session) => session.entries).sort(byId));
    // The entry kind this version does not know came through untouched.
    expect(entries.find((entry) => entry.id === 'c4')).toEqual(childSession().entries[3]);
  });

  it('a backup of a whole database restores into another one exactly', async () => {
    await store(chainSessions());
    const before = await snapshotAll(db);
    expect(before.problems).toEqual([]);
    const backup = exportBackup(before.sessions, { model: 'm', apiKey: 'sk-ant-api03-never-in-a-file' });

    const other = await openBatonDb(uniqueDbName());
    const parsed = parseImport(backup, await loadExistingIds(other));
    expect(parsed.kind).toBe('backup');
    await importSessions(other, parsed.sessions);
    expect((await snapshotAll(other)).sessions).toEqual(before.sessions);
    other.close();
  });

  it('into the database that holds those ids already: new ids, every link follows, nothing overwritten', async () => {
    const original = chainSessions();
    await store(original);
    const before = await everything();

    const parsed = await importFile(exportChainJsonl(original));
    const parentCopy = parsed.renamedSessions.get('p')!;
    const childCopy = parsed.renamedSessions.get('c')!;
    expect(parentCopy).toBeDefined();
    expect(childCopy).toBeDefined();

    // The originals are exactly as they were.
    for (const header of before.headers as Array<{ id: string }>) {
      expect(await repo.getHeader(header.id)).toEqual(header);
    }
    for (const id of ['p', 'c']) {
      expect((await repo.loadEntries(id)).entries.sort(byId)).toEqual(
        before.entries.filter((e) => e.sessionId === id),
      );
    }

    // The copies are linked to each other, both ways, and not to the originals.
    const parent = (await repo.getHeader(parentCopy))!;
    const child = (await repo.getHeader(childCopy))!;
    expect(parent.children).toEqual([childCopy]);
    expect(child.parentSession).toBe(parentCopy);
    const childEntries = (await repo.loadEntries(childCopy)).entries;
    const handoff = childEntries.find(
      (entry) => entry.type === 'custom_message' && 'customType' in entry && entry.customType === 'handoff',
    );
    expect((handoff as { details: { parentSession: string } }).details.parentSession).toBe(parentCopy);

    // Each copy's tree is whole: its leaf and every parent are among its own entries.
    for (const id of [parentCopy, childCopy]) {
      const header = (await repo.getHeader(id))!;
      const entries = (await repo.loadEntries(id)).entries;
      const ids = new Set(entries.map((entry) => entry.id));
      expect(entries).toHaveLength(
        original.find((s) => s.header.id === (id === parentCopy ? 'p' : 'c'))!.entries.length,
      );
      expect(ids.has(header.leafId!)).toBe(true);
      for (const entry of entries) {
        expect(before.entries.some((old) => old.id === entry.id)).toBe(false);
        if (entry.parentId !== null) expect(ids.has(entry.parentId)).toBe(true);
      }
    }
  });
});

describe('lineage across the file boundary', () => {
  it('an imported child of a parent in the database is added to that parent, once', async () => {
    await store(chainSessions());
    const { header, entries } = childSession();
    const parentBefore = (await repo.getHeader('p'))!;

    const parsed = await importFile(exportSessionJsonl(header, entries));
    const copy = parsed.renamedSessions.get('c')!;
    expect((await repo.getHeader(copy))?.parentSession).toBe('p');
    expect(await repo.getHeader('p')).toEqual({ ...parentBefore, children: ['c', copy] });
  });

  it('a deleted child imported again is linked back to its parent under its own id', async () => {
    const [parent, child] = chainSessions() as [SessionData, SessionData];
    await store([parent, child]);
    const file = exportSessionJsonl(child.header, child.entries);
    await repo.deleteSession('c');
    expect((await repo.getHeader('p'))?.children).toEqual([]);

    const parsed = await importFile(file);
    expect(parsed.renamedSessions.size).toBe(0);
    expect((await repo.getHeader('p'))?.children).toEqual(['c']);
    expect((await repo.getHeader('c'))?.parentSession).toBe('p');
  });

  it('a parent found nowhere stays named as it was; nothing else is touched', async () => {
    const { header, entries } = childSession();
    await importFile(exportSessionJsonl(header, entries));
    expect(await repo.getHeader('c')).toEqual(header);
    expect(await repo.getHeader('p')).toBeUndefined();
  });
});

describe('importSessions is all or nothing', () => {
  it('a clash that appeared after the check rolls the whole import back', async () => {
    await store([{ header: makeHeader('parent', { children: [] }), entries: [] }]);
    const parsed = parseImport(
      exportChainJsonl([
        { header: makeHeader('a', { parentSession: 'parent' }), entries: [makeMessageEntry('a', 'a1', 1)] },
        { header: makeHeader('b'), entries: [makeMessageEntry('b', 'b1', 1)] },
      ]),
      await loadExistingIds(db),
    );
    expect(parsed.errors).toEqual([]);
    // Another tab creates session "b" between the check and the import.
    await repo.createSession(makeHeader('b', { title: 'theirs' }), []);

    await expect(importSessions(db, parsed.sessions)).rejects.toMatchObject({ name: 'ConstraintError' });
    expect(await repo.getHeader('a')).toBeUndefined();
    expect((await repo.loadEntries('a')).entries).toEqual([]);
    expect((await repo.loadEntries('b')).entries).toEqual([]);
    expect((await repo.getHeader('b'))?.title).toBe('theirs');
    expect((await repo.getHeader('parent'))?.children).toEqual([]);
  });

  it('an entry id taken meanwhile rolls it back too', async () => {
    const parsed = parseImport(
      exportSessionJsonl(makeHeader('a'), [makeMessageEntry('a', 'a1', 1)]),
      await loadExistingIds(db),
    );
    await repo.createSession(makeHeader('other'), [makeMessageEntry('other', 'a1', 1, { text: 'theirs' })]);
    await expect(importSessions(db, parsed.sessions)).rejects.toMatchObject({ name: 'ConstraintError' });
    expect(await repo.getHeader('a')).toBeUndefined();
  });

  it('refuses an entry filed under the wrong session before writing anything', async () => {
    const header = makeHeader('a');
    await expect(
      importSessions(db, [{ header, entries: [makeMessageEntry('zzz', 'e', 1)] }]),
    ).rejects.toThrow(/belongs to session zzz/);
    expect(await repo.getHeader('a')).toBeUndefined();
  });
});

describe('hostile content in storage', () => {
  it('markup and __proto__ fields are stored and read back as plain data', async () => {
    const text = [
      '{"type":"session","version":1,"exportedBy":"x","entryCount":1,"header":{"id":"h","title":"<script>alert(1)</script>","createdAt":1,"updatedAt":1,"model":"m","leafId":"e","children":[]}}',
      '{"type":"future","id":"e","parentId":null,"sessionId":"h","timestamp":1,"__proto__":{"polluted":true}}',
    ].join('\n');
    await importFile(text);
    expect((await repo.getHeader('h'))?.title).toBe('<script>alert(1)</script>');
    const [entry] = (await repo.loadEntries('h')).entries;
    expect(Object.getPrototypeOf(entry)).toBe(Object.prototype);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect((entry as { polluted?: unknown }).polluted).toBeUndefined();
    // Kept as the field it was, so it is written back out as it came in.
    expect(Object.hasOwn(entry!, '__proto__')).toBe(true);
    expect(exportSessionJsonl((await repo.getHeader('h'))!, [entry!])).toContain(
      '"__proto__":{"polluted":true}',
    );
  });
});

describe('snapshotAll and loadExistingIds', () => {
  it('take every session with its entries, oldest first, and report what they could not read', async () => {
    await store([
      { header: makeHeader('new', { createdAt: 50 }), entries: [makeMessageEntry('new', 'n1', 5)] },
      {
        header: makeHeader('old', { createdAt: 10 }),
        entries: [makeMessageEntry('old', 'o2', 7), makeMessageEntry('old', 'o1', 6)],
      },
    ]);
    const tx = db.transaction(['sessions', 'entries'], 'readwrite');
    // Damaged records, written past the repository on purpose.
    await tx
      .objectStore('sessions')
      .put({ id: 'untitled', createdAt: 30, updatedAt: 30, model: 'm', leafId: null, children: [] } as never);
    await tx.objectStore('entries').put({ id: 'bad', sessionId: 'old', type: 'message' } as never);
    await tx
      .objectStore('entries')
      .put({ id: 'stray', sessionId: 'gone', type: 'x', parentId: null, timestamp: 1 } as never);
    await tx.done;

    const snapshot = await snapshotAll(db);
    expect(snapshot.sessions.map((session) => session.header.id)).toEqual(['old', 'untitled', 'new']);
    expect(snapshot.sessions[0]?.entries.map((entry) => entry.id)).toEqual(['o1', 'o2']);
    expect(snapshot.sessions[1]?.header.title).toBe('Untitled session');
    expect(snapshot.problems).toHaveLength(3);
    expect(snapshot.problems.join('\n')).toMatch(/untitled.*title/);
    expect(snapshot.problems.join('\n')).toMatch(/old.*bad/);
    expect(snapshot.problems.join('\n')).toMatch(/1 entry belonging to session gone/);

    const ids = await loadExistingIds(db);
    expect(ids.sessions).toEqual(new Set(['new', 'old', 'untitled']));
    expect(ids.entries).toEqual(new Set(['n1', 'o1', 'o2', 'bad', 'stray']));
  });
});
