/**
 * Replies that start as a 200 and then are not what the client expects: a stream that
 * goes silent, a body that is a web page or JSON, an event that cannot be read, and a
 * request the page's security policy refused. Each must end in its own sentence, with
 * whatever had streamed kept.
 */
import { describe, expect, it } from 'vitest';
import { type FakeHandler, fakeFetch } from '../../testing/llm/fakeApi';
import { ModelError, type ModelRequest } from '../core/agent/types';
import { createSdkModelClient, type SdkModelClientOptions } from './sdkModelClient';
import { formatSseEvent, messageStreamEvents } from './sse/messageStreamEvents';

const BASE_URL = 'https://gateway.test';

function makeRequest(signal = new AbortController().signal): ModelRequest {
  return {
    model: 'claude-test',
    system: '',
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
    tools: [],
    toolChoice: 'auto',
    maxTokens: 1000,
    signal,
  };
}

function clientFor(handler: FakeHandler, options: Partial<SdkModelClientOptions> = {}) {
  const api = fakeFetch(handler);
  const client = createSdkModelClient({
    apiKey: 'sk-ant-test',
    baseURL: BASE_URL,
    fetch: api.fetch,
    label: 'Test model',
    maxRetries: 2,
    ...options,
  });
  return { client, sent: api.sent };
}

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError; // checked just above
}

/** The events of a text reply up to and including its deltas: no block stop, no message_stop. */
function openingOf(text: string): string[] {
  return messageStreamEvents({ model: 'claude-test', blocks: [{ type: 'text', text }] })
    .filter(({ event }) => !['content_block_stop', 'message_delta', 'message_stop'].includes(event))
    .map(({ event, data }) => formatSseEvent(event, data));
}

/**
 * A 200 event stream that writes `chunks` (each after `gapMs`) and then keeps the
 * connection open without a byte, until the reader cancels it (recorded) or `signal` fires.
 */
function stallingStream(chunks: string[], signal: AbortSignal | undefined, gapMs = 0, end?: 'close') {
  const seen = { cancelled: false };
  const encoder = new TextEncoder();
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')), {
        once: true,
      });
    },
    async pull(controller) {
      const chunk = chunks[next];
      if (chunk === undefined && end === 'close') return controller.close();
      if (chunk === undefined) return new Promise<void>(() => {}); // silence, for ever
      if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
      next += 1;
      controller.enqueue(encoder.encode(chunk));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  const response = new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  return { response, seen };
}

describe('a stream that goes silent after its head', () => {
  it('fails after the idle timeout with its sentence, keeps the partial text and closes the connection', async () => {
    let stream: ReturnType<typeof stallingStream> | undefined;
    const { client, sent } = clientFor(
      (_request, signal) => {
        stream = stallingStream(openingOf('Half a reply'), signal);
        return stream.response;
      },
      { streamIdleTimeoutMs: 50 },
    );
    const error = await failure(client.stream(makeRequest(), () => {}));
    expect(error.kind).toBe('stream_idle');
    expect(error.message).toBe(
      'The model API stopped sending the reply: nothing arrived for 0.1 seconds, so Baton closed the connection. Try again.',
    );
    expect(error.partial).toMatchObject({
      content: [{ type: 'text', text: 'Half a reply' }],
      stopReason: 'error',
      errorMessage: error.message,
    });
    expect(stream?.seen.cancelled).toBe(true);
    // A stream that had begun is never sent again.
    expect(sent).toHaveLength(1);
  });

  it('fails the same way when not one event came after the 200', async () => {
    const { client } = clientFor((_request, signal) => stallingStream([], signal).response, {
      streamIdleTimeoutMs: 1000,
    });
    const error = await failure(client.stream(makeRequest(), () => {}));
    expect(error.kind).toBe('stream_idle');
    expect(error.message).toContain('nothing arrived for 1 second,');
    expect(error.partial).toBeUndefined();
  });

  it('is kept alive by pings: a slow stream that never falls silent for the whole timeout completes', async () => {
    const events = messageStreamEvents({ model: 'claude-test', blocks: [{ type: 'text', text: 'Slow' }] });
    const pings = Array.from({ length: 30 }, () => formatSseEvent('ping', { type: 'ping' }));
    const chunks = [...pings, ...events.map(({ event, data }) => formatSseEvent(event, data))];
    // Each chunk comes 20 ms after the last: the stream takes far longer than the 400 ms timeout.
    const { client } = clientFor((_request, signal) => stallingStream(chunks, signal, 20, 'close').response, {
      streamIdleTimeoutMs: 400,
    });
    const reply = await client.stream(makeRequest(), () => {});
    expect(reply.stopReason).toBe('end_turn');
    expect(reply.content).toEqual([{ type: 'text', text: 'Slow' }]);
  });

  it('is still stopped by our own signal as a cancel, not a failure', async () => {
    const controller = new AbortController();
    const { client } = clientFor((_request, signal) => stallingStream(openingOf('Half'), signal).response, {
      streamIdleTimeoutMs: 60_000,
    });
    const reply = client.stream(makeRequest(controller.signal), (partial) => {
      if (partial.content.length > 0) controller.abort();
    });
    expect((await reply).stopReason).toBe('aborted');
  });

  it('ends the reply at message_stop, even when the server keeps the connection open after it', async () => {
    const events = messageStreamEvents({ model: 'claude-test', blocks: [{ type: 'text', text: 'Done' }] });
    const chunks = events.map(({ event, data }) => formatSseEvent(event, data));
    const { client } = clientFor((_request, signal) => stallingStream(chunks, signal).response, {
      streamIdleTimeoutMs: 50,
    });
    const reply = await client.stream(makeRequest(), () => {});
    expect(reply.stopReason).toBe('end_turn');
    expect(reply.content).toEqual([{ type: 'text', text: 'Done' }]);
  });
});

