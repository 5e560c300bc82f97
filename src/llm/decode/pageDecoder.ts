/**
 * The decoder the app's model clients share: the page's worker (decodeWorker.ts), or
 * the SDK's parser on the page where there are no workers.
 */
import { canUseDecodeWorker, startDecodeWorker } from './decodeWorker';
import { inlineDecoder, type StreamDecoder } from './streamDecoder';
import { createWorkerDecoder } from './workerDecoder';

let shared: StreamDecoder | undefined;

export function pageDecoder(): StreamDecoder {
  shared ??= canUseDecodeWorker() ? createWorkerDecoder(startDecodeWorker) : inlineDecoder;
  return shared;
}
