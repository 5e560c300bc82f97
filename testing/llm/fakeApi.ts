/**
 * Test doubles for the Messages API at the fetch level: the SDK under test parses real
 * SSE text and real error bodies, built with the same encoder as the demo and e2e mock.
 * Only tests import this file.
 */
import type { ModelRequest } from '../../src/core/agent/types';
import type { Message } from '../../src/core/types/message';
import { createSdkModelClient } from '../../src/llm/sdkModelClient';
import {
  errorBody,
  formatSseEvent,
  messageStreamEvents,
  type ScriptedReply,
  type StreamEvent,
} from '../../src/llm/sse/messageStreamEvents';

export interface SentRequest {
  url: string;
  headers: Headers;
  body: Record<string, unknown>;
}

export type FakeHandler = (
  request: SentRequest,
  signal: AbortSignal | undefined,
) => Response | Promise<Response>;

/** A fetch that records every request it is given and answers with `handler`. */
export function fakeFetch(handler: FakeHandler): { fetch: typeof fetch; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const body = JSON.parse(await request.text()) as Record<string, unknown>; // the SDK sends a JSON object
    const record = { url: request.url, headers: request.headers, body };
    sent.push(record);
    return handler(record, init?.signal ?? undefined);
  };
  return { fetch: fetchImpl, sent };
}

export interface StreamOptions {
  /** Stop after this many events: with `ending: 'drop'` the body fails, 'end' just ends, an error type sends `event: error`. */
  cutAfter?: number;
  ending?: 'drop' | 'end' | { errorType: string; message: string };
  /** Called after each event is enqueued, with its index. */
  onEvent?: (index: number) => void;
}

/** A 200 SSE response streaming `reply` one event per task, honouring `signal` like fetch. */
export function sseResponse(
  reply: ScriptedReply | StreamEvent[],
  signal: AbortSignal | undefined,
  options: StreamOptions = {},
): Response {
  const events = Array.isArray(reply) ? reply : messageStreamEvents(reply);
  const texts = events.map(({ event, data }) => formatSseEvent(event, data));
  const limit = options.cutAfter ?? texts.length;
  const ending = options.ending ?? 'end';
  if (typeof ending === 'object')
    texts.splice(limit, Infinity, formatSseEvent('error', errorBody(ending.errorType, ending.message)));
  const encoder = new TextEncoder();
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')), {
        once: true,
      });
    },
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (signal?.aborted) return;
      const end = typeof ending === 'object' ? texts.length : limit;
      if (next >= end) {
        if (ending === 'drop') controller.error(new TypeError('terminated'));
        else controller.close();
        return;
      }
      controller.enqueue(encoder.encode(texts[next]));
      options.onEvent?.(next);
      next += 1;
    },
  });
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/event-stream', 'request-id': 'req_test_stream' },
  });
}

/** An API error response exactly as the API sends it. */
export function errorResponse(
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(errorBody(type, message, 'req_test_error')), {
    status,
    headers: { 'content-type': 'application/json', 'request-id': 'req_test_error', ...headers },
  });
}

/**
 * `request` streamed through the real SDK client (no retries) from a fake API answering
 * with `scripted`: the reply as Baton keeps it, and what went over the wire.
 */
export async function streamScripted(
  scripted: ScriptedReply,
  request: ModelRequest,
): Promise<{ message: Message; sent: SentRequest[] }> {
  const api = fakeFetch((_request, signal) => sseResponse(scripted, signal));
  const client = createSdkModelClient({
    apiKey: 'sk-ant-test',
    baseURL: 'https://api.test',
    fetch: api.fetch,
    label: 'Test',
    maxRetries: 0,
  });
  const message = await client.stream(request, () => {});
  return { message, sent: api.sent };
}
