/** Records from before stamps (written straight into their stores, as schema 3 left them) enter the feed once. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  makeAttachmentRecord,
  makeHeader,
  makeMessageEntry,
  uniqueDbName,
} from '../../testing/fixtures/storageTestFixtures';
import { createChange } from '../../testing/fixtures/workspaceTestFixtures';
import { readChanges } from './changeFeed';
import { type BatonDb, openBatonDb } from './schema';
import { SessionRepository } from './sessionRepository';
import { stampUnstamped } from './stampUnstamped';

let db: BatonDb;
beforeEach(async () => {
  db = await openBatonDb(uniqueDbName());
});
afterEach(() => db.close());

/** What a database from before version 4 holds: records, and no stamp for any of them. */
async function writeUnstamped(): Promise<void> {
  await db.put('sessions', makeHeader('old'));
  await db.put('entries', makeMessageEntry('old', 'e1', 1));
  await db.put('entries', makeMessageEntry('old', 'e2', 2));
  await db.put('attachments', makeAttachmentRecord('old', 'a1'));
  const root = 'workspace:old';
  await db.put('files', {
    root,
    path: '/notes.md',
    size: 1,
    modifiedAt: 1,
    binary: false,
    mediaType: 'text/markdown',
  });
  await db.put('fileChanges', { root, order: [1, 0, 0], change: createChange(root, 'c1', '/notes.md', 1) });
}

const listed = async () =>
  (await readChanges(db, 0, 100)).changes.map(
    (change) => `${change.kind}:${change.id}:${change.sessionId ?? ''}`,
  );

describe('stamping what was stored before stamps', () => {
  it('puts every unstamped session record and workspace record in the feed, once', async () => {
    await writeUnstamped();
    expect(await listed()).toEqual([]);

    expect((await stampUnstamped(db)).stamped).toBe(6);
    expect((await listed()).sort()).toEqual(
      [
        'header:old:old',
        'entry:e1:old',
        'entry:e2:old',
        'attachment:a1:old',
        'file:workspace:old\u0000/notes.md:',
        'fileChange:workspace:old\u0000c1:',
      ].sort(),
    );
    expect((await stampUnstamped(db)).stamped).toBe(0);
  });

  it('leaves records written since stamps exist as they are', async () => {
    const repo = await SessionRepository.open(db.name);
    try {
      await repo.apply({ put: [{ kind: 'header', value: makeHeader('new') }] });
    } finally {
      repo.close();
    }
    const before = (await readChanges(db, 0, 100)).changes;
    await writeUnstamped();
    await stampUnstamped(db);
    const after = (await readChanges(db, 0, 100)).changes;
    expect(after.find((change) => change.id === 'new')).toEqual(before.find((change) => change.id === 'new'));
    expect(after).toHaveLength(7);
  });
});
