/**
 * The user has pointed at or typed into the Message box (not merely focused it: the box
 * takes the focus by itself at start-up): a request may follow within seconds,
 * so what its reply needs starts loading now, off the critical path, and never before
 * (a page that is only read loads neither): the client chunk with the SDK
 * (lazyModelClient.ts) and the worker that decodes the reply (llm/decode/decodeWorker.ts).
 * Both load once; a later call finds them loaded (or loading).
 */
import { warmDecodeWorker } from '../../llm/decode/decodeWorker';
import { loadModelClients } from './lazyModelClient';

export function warmReply(): void {
  warmDecodeWorker();
  // A failure is reported by the request that needs the chunk, which loads it again.
  loadModelClients().catch(() => undefined);
}
