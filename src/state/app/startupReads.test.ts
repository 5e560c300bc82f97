/**
 * The entry begins start-up's reads before the UI loads (src/boot.ts) and startApp waits
 * for that same promise: it must not open the database a second time, and a failure of
 * the early reads (storage unavailable, a blocked upgrade, corrupt data) must end exactly
 * as a failure of startApp's own reads: the page says the storage could not be opened.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeHeader, makeMessageEntry, memoryTextStore } from '../../../testing/fixtures/storageTestFixtures';
import { SessionRepository } from '../../storage/sessionRepository';
import { hasUnsavedWritesNote } from '../../storage/unsavedWritesKey';
import { unsavedWritesNote } from '../../storage/unsavedWritesNote';

async function freshModules() {
  // The store and the runtime are module state, set once per page load.
  vi.resetModules();
  const [startApp, startupReads, storeAccess, runtime] = await Promise.all([
    import('./startApp'),
    import('./startupReads'),
    import('../store/storeAccess'),
    import('./runtime'),
  ]);
  return { startApp, startupReads, storeAccess, runtime };
}

describe('start-up reads begun by the entry', () => {
  beforeEach(() => {
    // No frames in Node: startApp's wait for the first paint falls back to its timer.
    vi.stubGlobal('requestAnimationFrame', () => 0);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('are what startApp shows, without opening the database again', async () => {
    const { startApp, startupReads, storeAccess } = await freshModules();
    const open = vi.spyOn(indexedDB, 'open');
    const reads = startupReads.readStartup(`early-${crypto.randomUUID()}`);
    await startApp.startApp({ reads, databaseName: 'never-opened' });
    expect(open).toHaveBeenCalledTimes(1);
    expect(storeAccess.get().phase).toBe('ready');
    (await reads).repository.close();
  });

  it('that failed before startApp waited end as any start-up failure', async () => {
    const { startApp, startupReads, storeAccess, runtime } = await freshModules();
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('The user denied permission to access the database.', 'UnknownError');
    });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const reads = startupReads.beginStartupReads();
      // A turn for the rejection to be noticed before startApp waits for it.
      await new Promise((resolve) => setTimeout(resolve, 10));
      await startApp.startApp({ reads });
      expect(storeAccess.get().phase).toBe('failed');
      expect(storeAccess.get().loadError).toContain('denied permission');
      await expect(runtime.whenRuntime()).rejects.toThrow('denied permission');
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('store what a page that ended left unsaved before they read, and take its note out', async () => {
    const { startupReads } = await freshModules();
    const store = memoryTextStore();
    vi.stubGlobal('localStorage', store);
    const name = `unsaved-${crypto.randomUUID()}`;
    (await SessionRepository.open(name)).close();
    const question = makeMessageEntry('s1', 'e1', 2_000, { text: 'Kept though never stored' });
    unsavedWritesNote(name, 'tab-a', store).keep({
      entries: [question],
      headers: [makeHeader('s1', { leafId: 'e1', updatedAt: 2_000 })],
    });
    const reads = await startupReads.readStartup(name);
    expect(reads.headers.headers.map((header) => header.id)).toEqual(['s1']);
    expect(reads.newestOfActive).toBeUndefined();
    expect((await reads.repository.loadEntries('s1')).entries).toEqual([question]);
    expect(hasUnsavedWritesNote(name, store)).toBe(false);
    reads.repository.close();
  });
});
