/**
 * The entry asks for the database before the UI is even loaded (bench P3): the UI module
 * (main.tsx, React and every component) must be imported only after the open and the
 * start-up reads have begun, and must be handed those reads rather than start its own.
 * With a static import of the UI, its module would run before the entry's first line and
 * find the database not yet asked for.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StartupReads } from './state/app/startupReads';

const seen = vi.hoisted(() => ({
  opensWhenUiLoaded: -1,
  opens: 0,
  mounted: [] as Array<Promise<StartupReads>>,
}));

vi.mock('./main', () => {
  // Evaluated when the entry imports the UI: what had been asked of storage by then.
  seen.opensWhenUiLoaded = seen.opens;
  return { mountApp: (reads: Promise<StartupReads>) => seen.mounted.push(reads) };
});

describe('the entry', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens the database and starts the reads before it imports the UI, then hands the UI those reads', async () => {
    const open = indexedDB.open.bind(indexedDB);
    vi.spyOn(indexedDB, 'open').mockImplementation((name, version) => {
      seen.opens++;
      return open(name, version);
    });

    await import('./boot');
    await vi.waitFor(() => expect(seen.mounted).toHaveLength(1));

    expect(seen.opensWhenUiLoaded).toBe(1);
    const reads = await seen.mounted[0];
    expect(reads?.headers.headers).toEqual([]);
    expect(reads?.activeId).toBeUndefined();
    reads?.repository.close();
  });
});
