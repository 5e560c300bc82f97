import { describe, expect, it, vi } from 'vitest';
import { errorResponse, type FakeHandler, fakeFetch, sseResponse } from '../../testing/llm/fakeApi';
import { ModelError, type ModelRequest } from '../core/agent/types';
import type { ToolDefinition } from '../core/types/agentMessage';
import type { Message } from '../core/types/message';
import { createSdkModelClient } from './sdkModelClient';
import type { ScriptedReply } from './sse/messageStreamEvents';

const KEY = 'sk-ant-test-key-0123456789';
const BASE_URL = 'https://api.test';

const todoTool: ToolDefinition = {
  name: 'todo_write',
  description: 'Write the todo list.',
  input_schema: { type: 'object', properties: { todos: { type: 'array' } } },
};

function makeRequest(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    model: 'claude-test',
    system: 'You are terse.',
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi there' }] }],
    tools: [],
    toolChoice: 'auto',
    maxTokens: 1000,
    signal: new AbortController().signal,
    ...overrides,
  };
}

function clientFor(
  handler: FakeHandler,
  extra: { maxRetries?: number; onRetry?: (a: number, m: number) => void } = {},
) {
  const api = fakeFetch(handler);
  const client = createSdkModelClient({
    apiKey: KEY,
    baseURL: BASE_URL,
    fetch: api.fetch,
    label: 'Test model',
    maxRetries: extra.maxRetries ?? 0,
    ...(extra.onRetry ? { onRetry: extra.onRetry } : {}),
  });
  return { client, sent: api.sent };
}

const textReply: ScriptedReply = {
  model: 'claude-test-20990101',
  blocks: [{ type: 'text', text: 'Hello! Here is a reply long enough to arrive in several deltas.' }],
  usage: { input_tokens: 42, output_tokens: 17, cache_read_input_tokens: 30, cache_creation_input_tokens: 5 },
};

const FULL_TEXT = textReply.blocks[0]?.type === 'text' ? textReply.blocks[0].text : '';

function textOf(message: Message): string {
  return message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

async function expectModelError(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError; // checked by the assertion above
}

describe('createSdkModelClient: a streamed reply', () => {
  it('streams partials and resolves with the final message, usage and stop reason', async () => {
    const { client } = clientFor((_request, signal) => sseResponse(textReply, signal));
    const partials: Message[] = [];
    const final = await client.stream(makeRequest(), (message) => partials.push(message));

    expect(client.label).toBe('Test model');
    expect(final).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'Hello! Here is a reply long enough to arrive in several deltas.' }],
      usage: { input: 42, output: 17, cacheRead: 30, cacheWrite: 5 },
      stopReason: 'end_turn',
      model: 'claude-test-20990101',
    });
    const texts = partials.map((message) =>
      message.content[0]?.type === 'text' ? message.content[0].text : '',
    );
    expect(texts.filter((text, i) => text !== '' && text !== texts[i - 1]).length).toBeGreaterThan(3);
    expect(partials.every((message) => message.stopReason === 'streaming')).toBe(true);
    // Every partial is its own object: an earlier one is never changed by a later delta.
    expect(new Set(partials).size).toBe(partials.length);
    expect(texts).toEqual([...texts].sort((a, b) => a.length - b.length));
  });

  it('accumulates a tool call from its JSON deltas', async () => {
    const input = { todos: [{ content: 'Write tests', status: 'pending' }] };
    const reply: ScriptedReply = {
      model: 'claude-test',
      blocks: [
        { type: 'text', text: 'Planning.' },
        { type: 'tool_use', id: 'toolu_1', name: 'todo_write', input },
      ],
    };
    const { client } = clientFor((_request, signal) => sseResponse(reply, signal));
    const partials: Message[] = [];
    const final = await client.stream(makeRequest({ tools: [todoTool] }), (message) =>
      partials.push(message),
    );

    expect(final.stopReason).toBe('tool_use');
    expect(final.content).toEqual([
      { type: 'text', text: 'Planning.' },
      { type: 'tool_use', id: 'toolu_1', name: 'todo_write', input },
    ]);
    // While the arguments stream, the call shows with empty input.
    expect(
      partials.some((m) => m.content[1]?.type === 'tool_use' && JSON.stringify(m.content[1].input) === '{}'),
    ).toBe(true);
  });
});