describe('a 200 that is not an event stream', () => {
  const page = (body: string, contentType: string): FakeHandler => {
    return () => new Response(body, { status: 200, headers: { 'content-type': contentType } });
  };

  it('names a web page and quotes its title, without retrying', async () => {
    const html =
      '<!doctype html><html><head><title>Sign in to Example Wi-Fi</title></head><body>…</body></html>';
    const { client, sent } = clientFor(page(html, 'text/html; charset=utf-8'));
    const error = await failure(client.stream(makeRequest(), () => {}));
    expect(error.kind).toBe('not_a_stream');
    expect(error.message).toBe(
      'The server at gateway.test answered with a web page instead of a stream: Sign in to Example Wi-Fi',
    );
    expect(error.partial).toBeUndefined();
    expect(sent).toHaveLength(1);
  });

  it('names JSON and quotes its message, or its first line', async () => {
    const said = await failure(
      clientFor(page('{"status":"ok","message":"Service is up"}', 'application/json')).client.stream(
        makeRequest(),
        () => {},
      ),
    );
    expect(said.message).toBe(
      'The server at gateway.test answered with JSON instead of a stream: Service is up',
    );
    const plain = await failure(
      clientFor(page('{"id":1,\n"ok":true}', 'application/json')).client.stream(makeRequest(), () => {}),
    );
    expect(plain.message).toBe(
      'The server at gateway.test answered with JSON instead of a stream: {"id":1,"ok":true}',
    );
    const empty = await failure(
      clientFor(page('', 'application/json')).client.stream(makeRequest(), () => {}),
    );
    expect(empty.message).toBe('The server at gateway.test answered with JSON instead of a stream.');
  });
});

describe('a malformed stream', () => {
  it('names a malformed stream, not the JSON parser, and keeps the partial text', async () => {
    const broken =
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"ty\n\n';
    const { client } = clientFor(
      (_request, signal) => stallingStream([...openingOf('So far'), broken], signal).response,
    );
    const error = await failure(client.stream(makeRequest(), () => {}));
    expect(error.kind).toBe('malformed_stream');
    expect(error.message).toBe(
      "The reply stream from gateway.test was malformed: an event in it could not be read as the model API's, so the reply stopped there.",
    );
    expect(error.message).not.toMatch(/JSON|token|position/);
    expect(error.partial?.content).toEqual([{ type: 'text', text: 'So far' }]);
  });

  it('says the same of an event that is JSON but not of the API shape', async () => {
    const odd = formatSseEvent('content_block_delta', { type: 'content_block_delta', index: 0 });
    const { client } = clientFor(
      (_request, signal) => stallingStream([...openingOf('So far'), odd], signal).response,
    );
    const error = await failure(client.stream(makeRequest(), () => {}));
    expect(error.kind).toBe('malformed_stream');
  });
});

describe('a request the page security policy refused', () => {
  const refused: FakeHandler = () => Promise.reject(new TypeError('Failed to fetch'));

  it('names the policy when the client is told the base URL is blocked', async () => {
    const blocked: string[] = [];
    const { client } = clientFor(refused, {
      baseURL: 'http://192.168.1.20:8080',
      maxRetries: 0,
      blockedByPolicy: (url) => blocked.push(url) > 0,
    });
    const error = await failure(client.stream(makeRequest(), () => {}));
    expect(error.kind).toBe('blocked_by_policy');
    expect(error.message).toBe(
      "This page's security policy (Content-Security-Policy connect-src) blocked the request to 192.168.1.20:8080: Baton may call https:// addresses, and http:// only on localhost or 127.0.0.1. Change the API base URL in Settings.",
    );
    expect(blocked).toEqual(['http://192.168.1.20:8080']);
  });

  it('keeps "could not reach" when the policy allows the URL', async () => {
    const { client } = clientFor(refused, { maxRetries: 0, blockedByPolicy: () => false });
    const error = await failure(client.stream(makeRequest(), () => {}));
    expect(error.kind).toBe('network');
  });
});
