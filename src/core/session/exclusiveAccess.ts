/**
 * One writer per session: a reply or a handoff runs only while its runner holds the
 * session exclusively. The core asks through this port; the browser answers with a
 * Web Lock shared by every tab (src/state/app/tabSync/sessionLock.ts), Node tests with
 * nothing to lock (runExclusively below).
 */

export const BUSY_IN_ANOTHER_TAB =
  'This session is busy in another tab. Your message is kept; send it again once that tab has finished.';

/** The session is being written elsewhere: nothing was appended or sent. */
export class SessionBusyElsewhereError extends Error {
  override readonly name = 'SessionBusyElsewhereError';
  constructor() {
    super(BUSY_IN_ANOTHER_TAB);
  }
}

export type ExclusiveOutcome<T> = { acquired: true; value: T } | { acquired: false };

/**
 * Runs `run` while holding session `sessionId`, or answers `{ acquired: false }` at once
 * if someone else holds it. `onDecided` is called as soon as the answer is known.
 */
export type Exclusive = <T>(
  sessionId: string,
  run: () => Promise<T>,
  onDecided: () => void,
) => Promise<ExclusiveOutcome<T>>;

/** With nothing to share the session with, every run has it to itself. */
export const runExclusively: Exclusive = async (_sessionId, run, onDecided) => {
  onDecided();
  return { acquired: true, value: await run() };
};
