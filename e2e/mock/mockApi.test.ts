import Anthropic, {
  AnthropicError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ContentTooLargeError,
  InternalServerError,
  NotFoundError,
  OverloadedError,
  PermissionDeniedError,
  RateLimitError,
} from '@anthropic-ai/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CORS_FORBIDDEN_MESSAGE, type MockApi, mockTokenCount, startMockApi } from './mockApi';

const KEY = 'sk-ant-mock-test-key';
let mock: MockApi;

beforeEach(async () => {
  mock = await startMockApi();
});
afterEach(async () => {
  await mock.close();
});

function client(options: { maxRetries?: number } = {}): Anthropic {
  return new Anthropic({ apiKey: KEY, baseURL: mock.url, maxRetries: options.maxRetries ?? 0 });
}

const params = (text = 'Hello mock') => ({
  model: 'claude-test',
  max_tokens: 256,
  messages: [{ role: 'user' as const, content: text }],
});

/** Parses an SSE body into its events, the JSON payloads decoded. */
function sseEvents(text: string): Array<{ event: string; data: unknown }> {
  return text
    .split('\n\n')
    .filter((frame) => frame.trim() !== '')
    .map((frame) => {
      const event = /^event: (.*)$/m.exec(frame)?.[1] ?? '';
      const data = /^data: (.*)$/m.exec(frame)?.[1] ?? 'null';
      return { event, data: JSON.parse(data) as unknown };
    });
}

/** Runs a stream to its end and returns the text deltas seen and the outcome. */
async function runStream(sdk: Anthropic, signal?: AbortSignal) {
  const stream = sdk.messages.stream(params(), signal ? { signal } : {});
  const deltas: string[] = [];
  stream.on('text', (delta) => deltas.push(delta));
  try {
    return { deltas, message: await stream.finalMessage(), error: undefined };
  } catch (error) {
    return { deltas, message: undefined, error };
  }
}

