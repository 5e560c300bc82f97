/**
 * One writer per session across tabs. A reply or a handoff holds the Web Lock named
 * after its session while it runs; a second tab asks without waiting (`ifAvailable`)
 * and is told the session is busy rather than queued behind a reply it cannot see.
 * This is the app's answer to the core's Exclusive port.
 */
import type { Exclusive, ExclusiveOutcome } from '../../../core/session/exclusiveAccess';

export function sessionLockName(sessionId: string): string {
  return `baton-session-${sessionId}`;
}

/**
 * Runs `run` while holding the session's lock, or returns `{ acquired: false }` at once
 * if another holder (another tab, or this one) has it. `onDecided` is called as soon as
 * the answer is known, before `run` starts. Without Web Locks (old browsers) it runs
 * unguarded: one tab is then the only protection, as before.
 */
export const withSessionLock: Exclusive = async <T>(
  sessionId: string,
  run: () => Promise<T>,
  onDecided: () => void,
): Promise<ExclusiveOutcome<T>> => {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) {
    onDecided();
    return { acquired: true, value: await run() };
  }
  return locks.request(
    sessionLockName(sessionId),
    { ifAvailable: true },
    async (lock): Promise<ExclusiveOutcome<T>> => {
      onDecided();
      if (!lock) return { acquired: false };
      return { acquired: true, value: await run() };
    },
  );
};

/** Whether a tab (this one or another) holds the session's lock now: a reply is being written into it. */
export async function isSessionBeingWritten(sessionId: string): Promise<boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return false;
  const { held = [] } = await locks.query();
  return held.some((lock) => lock.name === sessionLockName(sessionId));
}
