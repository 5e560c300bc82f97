/**
 * Start-up's reads, on their own: open the database, then the settings, every session
 * header, the active session's id and (beside the headers, as soon as that id is known)
 * its newest entries. The entry (src/boot.ts) starts them before React and the UI are
 * even fetched, so that the open and the reads overlap loading the rest of the app;
 * startApp then waits for the same promise. Kept to the storage read path: whatever this
 * module imports is fetched and evaluated before the database is asked for. Only when a
 * page ended with writes not stored (unsavedWritesNote.ts) does a write come first, its
 * code loaded then.
 */
import { activeSessionNote } from '../../storage/activeSessionNote';
import {
  type LoadedEntries,
  type LoadedHeaders,
  SETTINGS_KEY,
  SessionRepository,
} from '../../storage/sessionRepository';
import { hasUnsavedWritesNote } from '../../storage/unsavedWritesKey';

/**
 * How many of a session's newest entries are read for its first paint: more than a tall
 * screen shows, few enough that opening costs the same at any session size.
 */
export const FIRST_PAINT_ENTRIES = 100;

export interface StartupReads {
  repository: SessionRepository;
  /** The settings as stored: repaired by restoreSettings in startApp, not here. */
  storedSettings: unknown;
  headers: LoadedHeaders;
  activeId: string | undefined;
  /** The stored pointer, when `activeId` came from the note instead (for a note naming a session gone since). */
  storedActiveId?: string | undefined;
  /** The newest entries of the session `activeId` names, if it names one. */
  newestOfActive: LoadedEntries | undefined;
}

export async function readStartup(databaseName?: string): Promise<StartupReads> {
  const repository = await SessionRepository.open(databaseName);
  // A page that ended before its last writes were stored noted them: stored first, read after.
  const replayProblem = hasUnsavedWritesNote(repository.databaseName)
    ? await import('../../storage/replayUnsavedWrites').then(
        (replay) => replay.replayUnsavedWrites(repository),
        () => undefined,
      )
    : undefined;
  // A session shown just before a reload may not have its pointer stored yet (activeSessionNote.ts).
  const noted = activeSessionNote(repository.databaseName).read();
  const storedRead = repository.getActiveSessionId();
  const activeIdRead = noted ? Promise.resolve(noted) : storedRead;
  // The session to open is read beside the headers, not after them: the two reads
  // overlap, and only a stale active id (a deleted session) costs a second read.
  const [storedSettings, headers, activeId, storedActiveId, newestOfActive] = await Promise.all([
    repository.getSetting<unknown>(SETTINGS_KEY),
    repository.loadHeaders(),
    activeIdRead,
    storedRead,
    activeIdRead.then((id) => (id ? repository.loadNewestEntries(id, FIRST_PAINT_ENTRIES) : undefined)),
  ]);
  if (replayProblem) headers.problems.push(replayProblem);
  return { repository, storedSettings, headers, activeId, storedActiveId, newestOfActive };
}

/**
 * The reads begun by the entry, before anything waits for them. A failure stays in the
 * promise for startApp to report as any start-up failure; until startApp awaits it, it
 * is marked handled, so the browser does not log it as an unhandled rejection meanwhile.
 */
export function beginStartupReads(): Promise<StartupReads> {
  const reads = readStartup();
  reads.catch(() => {});
  return reads;
}