describe('replies', () => {
  it('streams a scripted reply that the SDK assembles, and records the request with its headers', async () => {
    mock.script({
      kind: 'reply',
      reply: {
        blocks: [
          { type: 'text', text: 'Here is the plan for today.' },
          { type: 'tool_use', id: 'toolu_01', name: 'todo_write', input: { todos: ['a', 'b'] } },
        ],
        usage: { input_tokens: 321, output_tokens: 45 },
      },
    });
    const { message, deltas, error } = await runStream(client());

    expect(error).toBeUndefined();
    expect(deltas.join('')).toBe('Here is the plan for today.');
    expect(message?.model).toBe('claude-test');
    expect(message?.content[1]).toMatchObject({
      type: 'tool_use',
      name: 'todo_write',
      input: { todos: ['a', 'b'] },
    });
    expect(message?.stop_reason).toBe('tool_use');
    expect(message?.usage).toMatchObject({ input_tokens: 321, output_tokens: 45 });

    expect(mock.requests).toHaveLength(1);
    const [request] = mock.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/messages');
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(request?.body.stream).toBe(true);
    expect(request?.body.messages).toEqual([{ role: 'user', content: 'Hello mock' }]);
    expect(request?.time).toBeLessThanOrEqual(Date.now());
    expect(mock.pendingSteps).toBe(0);
  });

  it('writes events one at a time, with the scripted delay between them', async () => {
    mock.script({
      kind: 'reply',
      reply: { blocks: [{ type: 'text', text: 'b'.repeat(40) }], chunkSize: 8 },
      delayMsPerEvent: 40,
    });
    const stream = client().messages.stream(params());
    const arrivals: number[] = [];
    stream.on('text', () => arrivals.push(Date.now()));
    await stream.finalMessage();
    expect(arrivals).toHaveLength(5);
    // Four 40 ms pauses between the five deltas; a whole-spread bound stays stable on a busy machine.
    expect((arrivals[4] ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(100);
  });

  it('streams a bulk reply as exactly its deltas, many events to a write', async () => {
    const deltas = Array.from({ length: 1000 }, (_, i) => (i === 0 ? 'word0' : ` word${i}`));
    mock.script({ kind: 'bulk-reply', deltas, eventsPerWrite: 64 });
    const { message, deltas: seen, error } = await runStream(client());

    expect(error).toBeUndefined();
    expect(seen).toEqual(deltas);
    expect(message?.content).toEqual([{ type: 'text', text: deltas.join(''), citations: null }]);
    expect(message?.stop_reason).toBe('end_turn');
    expect(message?.usage.output_tokens).toBe(1000);
  });

  it('answers with the default echo when nothing is scripted, streamed or not', async () => {
    const sdk = client();
    const streamed = await runStream(sdk);
    const created = await sdk.messages.create(params('  What   is\nthe plan?  '));

    expect(streamed.deltas.join('')).toBe('Mock reply to: Hello mock');
    expect(created.content).toEqual([
      { type: 'text', text: 'Mock reply to: What is the plan?', citations: null },
    ]);
    expect(created.stop_reason).toBe('end_turn');
    expect(created.usage.input_tokens).toBeGreaterThan(0);
    expect(mock.requests[1]?.body.stream).toBeUndefined();
  });

  it('echoes the newest user text even when the last user turn is a tool result', async () => {
    const message = await client().messages.create({
      model: 'm',
      max_tokens: 10,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'List files' }] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'ls', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'a.txt' }] },
      ],
    });
    expect(message.content[0]).toMatchObject({ text: 'Mock reply to: List files' });
  });

  it('ends a stream with a scripted model_context_window_exceeded stop reason', async () => {
    const reply = {
      blocks: [{ type: 'text' as const, text: 'Cut short' }],
      stopReason: 'model_context_window_exceeded' as const,
    };
    mock.script({ kind: 'reply', reply }, { kind: 'reply', reply });
    const raw = await fetch(`${mock.url}/v1/messages`, {
      method: 'POST',
      body: JSON.stringify({ ...params(), stream: true }),
    });
    const deltas = sseEvents(await raw.text()).filter((e) => e.event === 'message_delta');
    const { message } = await runStream(client());

    expect(deltas).toHaveLength(1);
    expect(deltas[0]?.data).toMatchObject({
      type: 'message_delta',
      delta: { stop_reason: 'model_context_window_exceeded' },
    });
    expect(message?.stop_reason).toBe('model_context_window_exceeded');
    expect(message?.content[0]).toMatchObject({ text: 'Cut short' });
  });

  it('delays the response headers by firstByteDelayMs', async () => {
    mock.script({
      kind: 'reply',
      reply: { blocks: [{ type: 'text', text: 'late' }] },
      firstByteDelayMs: 150,
    });
    const started = Date.now();
    const response = await client()
      .messages.create({ ...params(), stream: true })
      .asResponse();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('request-id')).toMatch(/^req_mock_/);
    await response.text();
  });
});

