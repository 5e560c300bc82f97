/**
 * The entries and headers a page had not stored yet when it ended, noted in localStorage.
 *
 * The write queue writes a few hundred milliseconds after each change, and a write is an
 * IndexedDB transaction that reads before it puts: a page closed or reloaded in that gap
 * never finishes it (its script stops after pagehide), so a reply that had just ended, or
 * a message just sent, was lost. localStorage is written synchronously, so what is noted
 * as the page is hidden or leaves survives; the next start stores it before its first read
 * (replayUnsavedWrites.ts). Settings, the pointer (activeSessionNote.ts) and attached
 * files (blobs, and large) are not noted.
 *
 * Each tab notes under its own id in one record per database, so two tabs closing at once
 * keep both. A tab shown again, or whose queue has stored everything, takes its part out.
 */
import type { SessionEntry, SessionHeader } from '../core/types/entry';
import { deviceTextStore, type TextStore } from './deviceTextStore';
import { unsavedWritesKey } from './unsavedWritesKey';

export interface UnsavedWrites {
  entries: SessionEntry[];
  headers: SessionHeader[];
}

/** What the record holds: each tab's part by its id. */
export type UnsavedWritesParts = Map<string, UnsavedWrites>;

export interface UnsavedWritesNote {
  /** Notes `writes` as this tab's part, replacing what it noted before. */
  keep(writes: UnsavedWrites): void;
  /** Takes this tab's part out (its queue stored everything, or the tab is shown again). */
  forget(): void;
}

export function unsavedWritesNote(
  databaseName: string,
  tabId: string = crypto.randomUUID(),
  store: TextStore | undefined = deviceTextStore(),
): UnsavedWritesNote {
  return {
    keep(writes) {
      // A full or blocked localStorage loses only what the note adds: the queue goes on.
      updateParts(databaseName, store, (parts) => parts.set(tabId, writes));
    },
    forget() {
      updateParts(databaseName, store, (parts) => parts.delete(tabId));
    },
  };
}

/** Every tab's part; a damaged record reads as none (what is in it cannot be trusted). */
export function readUnsavedWrites(
  databaseName: string,
  store: TextStore | undefined = deviceTextStore(),
): UnsavedWritesParts {
  const parts: UnsavedWritesParts = new Map();
  let text: string | null | undefined;
  try {
    text = store?.getItem(unsavedWritesKey(databaseName));
  } catch {
    return parts;
  }
  if (!text) return parts;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return parts;
    for (const [tabId, part] of Object.entries(parsed)) {
      if (isUnsavedWrites(part)) parts.set(tabId, part);
    }
  } catch {
    // Not JSON: nothing to restore.
  }
  return parts;
}

/**
 * Takes out the parts `replayed` holds, each only if unchanged since it was read (a tab
 * closing meanwhile may have noted more), and the record once it is empty or unreadable.
 */
export function forgetReplayed(
  databaseName: string,
  replayed: UnsavedWritesParts,
  store: TextStore | undefined = deviceTextStore(),
): void {
  updateParts(databaseName, store, (parts) => {
    for (const [tabId, part] of replayed) {
      if (JSON.stringify(parts.get(tabId)) === JSON.stringify(part)) parts.delete(tabId);
    }
  });
}

function updateParts(
  databaseName: string,
  store: TextStore | undefined,
  change: (parts: UnsavedWritesParts) => void,
): void {
  if (!store) return;
  const key = unsavedWritesKey(databaseName);
  try {
    const parts = readUnsavedWrites(databaseName, store);
    change(parts);
    if (parts.size === 0) store.removeItem(key);
    else store.setItem(key, JSON.stringify(Object.fromEntries(parts)));
  } catch {
    // Full or blocked: see keep().
  }
}

function isUnsavedWrites(value: unknown): value is UnsavedWrites {
  if (typeof value !== 'object' || value === null) return false;
  const { entries, headers } = value as Partial<Record<keyof UnsavedWrites, unknown>>;
  const hasIds = (list: unknown) =>
    Array.isArray(list) &&
    list.every(
      (item: unknown) =>
        typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'string',
    );
  return hasIds(entries) && hasIds(headers);
}
