/**
 * The page's line to the SSE decoding worker: started once, ready when the worker says
 * so, with the worker's messages routed to the stream they are about. No SDK code here,
 * so the composer can start the worker (decodeWorker.ts) without loading the client.
 */
import type { DecodeFailure, FromDecoder, ToDecoder } from './decodeProtocol';

/** What carries the protocol: a Worker, or a MessagePort in tests. */
export interface DecoderEndpoint {
  postMessage(message: ToDecoder, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<FromDecoder>) => void): void;
  /** A worker that fails to load reports it here; a port never does. */
  addEventListener(type: 'error', listener: (event: Event) => void): void;
}

export interface DecodeLink {
  post(message: ToDecoder, transfer?: Transferable[]): void;
  /** Routes the worker's messages about stream `id` to `listener` until the returned function is called. */
  listen(id: number, listener: (message: FromDecoder) => void): () => void;
  nextId(): number;
}

export interface DecodeLinkHandle {
  /** The link once the worker has said it is ready; undefined before, and if it failed to load. */
  ready(): DecodeLink | undefined;
  /** Resolves with the link once ready, or undefined if the worker could not be started. */
  readonly started: Promise<DecodeLink | undefined>;
}

export function openDecodeLink(connect: () => DecoderEndpoint): DecodeLinkHandle {
  let current: DecodeLink | undefined;
  const started = new Promise<DecodeLink | undefined>((resolve) => {
    let endpoint: DecoderEndpoint;
    try {
      endpoint = connect();
    } catch (error) {
      console.warn('Could not start the stream decoding worker; replies are decoded on the page.', error);
      resolve(undefined);
      return;
    }
    const listeners = new Map<number, (message: FromDecoder) => void>();
    let ids = 0;
    const link: DecodeLink = {
      post: (message, transfer = []) => endpoint.postMessage(message, transfer),
      listen(id, listener) {
        listeners.set(id, listener);
        return () => listeners.delete(id);
      },
      nextId: () => ++ids,
    };
    endpoint.addEventListener('message', (event) => {
      const message = event.data;
      if (message.type === 'ready') {
        current = link;
        resolve(link);
      } else listeners.get(message.id)?.(message);
    });
    endpoint.addEventListener('error', (event) => {
      if (!current) {
        console.warn('The stream decoding worker failed to load; replies are decoded on the page.', event);
        resolve(undefined);
        return;
      }
      // An error the worker did not catch: no stream under way may wait for it for ever.
      const failure: DecodeFailure = {
        kind: 'error',
        name: 'Error',
        message: 'The stream decoding worker failed.',
      };
      for (const [id, listener] of listeners) listener({ type: 'failed', id, failure });
    });
  });
  return { ready: () => current, started };
}