describe('HTTP errors', () => {
  it('maps 429 to RateLimitError with retry-after, request-id and the API error body', async () => {
    mock.script({ kind: 'status', status: 429, retryAfterSeconds: 7, shouldRetry: false });
    const { error } = await runStream(client({ maxRetries: 2 }));

    expect(error).toBeInstanceOf(RateLimitError);
    const rateLimit = error as RateLimitError;
    expect(rateLimit.status).toBe(429);
    expect(rateLimit.type).toBe('rate_limit_error');
    expect(rateLimit.headers.get('retry-after')).toBe('7');
    expect(rateLimit.requestID).toMatch(/^req_mock_/);
    expect(rateLimit.error).toMatchObject({ type: 'error', request_id: rateLimit.requestID });
    // x-should-retry: false stops the SDK's own retries.
    expect(mock.requests).toHaveLength(1);
  });

  it('lets the SDK retry after the retry-after it was given, then succeed', async () => {
    mock.script(
      { kind: 'status', status: 429, retryAfterSeconds: 0.3 },
      { kind: 'reply', reply: { blocks: [{ type: 'text', text: 'second time lucky' }] } },
    );
    const { message } = await runStream(client({ maxRetries: 2 }));

    expect(message?.content[0]).toMatchObject({ text: 'second time lucky' });
    expect(mock.requests).toHaveLength(2);
    const gap = (mock.requests[1]?.time ?? 0) - (mock.requests[0]?.time ?? 0);
    expect(gap).toBeGreaterThanOrEqual(280);
  });

  it('maps 529 to OverloadedError, and repeat answers the SDK retries with the same failure', async () => {
    mock.script(
      { kind: 'status', status: 529, retryAfterSeconds: 0.01, repeat: 3 },
      { kind: 'reply', reply: { blocks: [{ type: 'text', text: 'unused' }] } },
    );
    const { error } = await runStream(client({ maxRetries: 2 }));

    expect(error).toBeInstanceOf(OverloadedError);
    expect((error as OverloadedError).type).toBe('overloaded_error');
    expect(mock.requests).toHaveLength(3);
    expect(mock.pendingSteps).toBe(1);
  });

  it.each([
    [400, BadRequestError, 'invalid_request_error'],
    [401, AuthenticationError, 'authentication_error'],
    [403, PermissionDeniedError, 'permission_error'],
    [404, NotFoundError, 'not_found_error'],
    [500, InternalServerError, 'api_error'],
  ] as const)('maps %i to %o with type %s', async (status, errorClass, type) => {
    mock.script({ kind: 'status', status, shouldRetry: false });
    const { error } = await runStream(client());
    expect(error).toBeInstanceOf(errorClass);
    expect((error as APIError).type).toBe(type);
    expect((error as APIError).status).toBe(status);
  });

  it('maps 413 to ContentTooLargeError with the API type and message, and the SDK does not retry it', async () => {
    mock.script(
      { kind: 'status', status: 413 },
      { kind: 'reply', reply: { blocks: [{ type: 'text', text: 'unused' }] } },
    );
    const { error } = await runStream(client({ maxRetries: 2 }));

    expect(error).toBeInstanceOf(ContentTooLargeError);
    expect((error as APIError).status).toBe(413);
    expect((error as APIError).type).toBe('request_too_large');
    expect((error as APIError).apiMessage).toBe('Request exceeds the maximum allowed number of bytes.');
    expect(mock.requests).toHaveLength(1);
    expect(mock.pendingSteps).toBe(1);
  });

  it('names the requested model in a default 404, and uses a scripted message and type', async () => {
    mock.script(
      { kind: 'status', status: 404 },
      { kind: 'status', status: 400, errorType: 'invalid_request_error', message: 'prompt is too long' },
    );
    const notFound = await runStream(client());
    const badRequest = await runStream(client());
    expect((notFound.error as APIError).apiMessage).toBe('model: claude-test');
    expect((badRequest.error as APIError).apiMessage).toBe('prompt is too long');
  });

  it('answers the organisation-forbids-CORS case as the real API does', async () => {
    mock.script({ kind: 'cors-forbidden' });
    const { error } = await runStream(client());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).apiMessage).toBe(CORS_FORBIDDEN_MESSAGE);
    expect((error as AuthenticationError).message).toContain('CORS requests are not allowed');
  });

  it("answers a raw status with a proxy's own JSON body: the SDK keeps it whole, with no request-id", async () => {
    const body = '{"error":{"type":"forbidden","message":"Request not allowed"}}';
    mock.script({ kind: 'raw-status', status: 403, body });
    const { error } = await runStream(client({ maxRetries: 2 }));

    expect(error).toBeInstanceOf(PermissionDeniedError);
    const refused = error as PermissionDeniedError;
    expect(refused.status).toBe(403);
    expect(refused.error).toEqual(JSON.parse(body));
    expect(refused.headers.get('content-type')).toBe('application/json');
    expect(refused.requestID).toBeNull();
    expect(mock.requests).toHaveLength(1);
  });

  it('answers a raw status with any body and content type, readable from a browser origin', async () => {
    const page = '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>';
    mock.script({ kind: 'raw-status', status: 502, body: page, contentType: 'text/html' });
    const response = await fetch(`${mock.url}/v1/messages`, {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:4173', 'content-type': 'application/json' },
      body: JSON.stringify(params()),
    });

    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    expect(response.headers.get('request-id')).toBeNull();
    expect(await response.text()).toBe(page);
    expect(mock.pendingSteps).toBe(0);
  });
});

