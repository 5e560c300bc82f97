/**
 * The session this device shows, noted synchronously the moment the screen changes to it.
 *
 * The stored pointer (ACTIVE_SESSION_KEY) is written through the write queue, a few
 * milliseconds to a long load later; a reload or a closed tab in that gap aborts the
 * IndexedDB write, and the next start opened the session shown before. localStorage is
 * written at once, so the note survives that gap: start-up prefers it. The queue notes
 * each pointer it starts to write too (a handoff's switch stores the pointer before the
 * screen changes, so a note from before it must not win), and clears the note once the
 * pointer naming the same session has committed (the note then adds nothing). Per database, so that two databases of one origin (tests, benchmarks) keep
 * their own.
 */
import { deviceTextStore, type TextStore } from './deviceTextStore';

const NOTE_PREFIX = 'baton.activeSession:';

export interface ActiveSessionNote {
  /** The session noted and not yet stored as the pointer, if any. */
  read(): string | undefined;
  /** The screen now shows `sessionId`, or a pointer naming it is being written. */
  write(sessionId: string): void;
  /** The stored pointer names `sessionId` now: a note naming it has done its job. */
  stored(sessionId: string): void;
}

export function activeSessionNote(
  databaseName: string,
  store: TextStore | undefined = deviceTextStore(),
): ActiveSessionNote {
  const key = NOTE_PREFIX + databaseName;
  // A blocked or full localStorage loses only what the note adds: the stored pointer stays.
  const attempt = <T>(work: (to: TextStore) => T): T | undefined => {
    if (!store) return undefined;
    try {
      return work(store);
    } catch {
      return undefined;
    }
  };
  return {
    read: () => attempt((from) => from.getItem(key) || undefined),
    write: (sessionId) => attempt((to) => to.setItem(key, sessionId)),
    stored: (sessionId) =>
      attempt((to) => {
        if (to.getItem(key) === sessionId) to.removeItem(key);
      }),
  };
}
