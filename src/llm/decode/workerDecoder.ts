/**
 * The page's side of the SSE decoding worker (sseDecodeWorker.ts): reads the response
 * body here, where fetch, its idle timeout and the abort live, posts the bytes to the
 * worker, and yields the event batches it sends back. Errors come back as the SDK would
 * have thrown them on the page: an `event: error` as its APIError, the body's own
 * failure as the very error the read gave.
 */
import { APIError } from '@anthropic-ai/sdk/core/error';
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages/messages';
import type { DecodeLink, DecodeLinkHandle } from './decodeLink';
import type { DecodeFailure, FromDecoder } from './decodeProtocol';
import { inlineDecoder, type StreamDecoder } from './streamDecoder';

export interface WorkerDecoderOptions {
  /**
   * Wait for a worker still loading when a reply arrives. The app does not: such a
   * reply is decoded on the page, as before the worker (it is started well before, when
   * the Message box gets the focus). Tests do, so every reply goes through the worker.
   */
  waitForWorker?: boolean;
}

/** A decoder over the worker `start` starts (once, on first use). */
export function createWorkerDecoder(
  start: () => DecodeLinkHandle,
  { waitForWorker = false }: WorkerDecoderOptions = {},
): StreamDecoder {
  return {
    warm() {
      start();
    },
    async *decode(response, signal) {
      const handle = start();
      const link = handle.ready() ?? (waitForWorker ? await handle.started : undefined);
      if (!link || !response.body) {
        yield* inlineDecoder.decode(response, signal);
        return;
      }
      yield* decodeVia(link, response, response.body, signal);
    },
  };
}

async function* decodeVia(
  link: DecodeLink,
  response: Response,
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
): AsyncGenerator<RawMessageStreamEvent[]> {
  const id = link.nextId();
  const inbox: FromDecoder[] = [];
  let wake: (() => void) | undefined;
  const notify = () => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  const stopListening = link.listen(id, (message) => {
    inbox.push(message);
    notify();
  });
  signal.addEventListener('abort', notify);
  // The read's own error, thrown as it is if the worker reports the body failed.
  let bodyError: { error: unknown } | undefined;
  let settled = false;
  const reader = body.getReader();
  link.post({ type: 'open', id });

  const pump = async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (settled) return;
        if (done) {
          link.post({ type: 'end', id });
          return;
        }
        // Moved, not copied, when the chunk is its whole buffer (as fetch's chunks are).
        const whole = value.byteOffset === 0 && value.byteLength === value.buffer.byteLength;
        const bytes = whole ? value : value.slice();
        link.post({ type: 'chunk', id, bytes }, [bytes.buffer]);
      }
    } catch (error) {
      if (settled) return;
      bodyError = { error };
      link.post({ type: 'fail', id, abort: isAbortError(error) });
    }
  };
  void pump();

  try {
    for (;;) {
      // Events already on their way after our abort change nothing.
      if (signal.aborted) return;
      const message = inbox.shift();
      if (!message) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        continue;
      }
      if (message.type === 'events') yield message.events;
      else if (message.type === 'done') {
        settled = true;
        return;
      } else if (message.type === 'failed') {
        settled = true;
        throw rebuildFailure(message.failure, bodyError, response.headers);
      }
    }
  } finally {
    stopListening();
    signal.removeEventListener('abort', notify);
    if (!settled) {
      settled = true;
      link.post({ type: 'cancel', id });
      // Cancelling the body closes the connection, as the SDK's parser does when left early.
      reader.cancel().catch(() => undefined);
    }
  }
}

/** The error the SDK's parser would have thrown on the page. */
function rebuildFailure(
  failure: DecodeFailure,
  bodyError: { error: unknown } | undefined,
  headers: Headers,
): unknown {
  switch (failure.kind) {
    case 'api':
      // As the SDK's parser builds it for an `event: error` (core/streaming): its type is
      // the body's error.type, which the constructor reads itself. The body is JSON or text.
      return new APIError(undefined, failure.body as object | undefined, undefined, headers);
    case 'source':
      return bodyError ? bodyError.error : new TypeError('The response body could not be read.');
    case 'error': {
      const Kind =
        failure.name === 'SyntaxError'
          ? SyntaxError
          : failure.name === 'TypeError'
            ? TypeError
            : failure.name === 'RangeError'
              ? RangeError
              : Error;
      const error = new Kind(failure.message);
      if (Kind === Error && failure.name !== 'Error') error.name = failure.name;
      return error;
    }
  }
}

/** The SDK's own test (internal/errors isAbortError): what its parser ends on quietly. */
function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}
