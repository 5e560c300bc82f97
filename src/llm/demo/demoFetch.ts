/**
 * A fetch for the offline demo: it never touches the network. It reads the Messages API
 * request the SDK built and answers with the real wire format (SSE text, or JSON when
 * not streaming), so the demo runs through exactly the same SDK client and parser as
 * the real API.
 *
 * Like the API it refuses a request over the model's window, but only for the
 * small-window demo (DEMO_SMALL_MODEL_ID), so the length refusal and the condensing
 * handoff can be tried offline; and it answers count_tokens with the same estimate.
 */
import { contextWindowFor } from '../../core/context/contextWindow';
import { DEMO_SMALL_MODEL_ID } from '../defaults';
import { errorBody, formatSseEvent, messageStreamEvents, scriptedMessage } from '../sse/messageStreamEvents';
import { demoReply } from './demoReply';
import { readRequest, requestTokens } from './readRequest';

export interface DemoFetchOptions {
  /** Pause before each streamed event (a delta carries a few characters). Default 15; tests pass 0. */
  charDelayMs?: number;
}

const DEFAULT_DELAY_MS = 15;

export function createDemoFetch(options: DemoFetchOptions = {}): typeof fetch {
  const delayMs = options.charDelayMs ?? DEFAULT_DELAY_MS;
  let requestCount = 0;

  return async (input, init) => {
    const request = new Request(input, init);
    const signal = init?.signal ?? request.signal;
    if (signal?.aborted) throw abortError();
    requestCount += 1;
    const requestId = `req_demo_${String(requestCount).padStart(6, '0')}`;

    const path = new URL(request.url).pathname;
    const counting = path.endsWith('/v1/messages/count_tokens');
    if (request.method !== 'POST' || !(counting || path.endsWith('/v1/messages'))) {
      return jsonResponse(
        404,
        errorBody(
          'not_found_error',
          'The demo model only answers POST /v1/messages and POST /v1/messages/count_tokens.',
        ),
        requestId,
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(await request.text());
    } catch {
      return jsonResponse(
        400,
        errorBody('invalid_request_error', 'The request body is not JSON.'),
        requestId,
      );
    }

    const read = readRequest(body);
    const { model } = read;
    const inputTokens = requestTokens(read);
    if (counting) return jsonResponse(200, { input_tokens: inputTokens }, requestId);
    const limit = windowLimit(model);
    if (limit !== undefined && inputTokens > limit) {
      // The API's own wording, so the app's parser reads N and M from it.
      return jsonResponse(
        400,
        errorBody('invalid_request_error', `prompt is too long: ${inputTokens} tokens > ${limit} maximum`),
        requestId,
      );
    }

    const reply = demoReply(body);
    if ((body as { stream?: unknown }).stream !== true) {
      // a parsed JSON value; only its `stream` flag is read
      return jsonResponse(200, scriptedMessage(reply), requestId);
    }
    const events = messageStreamEvents(reply).map(({ event, data }) => formatSseEvent(event, data));
    return new Response(sseStream(events, delayMs, signal ?? undefined), {
      status: 200,
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'request-id': requestId,
      },
    });
  };
}

/** The window the demo enforces: only the small-window demo has one. */
function windowLimit(model: string): number | undefined {
  return model === DEMO_SMALL_MODEL_ID ? contextWindowFor(DEMO_SMALL_MODEL_ID) : undefined;
}

/** One SSE event per pull, paced, erroring like fetch's body does when the request is aborted. */
function sseStream(
  events: string[],
  delayMs: number,
  signal: AbortSignal | undefined,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const stop = (): void => {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  };

  return new ReadableStream<Uint8Array>({
    start(controller) {
      onAbort = () => {
        stop();
        controller.error(abortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    },
    pull(controller) {
      // A timer even at 0 ms: each event is its own task, so an abort can land between
      // events just as it would on a real connection.
      return new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          if (signal?.aborted) return resolve();
          const event = events[next];
          next += 1;
          if (event !== undefined) controller.enqueue(encoder.encode(event));
          if (next >= events.length) {
            stop();
            controller.close();
          }
          resolve();
        }, delayMs);
      });
    },
    cancel() {
      stop();
    },
  });
}

function jsonResponse(status: number, body: unknown, requestId: string): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'request-id': requestId },
  });
}

/** What fetch rejects with, and errors a body with, when its request is aborted. */
function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}