describe('createSdkModelClient: the request it sends', () => {
  it('sends model, limits, system, messages, tools and tool_choice', async () => {
    const { client, sent } = clientFor((_request, signal) => sseResponse(textReply, signal));
    await client.stream(
      makeRequest({
        tools: [todoTool],
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Plan it' }] },
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 'toolu_1', name: 'todo_write', input: { todos: [] } }],
          },
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'Saved.', is_error: false }],
          },
        ],
      }),
      () => {},
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe(`${BASE_URL}/v1/messages`);
    expect(sent[0]?.headers.get('authorization')).toBe(`Bearer ${KEY}`);
    expect(sent[0]?.body).toEqual({
      model: 'claude-test',
      max_tokens: 1000,
      stream: true,
      system: 'You are terse.',
      messages: [
        // The prompt cache's breakpoints: where the previous request ended (read back) ...
        { role: 'user', content: [{ type: 'text', text: 'Plan it', cache_control: { type: 'ephemeral' } }] },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'toolu_1', name: 'todo_write', input: { todos: [] } }],
        },
        {
          role: 'user',
          // ... and on the last block of the conversation (written).
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'toolu_1',
              content: 'Saved.',
              cache_control: { type: 'ephemeral' },
            },
          ],
        },
      ],
      tools: [todoTool],
      tool_choice: { type: 'auto' },
    });
  });

  it("keeps the tools but forbids their use with tool_choice 'none'", async () => {
    const { client, sent } = clientFor((_request, signal) => sseResponse(textReply, signal));
    await client.stream(makeRequest({ tools: [todoTool], toolChoice: 'none' }), () => {});
    expect(sent[0]?.body.tools).toEqual([todoTool]);
    expect(sent[0]?.body.tool_choice).toEqual({ type: 'none' });
  });

  it('omits tools, tool_choice and an empty system prompt, and drops empty text blocks', async () => {
    const { client, sent } = clientFor((_request, signal) => sseResponse(textReply, signal));
    await client.stream(
      makeRequest({
        system: '',
        toolChoice: 'none',
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'One' }] },
          { role: 'assistant', content: [{ type: 'text', text: '' }] },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Two' },
              { type: 'text', text: '' },
            ],
          },
        ],
      }),
      () => {},
    );
    const body = sent[0]?.body ?? {};
    expect(Object.keys(body).sort()).toEqual(['max_tokens', 'messages', 'model', 'stream']);
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'One' }] },
      { role: 'user', content: [{ type: 'text', text: 'Two', cache_control: { type: 'ephemeral' } }] },
    ]);
  });
});

