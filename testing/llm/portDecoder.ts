/**
 * The worker decoder of the page (workerDecoder.ts) talking to the worker's own code
 * (decodeHost.ts) over a MessageChannel in this process: the whole protocol, the
 * structured cloning and the moved buffers, without a browser. Only tests import this.
 */
import { createDecodeHost } from '../../src/llm/decode/decodeHost';
import { type DecoderEndpoint, openDecodeLink } from '../../src/llm/decode/decodeLink';
import type { FromDecoder, ToDecoder } from '../../src/llm/decode/decodeProtocol';
import type { StreamDecoder } from '../../src/llm/decode/streamDecoder';
import { createWorkerDecoder } from '../../src/llm/decode/workerDecoder';

/** Node's MessagePort also has unref(), so an open channel never keeps a test run alive. */
type NodePort = MessagePort & { unref?(): void };

export function portDecoder(options: { sliceMs?: number } = {}): StreamDecoder {
  const handle = openDecodeLink(() => {
    const { port1, port2 } = new MessageChannel();
    const worker = port2 as NodePort;
    const handle = createDecodeHost((message: FromDecoder) => worker.postMessage(message), options);
    worker.onmessage = (event: MessageEvent<ToDecoder>) => handle(event.data);
    worker.postMessage({ type: 'ready' } satisfies FromDecoder);
    const page = port1 as NodePort;
    page.start();
    page.unref?.();
    worker.unref?.();
    // A MessagePort has no 'error' event to offer; the listener is simply never called.
    return page as unknown as DecoderEndpoint;
  });
  return createWorkerDecoder(() => handle, { waitForWorker: true });
}
