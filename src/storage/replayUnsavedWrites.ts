/**
 * Start-up's first write, made only when a page ended with writes not stored
 * (unsavedWritesNote.ts): what it noted is stored before the first read, so the session
 * opens as the user last saw it. Loaded only then, never in an ordinary start.
 *
 * A noted record never replaces a newer stored one (the tab may have stored it after all,
 * or another tab changed it since):
 * - an entry is stored when none is, or when the stored one is a reply still streaming and
 *   the noted one has ended or holds more;
 * - a header is stored when none is, or when it is newer than the stored one (keeping the
 *   stored one's handoff links too); one as old or older (renamed elsewhere since, or
 *   stored after all, perhaps by a handoff's switch that added a link) only moves the
 *   stored header's leaf to an entry stored here, so the restored messages are on the
 *   branch shown.
 * Records of a session deleted meanwhile are refused by storage, as any write of them.
 */
import { isMessageEntry, type SessionEntry, type SessionHeader } from '../core/types/entry';
import type { TextStore } from './deviceTextStore';
import { deviceTextStore } from './deviceTextStore';
import type { SessionRepository } from './sessionRepository';
import { storageFailureSentence } from './storageFailure';
import { forgetReplayed, readUnsavedWrites } from './unsavedWritesNote';

export type ReplayTarget = Pick<SessionRepository, 'databaseName' | 'apply' | 'getEntries' | 'getHeader'>;

/** Stores what the note holds and takes it out; a sentence for the user when that failed (the note then stays). */
export async function replayUnsavedWrites(
  repository: ReplayTarget,
  store: TextStore | undefined = deviceTextStore(),
): Promise<string | undefined> {
  const parts = readUnsavedWrites(repository.databaseName, store);
  try {
    const entries = newestById(
      [...parts.values()].flatMap((part) => part.entries),
      entryHolds,
    );
    const headers = newestById(
      [...parts.values()].flatMap((part) => part.headers),
      (h) => h.updatedAt,
    );
    const stored = await repository.getEntries(entries);
    const putEntries = entries.filter((entry, index) => replacesEntry(stored[index], entry));
    const restored = new Set(putEntries.map((entry) => entry.id));
    const putHeaders: SessionHeader[] = [];
    for (const header of headers) {
      const next = headerToStore(await repository.getHeader(header.id), header, restored);
      if (next) putHeaders.push(next);
    }
    if (putEntries.length > 0 || putHeaders.length > 0) {
      await repository.apply({
        put: [
          ...putEntries.map((value) => ({ kind: 'entry' as const, value })),
          ...putHeaders.map((value) => ({ kind: 'header' as const, value })),
        ],
      });
    }
  } catch (error) {
    return storageFailureSentence(
      'the last changes made before Baton closed',
      error,
      'They are kept on this device and tried again at the next start.',
    );
  }
  forgetReplayed(repository.databaseName, parts, store);
  return undefined;
}

/** One record per id: of two tabs' versions, the one `rank` puts higher. */
function newestById<T extends { id: string }>(records: T[], rank: (record: T) => number): T[] {
  const byId = new Map<string, T>();
  for (const record of records) {
    const kept = byId.get(record.id);
    if (!kept || rank(record) > rank(kept)) byId.set(record.id, record);
  }
  return [...byId.values()];
}

/** How far an entry got: an ended reply over a streaming one, then the longer. */
function entryHolds(entry: SessionEntry): number {
  const ended = isStreaming(entry) ? 0 : Number.MAX_SAFE_INTEGER / 2;
  return ended + JSON.stringify(entry).length;
}

function replacesEntry(stored: SessionEntry | undefined, noted: SessionEntry): boolean {
  if (!stored) return true;
  return isStreaming(stored) && entryHolds(noted) > entryHolds(stored);
}

function headerToStore(
  stored: SessionHeader | undefined,
  noted: SessionHeader,
  restored: ReadonlySet<string>,
): SessionHeader | undefined {
  if (!stored) return noted;
  // Newer: its changes win, but a handoff's link stored meanwhile (a switch that committed
  // as the page died, before it heard so) is kept.
  if (noted.updatedAt > stored.updatedAt)
    return { ...noted, children: [...new Set([...stored.children, ...noted.children])] };
  return noted.leafId !== null && restored.has(noted.leafId) && stored.leafId !== noted.leafId
    ? { ...stored, leafId: noted.leafId }
    : undefined;
}

function isStreaming(entry: SessionEntry): boolean {
  return isMessageEntry(entry) && entry.message.stopReason === 'streaming';
}