describe('context window', () => {
  /** A POST /v1/messages with one user text, sent without the SDK, from a browser origin. */
  const postMessages = (text: string) =>
    fetch(`${mock.url}/v1/messages`, {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:4173', 'content-type': 'application/json' },
      body: JSON.stringify(params(text)),
    });

  it('mockTokenCount counts system, tools and messages at four characters a token, rounded up', () => {
    // The JSON of {system, tools, messages} is 78, 40 and 123 characters long.
    expect(mockTokenCount(params('Hello mock'))).toBe(20);
    expect(mockTokenCount({})).toBe(10);
    expect(
      mockTokenCount({
        model: 'ignored',
        max_tokens: 99999,
        system: 'Be brief.',
        tools: [{ name: 'ls', input_schema: { type: 'object' } }],
        messages: [{ role: 'user', content: 'hi' }],
      }),
    ).toBe(31);
  });

  it('refuses a request over the limit with the API 400 body, records it, and keeps the scripted step', async () => {
    mock.limitContext(20);
    mock.script({ kind: 'reply', reply: { blocks: [{ type: 'text', text: 'scripted' }] } });
    const refused = await postMessages('Hello mock, hi'); // 82 characters of JSON: 21 tokens
    const body = await refused.json();

    expect(refused.status).toBe(400);
    expect(refused.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    expect(body).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'prompt is too long: 21 tokens > 20 maximum' },
      request_id: refused.headers.get('request-id'),
    });
    expect(body.request_id).toMatch(/^req_mock_/);
    expect(mock.requests).toHaveLength(1);
    expect(mock.messageRequests()).toHaveLength(1);
    expect(mock.pendingSteps).toBe(1);
  });

  it('gives the scripted step to the next request that fits, one exactly at the limit included', async () => {
    mock.limitContext(20);
    mock.script({ kind: 'reply', reply: { blocks: [{ type: 'text', text: 'scripted' }] } });
    const sdk = client();
    await expect(sdk.messages.create(params('Hello mock, a little longer'))).rejects.toBeInstanceOf(
      BadRequestError,
    );
    const fits = await sdk.messages.create(params('Hello mock'));

    expect(fits.content[0]).toMatchObject({ text: 'scripted' });
    expect(mock.pendingSteps).toBe(0);
    expect(mock.requests).toHaveLength(2);
  });

  it('takes the limit from startMockApi, reports it, and drops it with limitContext(undefined)', async () => {
    await mock.close();
    mock = await startMockApi({ contextWindow: 10 });
    expect(mock.contextWindow).toBe(10);
    expect((await postMessages('x')).status).toBe(400);

    mock.limitContext(undefined);
    expect(mock.contextWindow).toBeUndefined();
    const allowed = await postMessages('x'.repeat(10_000));
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toMatchObject({ content: [{ text: `Mock reply to: ${'x'.repeat(100)}…` }] });

    expect(() => mock.limitContext(-1)).toThrow(RangeError);
    expect(() => mock.limitContext(1.5)).toThrow(RangeError);
    expect(mock.contextWindow).toBeUndefined();
  });

  it('answers count_tokens with the count and CORS headers, records it, and leaves steps and limit alone', async () => {
    mock.limitContext(1);
    mock.script({ kind: 'status', status: 500 });
    const response = await fetch(`${mock.url}/v1/messages/count_tokens`, {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:4173', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'claude-test', messages: [{ role: 'user', content: 'Hello mock' }] }),
    });

    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ input_tokens: 20 });
    expect(mock.requests).toHaveLength(1);
    expect(mock.requests[0]).toMatchObject({ method: 'POST', path: '/v1/messages/count_tokens' });
    expect(mock.requests[0]?.body.messages).toEqual([{ role: 'user', content: 'Hello mock' }]);
    expect(mock.messageRequests()).toEqual([]);
    expect(mock.pendingSteps).toBe(1);
  });

  it('serves the SDK: countTokens gets the count, and a too-long create raises BadRequestError', async () => {
    const sdk = client({ maxRetries: 2 });
    const counted = await sdk.messages.countTokens({
      model: 'claude-test',
      messages: [{ role: 'user', content: 'Hello mock' }],
    });
    expect(counted.input_tokens).toBe(20);

    // count_tokens left nothing behind: the next create still gets the default echo.
    const echoed = await sdk.messages.create(params('after counting'));
    expect(echoed.content[0]).toMatchObject({ text: 'Mock reply to: after counting' });

    mock.limitContext(counted.input_tokens - 1);
    const error = await sdk.messages.create(params('Hello mock')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).message).toContain('prompt is too long:');
    expect((error as BadRequestError).apiMessage).toBe('prompt is too long: 20 tokens > 19 maximum');

    expect(mock.requests.map((r) => r.path)).toEqual([
      '/v1/messages/count_tokens',
      '/v1/messages',
      '/v1/messages',
    ]);
    // A 400 is not retried, and messageRequests leaves count_tokens out.
    expect(mock.messageRequests()).toEqual([mock.requests[1], mock.requests[2]]);
  });
});

