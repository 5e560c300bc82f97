/**
 * The SSE decoding worker: a reply's server-sent events are read here (sseEvents.ts,
 * by the SDK's parsing rules), off the page's thread, while the page renders the reply
 * (see decodeHost.ts and, for the page's side, workerDecoder.ts).
 */

import { createDecodeHost } from './decodeHost';
import type { FromDecoder, ToDecoder } from './decodeProtocol';

/** The worker's scope, as much of it as is used (the project's DOM lib types `self` as a window). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<ToDecoder>) => void) | null;
  postMessage(message: FromDecoder): void;
}
const scope = self as unknown as WorkerScope;

const handle = createDecodeHost((message) => scope.postMessage(message));
scope.onmessage = (event) => handle(event.data);
scope.postMessage({ type: 'ready' });
