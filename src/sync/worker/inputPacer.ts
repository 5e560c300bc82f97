/**
 * The user's typing comes first (issue 28: "typing and streaming stay smooth" during a
 * sync). A first sync of a large database keeps a core busy for minutes (the server,
 * decrypting, IndexedDB), and on a machine with two cores that is felt as slower keys
 * even though none of it runs on the page's thread. So each tab tells the sync workers
 * when the user types or points (syncProtocol's `input`), and a catch-up holds its next
 * batch until the user has paused for QUIET_MS, but never longer than MAX_HOLD_MS in a
 * row, so a user typing a long message still sees the sync move. Live sync (one message
 * at a time) is never held: a message still shows on the other device within 2 seconds.
 */
import { sleep } from '../couch/backoff';

/** How long after the last key or click the next batch waits. */
export const QUIET_MS = 600;
/** The longest a batch is held in a row; then it runs, and the next one is held again. */
export const MAX_HOLD_MS = 2_000;

export interface InputPacer {
  /** The user typed or pointed in some tab, just now. */
  noteInput(): void;
  /** Resolves when the next batch may run (at once if the user is not busy, or on abort). */
  beforeBatch(signal: AbortSignal): Promise<void>;
}

export function createInputPacer(now: () => number = Date.now): InputPacer {
  let lastInput = Number.NEGATIVE_INFINITY;
  return {
    noteInput() {
      lastInput = now();
    },
    async beforeBatch(signal) {
      const heldFrom = now();
      for (;;) {
        const quietIn = lastInput + QUIET_MS - now();
        const holdLeft = heldFrom + MAX_HOLD_MS - now();
        if (quietIn <= 0 || holdLeft <= 0 || signal.aborted) return;
        await sleep(Math.min(quietIn, holdLeft), signal);
      }
    },
  };
}