describe('failures during a stream', () => {
  it('sends an error event mid-stream that the SDK raises as an APIError without status', async () => {
    mock.script({ kind: 'stream-error', afterText: 'Half of the answ' });
    const { error, deltas } = await runStream(client());

    expect(error).toBeInstanceOf(APIError);
    expect(error).not.toBeInstanceOf(OverloadedError);
    expect((error as APIError).type).toBe('overloaded_error');
    expect((error as APIError).status).toBeUndefined();
    expect(deltas.join('')).toBe('Half of the answ');
  });

  it('can send another error type mid-stream', async () => {
    mock.script({ kind: 'stream-error', afterText: 'x', errorType: 'api_error', message: 'Internal' });
    const { error } = await runStream(client());
    expect((error as APIError).type).toBe('api_error');
    expect((error as APIError).apiMessage).toBe('Internal');
  });

  it('drops the connection after some text, which the SDK reports as an error that is not an abort', async () => {
    mock.script({ kind: 'drop', afterText: 'Streaming along until' });
    const { error, deltas, message } = await runStream(client({ maxRetries: 2 }));

    expect(message).toBeUndefined();
    expect(error).toBeInstanceOf(AnthropicError);
    expect(error).not.toBeInstanceOf(APIUserAbortError);
    // A network failure (undici's "terminated"), not a clean but truncated end of stream.
    expect((error as AnthropicError).cause).toBeInstanceOf(TypeError);
    expect(deltas.join('')).toBe('Streaming along until');
    // A stream is not retried once its headers have arrived.
    expect(mock.requests).toHaveLength(1);
  });

  it('hangs without a byte until the client aborts', async () => {
    mock.script({ kind: 'hang' });
    const controller = new AbortController();
    const outcome = runStream(client(), controller.signal);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });

    await mock.waitForRequests(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(settled).toBe(false);
    controller.abort();
    const { error, deltas } = await outcome;
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(deltas).toEqual([]);
  });

  it('sends a stream head and some text, then nothing while the connection stays open', async () => {
    mock.script({ kind: 'silent-stream', afterText: 'Until here' });
    const response = await fetch(`${mock.url}/v1/messages`, {
      method: 'POST',
      body: JSON.stringify({ ...params(), stream: true }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body?.getReader();
    const decoder = new TextDecoder();
    const deltasIn = (text: string) =>
      sseEvents(text).flatMap(({ data }) => {
        const delta = (data as { delta?: { text?: string } }).delta;
        return delta?.text ? [delta.text] : [];
      });
    let text = '';
    while (deltasIn(text).join('') !== 'Until here') {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      text += decoder.decode(chunk.value);
    }
    const deltas = deltasIn(text);
    expect(deltas.join('')).toBe('Until here');
    // Nothing more comes, and the body does not end, for as long as the test waits.
    const next = reader?.read();
    const outcome = await Promise.race([
      next,
      new Promise((resolve) => setTimeout(() => resolve('silent'), 200)),
    ]);
    expect(outcome).toBe('silent');
    await reader?.cancel();
  });

  it('sends a head alone when given no text, and records no usage for it', async () => {
    mock.script({ kind: 'silent-stream' });
    const controller = new AbortController();
    const response = await fetch(`${mock.url}/v1/messages`, {
      method: 'POST',
      body: JSON.stringify({ ...params(), stream: true }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(mock.requests[0]?.usage).toBeUndefined();
    controller.abort();
  });

  it('sends an event whose JSON is cut short after some text, which the SDK cannot parse', async () => {
    mock.script({ kind: 'malformed-stream', afterText: 'Readable part' });
    // As Baton reads a stream: create({ stream: true }), whose parser error comes out raw.
    const stream = await client().messages.create({ ...params(), stream: true });
    const deltas: string[] = [];
    let error: unknown;
    try {
      for await (const event of stream) {
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta')
          deltas.push(event.delta.text);
      }
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SyntaxError);
    expect(deltas.join('')).toBe('Readable part');
  });

  it('closes even while a request hangs', async () => {
    mock.script({ kind: 'hang' });
    const outcome = runStream(client());
    await mock.waitForRequests(1);
    await mock.close();
    const { error } = await outcome;
    expect(error).toBeInstanceOf(AnthropicError);
    mock = await startMockApi(); // afterEach closes the current mock again
  });
});

describe('CORS', () => {
  it('answers a preflight with 204, echoing origin and requested headers, without recording it', async () => {
    const response = await fetch(`${mock.url}/v1/messages`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:4173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,anthropic-version,x-stainless-os',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'authorization,anthropic-version,x-stainless-os',
    );
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(mock.preflights).toBe(1);
    expect(mock.requests).toHaveLength(0);
  });

  it('puts the allow-origin and exposed headers on real responses, errors included', async () => {
    mock.script({ kind: 'status', status: 429, retryAfterSeconds: 1 });
    const error = await fetch(`${mock.url}/v1/messages`, {
      method: 'POST',
      headers: { origin: 'http://localhost:9999', 'content-type': 'application/json' },
      body: JSON.stringify({ ...params(), stream: true }),
    });
    const ok = await fetch(`${mock.url}/v1/messages`, {
      method: 'POST',
      body: JSON.stringify({ ...params(), stream: true }),
    });

    expect(error.headers.get('access-control-allow-origin')).toBe('http://localhost:9999');
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    for (const response of [error, ok]) {
      const exposed = (response.headers.get('access-control-expose-headers') ?? '').split(/,\s*/);
      expect(exposed).toEqual(
        expect.arrayContaining(['request-id', 'retry-after', 'retry-after-ms', 'x-should-retry']),
      );
    }
    expect(await error.json()).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
    expect(await ok.text()).toContain('event: message_stop');
  });
});

describe('prompt cache', () => {
  /** About 1,500 mock tokens: over the 1,024-token minimum on its own. */
  const LONG = 'The quick brown fox jumps over the lazy dog. '.repeat(135);
  const mark = { type: 'ephemeral' as const };
  const first = {
    model: 'claude-test',
    max_tokens: 64,
    messages: [
      { role: 'user' as const, content: [{ type: 'text' as const, text: LONG, cache_control: mark }] },
    ],
  };
  const second = {
    ...first,
    messages: [
      ...first.messages,
      { role: 'assistant' as const, content: [{ type: 'text' as const, text: 'Noted.' }] },
      { role: 'user' as const, content: [{ type: 'text' as const, text: 'And then?', cache_control: mark }] },
    ],
  };
  const inputOf = (usage: {
    input_tokens: number;
    cache_read_input_tokens: number | null;
    cache_creation_input_tokens: number | null;
  }) => usage.input_tokens + (usage.cache_read_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0);

  it('reports the reads and writes in the streamed usage, records them, and they add up to mockTokenCount', async () => {
    const sdk = client();
    const one = await sdk.messages.stream(first).finalMessage();
    const two = await sdk.messages.stream(second).finalMessage();

    expect(one.usage.cache_read_input_tokens).toBe(0);
    expect(one.usage.cache_creation_input_tokens).toBeGreaterThan(1024);
    expect(two.usage.cache_read_input_tokens).toBe(one.usage.cache_creation_input_tokens);
    expect(two.usage.cache_creation_input_tokens).toBeGreaterThan(0);
    expect(inputOf(one.usage)).toBe(mockTokenCount(first));
    expect(inputOf(two.usage)).toBe(mockTokenCount(second));
    const [recordedOne, recordedTwo] = mock.messageRequests();
    expect(recordedOne?.usage).toEqual({
      input_tokens: one.usage.input_tokens,
      output_tokens: one.usage.output_tokens,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: one.usage.cache_creation_input_tokens,
    });
    expect(recordedTwo?.usage?.cache_read_input_tokens).toBe(two.usage.cache_read_input_tokens);
  });

  it('puts them into message_start as well as message_delta, and into a reply that is not streamed', async () => {
    const raw = await fetch(`${mock.url}/v1/messages`, {
      method: 'POST',
      body: JSON.stringify({ ...first, stream: true }),
    });
    const events = sseEvents(await raw.text());
    const start = events.find((e) => e.event === 'message_start')?.data as { message: { usage: object } };
    const delta = events.find((e) => e.event === 'message_delta')?.data as { usage: object };
    const created = await client().messages.create(first);

    const written = mock.messageRequests()[0]?.usage?.cache_creation_input_tokens;
    expect(written).toBeGreaterThan(1024);
    expect(start.message.usage).toMatchObject({
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: written,
    });
    expect(delta.usage).toMatchObject({ cache_read_input_tokens: 0, cache_creation_input_tokens: written });
    expect(created.usage).toMatchObject({ cache_read_input_tokens: written, cache_creation_input_tokens: 0 });
  });

  it('gives scripted replies without usage the cache numbers, and keeps scripted usage exactly', async () => {
    mock.script(
      { kind: 'reply', reply: { blocks: [{ type: 'text', text: 'computed' }] } },
      {
        kind: 'reply',
        reply: { blocks: [{ type: 'text', text: 'exact' }], usage: { input_tokens: 7, output_tokens: 3 } },
      },
    );
    const sdk = client();
    const computed = await sdk.messages.create(first);
    const exact = await sdk.messages.create(first);

    expect(computed.usage.cache_creation_input_tokens).toBeGreaterThan(1024);
    expect(exact.usage).toMatchObject({
      input_tokens: 7,
      output_tokens: 3,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
    });
    expect(mock.messageRequests()[1]?.usage).toEqual({
      input_tokens: 7,
      output_tokens: 3,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
    });
  });

  it('refuses a fifth cache_control with the API 400 and keeps the scripted step', async () => {
    mock.script({ kind: 'reply', reply: { blocks: [{ type: 'text', text: 'scripted' }] } });
    const block = (text: string) => ({ type: 'text' as const, text, cache_control: mark });
    const error = await client()
      .messages.create({
        model: 'claude-test',
        max_tokens: 64,
        messages: [{ role: 'user', content: ['a', 'b', 'c', 'd', 'e'].map(block) }],
      })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).type).toBe('invalid_request_error');
    expect((error as BadRequestError).apiMessage).toBe(
      'A maximum of 4 blocks with cache_control may be provided. Found 5.',
    );
    expect(mock.messageRequests()[0]?.usage).toBeUndefined();
    expect(mock.pendingSteps).toBe(1);
  });

  it('caches nothing for a request answered with an error', async () => {
    mock.script({ kind: 'status', status: 500 });
    const sdk = client();
    await expect(sdk.messages.create(first)).rejects.toBeInstanceOf(InternalServerError);
    const retried = await sdk.messages.create(first);
    expect(retried.usage.cache_read_input_tokens).toBe(0);
    expect(retried.usage.cache_creation_input_tokens).toBeGreaterThan(1024);
  });

  it('reset() forgets the cache; startMockApi takes its minimum and clock', async () => {
    const sdk = client();
    await sdk.messages.create(first);
    mock.reset();
    expect((await sdk.messages.create(first)).usage.cache_read_input_tokens).toBe(0);

    await mock.close();
    let now = 0;
    mock = await startMockApi({ promptCache: { minTokens: 5000, now: () => now } });
    const short = await client().messages.create(first);
    expect(short.usage.cache_creation_input_tokens).toBe(0);
    expect(short.usage.input_tokens).toBe(mockTokenCount(first));

    await mock.close();
    mock = await startMockApi({ promptCache: { now: () => now } });
    await client().messages.create(first);
    now += 5 * 60_000 + 1;
    expect((await client().messages.create(first)).usage.cache_read_input_tokens).toBe(0);
  });
});

describe('bookkeeping', () => {
  it('waitForRequests resolves once enough requests arrived and rejects on timeout', async () => {
    const waiting = mock.waitForRequests(2, 3000);
    const sdk = client();
    await sdk.messages.create(params('one'));
    await sdk.messages.create(params('two'));
    const requests = await waiting;
    expect(requests.map((r) => r.body.messages?.[0]?.content)).toEqual(['one', 'two']);

    await expect(mock.waitForRequests(3, 50)).rejects.toThrow(/waited 50 ms for 3 requests, got 2/);
  });

  it('reset forgets requests, preflights and scripted steps', async () => {
    mock.script({ kind: 'status', status: 500 });
    await fetch(`${mock.url}/v1/messages`, { method: 'OPTIONS' });
    await client()
      .messages.create(params())
      .catch(() => undefined);
    mock.script({ kind: 'status', status: 500 });

    mock.reset();
    expect(mock.requests).toHaveLength(0);
    expect(mock.preflights).toBe(0);
    expect(mock.pendingSteps).toBe(0);
    const message = await client().messages.create(params('after reset'));
    expect(message.content[0]).toMatchObject({ text: 'Mock reply to: after reset' });
  });

  it('answers other paths with a 404 error body and records them', async () => {
    const response = await fetch(`${mock.url}/v1/models`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
    expect(mock.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models' });
  });
});
