/**
 * The page's one SSE decoding worker, started on first use: when the Message box first
 * gets the focus (so it has loaded by the time a reply arrives), or by the first request.
 * Never at start-up: a page that only reads loads none of it.
 */
import { type DecodeLinkHandle, openDecodeLink } from './decodeLink';

let handle: DecodeLinkHandle | undefined;

/** Whether this page can have the worker at all (not in Node, nor in a browser without workers). */
export const canUseDecodeWorker = (): boolean => typeof Worker !== 'undefined';

/** Starts the worker once; later calls return the same handle. */
export function startDecodeWorker(): DecodeLinkHandle {
  handle ??= openDecodeLink(
    () => new Worker(new URL('./sseDecodeWorker.ts', import.meta.url), { type: 'module', name: 'baton-sse' }),
  );
  return handle;
}

/** Starts the worker if this page can have one: called when a message is about to be written. */
export function warmDecodeWorker(): void {
  if (canUseDecodeWorker()) startDecodeWorker();
}
