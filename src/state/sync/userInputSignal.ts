/**
 * The page's half of "the user's typing comes first" (src/sync/worker/inputPacer.ts):
 * while a catch-up runs, a key, click or wheel turn in this tab is posted to the sync
 * workers as `input`, at most once every THROTTLE_MS. The listeners are passive and do
 * nothing else, so they cost a key nothing; while sync is off or live they post nothing.
 */

/** Well under the pacer's quiet time, so steady typing keeps the catch-up waiting. */
export const THROTTLE_MS = 200;

const EVENTS: readonly string[] = ['keydown', 'pointerdown', 'wheel'];

/** What of window is used (tests pass an EventTarget). */
export type InputSource = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** Calls `post` on the user's input while `catchingUp()`, throttled. Returns the unsubscribe. */
export function watchUserInput(
  source: InputSource,
  catchingUp: () => boolean,
  post: () => void,
  now: () => number = () => performance.now(),
): () => void {
  let lastPost = Number.NEGATIVE_INFINITY;
  const heard = () => {
    if (!catchingUp() || now() - lastPost < THROTTLE_MS) return;
    lastPost = now();
    post();
  };
  const options = { capture: true, passive: true };
  for (const type of EVENTS) source.addEventListener(type, heard, options);
  return () => {
    for (const type of EVENTS) source.removeEventListener(type, heard, options);
  };
}
