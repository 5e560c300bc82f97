/**
 * A fetch whose successful response bodies fail with StreamIdleTimeoutError when no byte
 * arrives for `idleMs`, and close the connection then.
 *
 * The SDK's own timeout covers the wait for the response headers only, so a server that
 * sends a 200 event-stream head and then nothing would keep the reply open for ever. The
 * watch is on bytes, not on the SDK's events: the SDK swallows `ping` events, which are
 * exactly what a slow but living stream sends. The clock runs only while the reader
 * waits for the network, so a busy page that reads late is never counted as silence.
 */
import { StreamIdleTimeoutError } from './streamFaults';

export function idleTimeoutFetch(baseFetch: typeof fetch | undefined, idleMs: number): typeof fetch {
  return async (input, init) => {
    // Looked up per call, not captured: browsers require fetch to be called on globalThis.
    const response = await (baseFetch ? baseFetch(input, init) : globalThis.fetch(input, init));
    if (!response.ok || !response.body) return response;
    const watched = new Response(watchIdle(response.body, idleMs), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    // The SDK names the URL in its logs; a constructed Response would have none.
    Object.defineProperty(watched, 'url', { value: response.url });
    return watched;
  };
}

function watchIdle(source: ReadableStream<Uint8Array>, idleMs: number): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const silence = new Promise<'silent'>((resolve) => {
        timer = setTimeout(() => resolve('silent'), idleMs);
      });
      try {
        // A failed read (a dropped connection, an abort) rejects pull, which errors this
        // stream with the very same error, so those keep their own meaning.
        const result = await Promise.race([reader.read(), silence]);
        if (result === 'silent') {
          controller.error(new StreamIdleTimeoutError(idleMs));
          // Cancelling the source closes the connection; the read still pending just ends.
          reader.cancel().catch(() => {});
        } else if (result.done) {
          controller.close();
        } else {
          controller.enqueue(result.value);
        }
      } finally {
        clearTimeout(timer);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