describe('createSdkModelClient: abort', () => {
  it('resolves with the partial reply and stopReason aborted when our signal fires mid-stream', async () => {
    const controller = new AbortController();
    const { client } = clientFor((_request, signal) => sseResponse(textReply, signal));
    const partials: Message[] = [];
    const final = await client.stream(makeRequest({ signal: controller.signal }), (message) => {
      partials.push(message);
      const first = message.content[0];
      if (first?.type === 'text' && first.text.length > 10) controller.abort();
    });

    expect(final.stopReason).toBe('aborted');
    const text = final.content[0]?.type === 'text' ? final.content[0].text : '';
    expect(text.length).toBeGreaterThan(10);
    expect(text.length).toBeLessThan(
      textReply.blocks[0]?.type === 'text' ? textReply.blocks[0].text.length : 0,
    );
    // Nothing that arrives after the abort reaches the UI.
    expect(partials.at(-1)?.content).toEqual(final.content);
  });

  it('ignores events that were already buffered when the signal fired', async () => {
    const controller = new AbortController();
    const all = await sseResponse(textReply, undefined).text();
    // The first chunk ends after the first text delta; the rest is pushed into the body
    // at the moment of the abort, so it is buffered before the loop can see it.
    const firstDelta = all.indexOf('content_block_delta');
    const cut = all.indexOf('\n\n', firstDelta) + 2;
    const encoder = new TextEncoder();
    let body: ReadableStreamDefaultController<Uint8Array> | undefined;
    const handler: FakeHandler = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(stream) {
            body = stream;
            stream.enqueue(encoder.encode(all.slice(0, cut)));
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      );
    const { client } = clientFor(handler);
    const seen: string[] = [];
    const final = await client.stream(makeRequest({ signal: controller.signal }), (message) => {
      seen.push(textOf(message));
      if (seen.length > 1) return;
      controller.abort();
      body?.enqueue(encoder.encode(all.slice(cut)));
      body?.close();
    });
    expect(final.stopReason).toBe('aborted');
    expect(seen).toHaveLength(1);
    expect(textOf(final)).toBe(seen[0]);
    expect(textOf(final).length).toBeLessThan(FULL_TEXT.length);
  });

  it('resolves as aborted when the signal fired before the request', async () => {
    const controller = new AbortController();
    controller.abort();
    const fetchSpy = vi.fn<FakeHandler>((_request, signal) => sseResponse(textReply, signal));
    const { client } = clientFor(fetchSpy);
    const final = await client.stream(makeRequest({ signal: controller.signal }), () => {});
    expect(final).toMatchObject({ role: 'assistant', content: [], stopReason: 'aborted' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('treats an abort that did not come from our signal as a failure', async () => {
    // Before the response: fetch itself rejects with an AbortError.
    const early = clientFor(() => Promise.reject(new DOMException('aborted elsewhere', 'AbortError')));
    const earlyError = await expectModelError(early.client.stream(makeRequest(), () => {}));
    // The SDK turns a fetch-level AbortError it did not cause into APIConnectionTimeoutError.
    expect(earlyError.kind).toBe('timeout');

    // Mid-stream: the body fails with an AbortError, which the SDK swallows silently.
    const late = clientFor((_request, signal) => {
      const response = sseResponse(textReply, signal, { cutAfter: 6 });
      const reader = response.body!.getReader();
      let count = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = await reader.read();
          count += 1;
          if (next.done || count > 5) controller.error(new DOMException('aborted by a proxy', 'AbortError'));
          else controller.enqueue(next.value);
        },
      });
      return new Response(body, { headers: response.headers });
    });
    const lateError = await expectModelError(late.client.stream(makeRequest(), () => {}));
    expect(lateError.kind).toBe('connection_dropped');
    expect(lateError.partial?.stopReason).toBe('error');
  });
});

describe('createSdkModelClient: failures', () => {
  it('keeps the partial text when an error event arrives mid-stream', async () => {
    const { client } = clientFor((_request, signal) =>
      sseResponse(textReply, signal, {
        cutAfter: 6,
        ending: { errorType: 'overloaded_error', message: 'Overloaded' },
      }),
    );
    const error = await expectModelError(client.stream(makeRequest(), () => {}));
    expect(error.kind).toBe('overloaded');
    expect(error.message).toBe('The model is overloaded right now. Try again in a moment.');
    const text = error.partial?.content[0]?.type === 'text' ? error.partial.content[0].text : '';
    expect(text.length).toBeGreaterThan(0);
    expect(error.partial).toMatchObject({ stopReason: 'error', errorMessage: error.message });
  });

  it('reports a connection that drops mid-reply, with the partial text', async () => {
    const { client } = clientFor((_request, signal) =>
      sseResponse(textReply, signal, { cutAfter: 6, ending: 'drop' }),
    );
    const error = await expectModelError(client.stream(makeRequest(), () => {}));
    expect(error.kind).toBe('connection_dropped');
    expect(error.message).toBe('The connection dropped in the middle of the reply.');
    expect(error.partial?.content[0]?.type).toBe('text');
  });

  it('reports a stream that simply ends before message_stop as dropped', async () => {
    const { client } = clientFor((_request, signal) =>
      sseResponse(textReply, signal, { cutAfter: 6, ending: 'end' }),
    );
    const error = await expectModelError(client.stream(makeRequest(), () => {}));
    expect(error.kind).toBe('connection_dropped');
  });

  it.each([
    [
      401,
      'authentication_error',
      'invalid x-api-key',
      {},
      'auth',
      'The API key was rejected. Check it in Settings.',
    ],
    [
      403,
      'permission_error',
      'CORS requests are not allowed for this Organization because of its settings.',
      {},
      'cors_forbidden',
      'Your organisation does not allow API calls from a browser. Ask an admin to allow browser access, or use a key from another organisation.',
    ],
    [
      404,
      'not_found_error',
      'model: claude-test',
      {},
      'model_not_found',
      'The model "claude-test" was not found. Pick another model, or check the API base URL.',
    ],
    [
      429,
      'rate_limit_error',
      'Number of request tokens has exceeded your per-minute rate limit',
      { 'retry-after': '12' },
      'rate_limited',
      'Too many requests: the API asks to wait 12 seconds before trying again.',
    ],
    [
      529,
      'overloaded_error',
      'Overloaded',
      {},
      'overloaded',
      'The model is overloaded right now. Try again in a moment.',
    ],
    [
      500,
      'api_error',
      'Internal server error',
      {},
      'server',
      'The model API had an internal error (500). Try again in a moment.',
    ],
    [
      400,
      'invalid_request_error',
      'max_tokens: must be at most 64000',
      {},
      'bad_request',
      'The API rejected the request: max_tokens: must be at most 64000',
    ],
  ])('maps HTTP %i %s', async (status, type, apiMessage, headers, kind, sentence) => {
    const { client } = clientFor(() => errorResponse(status, type, apiMessage, headers));
    const error = await expectModelError(client.stream(makeRequest(), () => {}));
    expect(error.kind).toBe(kind);
    expect(error.message).toBe(sentence);
    expect(error.status).toBe(status);
    expect(error.partial).toBeUndefined();
  });

  it('names the host when the API cannot be reached', async () => {
    const { client } = clientFor(() => Promise.reject(new TypeError('fetch failed')));
    const error = await expectModelError(client.stream(makeRequest(), () => {}));
    expect(error.kind).toBe('network');
    expect(error.message).toBe(
      'Could not reach the model API at api.test. Check your connection or the API base URL.',
    );
  });

  it('never puts the API key in a sentence', async () => {
    const { client } = clientFor(() => errorResponse(400, 'invalid_request_error', `unexpected key ${KEY}`));
    const error = await expectModelError(client.stream(makeRequest(), () => {}));
    expect(error.message).toBe('The API rejected the request: unexpected key [API key removed]');
  });
});

describe('createSdkModelClient: retries', () => {
  it('retries a 529 and reports each retry', async () => {
    let attempts = 0;
    const onRetry = vi.fn();
    const { client, sent } = clientFor(
      (_request, signal) => {
        attempts += 1;
        // retry-after-ms 0 would make the SDK fall back to its ~0.5 s backoff; 1 ms keeps the test fast.
        return attempts <= 2
          ? errorResponse(529, 'overloaded_error', 'Overloaded', { 'retry-after-ms': '1' })
          : sseResponse(textReply, signal);
      },
      { maxRetries: 2, onRetry },
    );
    const final = await client.stream(makeRequest(), () => {});
    expect(final.stopReason).toBe('end_turn');
    expect(sent).toHaveLength(3);
    // With the wait the SDK takes before each attempt (the server's retry-after-ms).
    expect(onRetry.mock.calls).toEqual([
      [1, 2, 1],
      [2, 2, 1],
    ]);
  });

  it('gives up after maxRetries with the mapped error', async () => {
    const onRetry = vi.fn();
    const { client, sent } = clientFor(
      () => errorResponse(529, 'overloaded_error', 'Overloaded', { 'retry-after-ms': '1' }),
      { maxRetries: 1, onRetry },
    );
    const error = await expectModelError(client.stream(makeRequest(), () => {}));
    expect(error.kind).toBe('overloaded');
    expect(sent).toHaveLength(2);
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('does not retry a rejected key', async () => {
    const onRetry = vi.fn();
    const { client, sent } = clientFor(
      () => errorResponse(401, 'authentication_error', 'invalid x-api-key'),
      {
        maxRetries: 2,
        onRetry,
      },
    );
    await expectModelError(client.stream(makeRequest(), () => {}));
    expect(sent).toHaveLength(1);
    expect(onRetry).not.toHaveBeenCalled();
  });
});

describe('createSdkModelClient: a server that never answers', () => {
  /** Accepts the request and never answers: resolves only when the SDK aborts it. */
  const hang: FakeHandler = (_request, signal) =>
    new Promise<Response>((_resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), {
        once: true,
      });
    });

  it('times out each attempt at timeoutMs, retries, then says it took too long', async () => {
    const onRetry = vi.fn();
    const api = fakeFetch(hang);
    const client = createSdkModelClient({
      apiKey: KEY,
      baseURL: BASE_URL,
      fetch: api.fetch,
      label: 'Test model',
      maxRetries: 1,
      onRetry,
      timeoutMs: 50,
    });
    const error = await expectModelError(client.stream(makeRequest(), () => {}));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('The model API took too long to answer. Try again.');
    expect(api.sent).toHaveLength(2);
    // A timeout has no retry-after: the SDK's own first backoff, 0.5 s.
    expect(onRetry.mock.calls).toEqual([[1, 1, 500]]);
  });

  it('resolves as aborted, without another attempt, when our signal fires while it hangs', async () => {
    const api = fakeFetch(hang);
    const client = createSdkModelClient({
      apiKey: KEY,
      baseURL: BASE_URL,
      fetch: api.fetch,
      label: 'Test model',
      maxRetries: 2,
    });
    const controller = new AbortController();
    const reply = client.stream(makeRequest({ signal: controller.signal }), () => {});
    await vi.waitFor(() => expect(api.sent).toHaveLength(1));
    controller.abort();
    expect((await reply).stopReason).toBe('aborted');
    expect(api.sent).toHaveLength(1);
  });
});

describe('createSdkModelClient: a cancel during the retry wait', () => {
  it.each([
    [429, 'rate_limit_error', { 'retry-after': '2', 'x-should-retry': 'true' }],
    [529, 'overloaded_error', { 'retry-after': '2' }],
  ])('%i: resolves as aborted at once, and the retry is never sent', async (status, type, headers) => {
    const onRetry = vi.fn();
    const api = fakeFetch(() => errorResponse(status, type, 'busy', headers));
    const client = createSdkModelClient({
      apiKey: KEY,
      baseURL: BASE_URL,
      fetch: api.fetch,
      label: 'Test model',
      maxRetries: 2,
      onRetry,
    });
    const controller = new AbortController();
    const started = Date.now();
    const reply = client.stream(makeRequest({ signal: controller.signal }), () => {});
    await vi.waitFor(() => expect(onRetry).toHaveBeenCalledWith(1, 2, 2000));
    controller.abort();
    expect((await reply).stopReason).toBe('aborted');
    // Well inside the 2 s the API asked for: the wait ended with the cancel.
    expect(Date.now() - started).toBeLessThan(1500);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(api.sent).toHaveLength(1);
  });
});
