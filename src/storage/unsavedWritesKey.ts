/**
 * Where a page that ended before its writes were stored left them (unsavedWritesNote.ts),
 * and whether it did: the one part start-up needs before its reads, kept apart so the
 * initial JavaScript carries no more of it than this.
 */
import { deviceTextStore, type TextStore } from './deviceTextStore';

export function unsavedWritesKey(databaseName: string): string {
  return `baton.unsavedWrites:${databaseName}`;
}

/** True when a page of this database ended with writes not stored (a blocked localStorage: false). */
export function hasUnsavedWritesNote(
  databaseName: string,
  store: TextStore | undefined = deviceTextStore(),
): boolean {
  try {
    return Boolean(store?.getItem(unsavedWritesKey(databaseName)));
  } catch {
    return false;
  }
}
