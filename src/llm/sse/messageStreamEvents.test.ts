import Anthropic, { APIError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import {
  errorBody,
  formatSseEvent,
  messageStreamEvents,
  type ScriptedReply,
  type StreamEvent,
  scriptedMessage,
} from './messageStreamEvents';

/** A client whose every request is answered by `body`, parsed by the real SDK code. */
function clientAnswering(body: () => BodyInit, contentType: string): Anthropic {
  return new Anthropic({
    apiKey: 'sk-ant-test',
    baseURL: 'http://sdk.test',
    maxRetries: 0,
    fetch: async () =>
      new Response(body(), { status: 200, headers: { 'content-type': contentType, 'request-id': 'req_1' } }),
  });
}

function sseBody(events: Array<{ event: string; data: unknown }>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      // One enqueue per event, like a real incremental response.
      for (const { event, data } of events) controller.enqueue(encoder.encode(formatSseEvent(event, data)));
      controller.close();
    },
  });
}

function streamReply(reply: ScriptedReply) {
  const client = clientAnswering(() => sseBody(messageStreamEvents(reply)), 'text/event-stream');
  return client.messages.stream({
    model: reply.model,
    max_tokens: 100,
    messages: [{ role: 'user', content: 'hi' }],
  });
}

function deltaTexts(events: StreamEvent[]): string[] {
  return events.flatMap((e) =>
    e.data.type === 'content_block_delta' && e.data.delta.type === 'text_delta' ? [e.data.delta.text] : [],
  );
}

describe('messageStreamEvents through the real SDK parser', () => {
  it('yields the scripted text, usage, stop reason, id and model', async () => {
    const text = 'Hello there, this is a longer reply that needs several deltas to arrive.';
    const stream = streamReply({
      id: 'msg_abc',
      model: 'claude-test',
      blocks: [{ type: 'text', text }],
      usage: {
        input_tokens: 42,
        output_tokens: 17,
        cache_read_input_tokens: 5,
        cache_creation_input_tokens: 3,
      },
    });
    const seen: string[] = [];
    stream.on('text', (delta) => seen.push(delta));
    const message = await stream.finalMessage();

    expect(message.id).toBe('msg_abc');
    expect(message.model).toBe('claude-test');
    expect(message.role).toBe('assistant');
    expect(message.content).toEqual([{ type: 'text', text, citations: null }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage.input_tokens).toBe(42);
    expect(message.usage.output_tokens).toBe(17);
    expect(message.usage.cache_read_input_tokens).toBe(5);
    expect(message.usage.cache_creation_input_tokens).toBe(3);
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.join('')).toBe(text);
  });

  it('streams tool_use input as JSON deltas and defaults stop_reason to tool_use', async () => {
    const input = { path: 'notes/ä.md', lines: [1, 2, 3], nested: { ok: true, text: 'quote " and \\ 🎉' } };
    const stream = streamReply({
      model: 'claude-test',
      blocks: [
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_use', id: 'toolu_1', name: 'read_file', input },
      ],
    });
    const message = await stream.finalMessage();

    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toHaveLength(2);
    expect(message.content[0]).toMatchObject({ type: 'text', text: 'Let me look.' });
    expect(message.content[1]).toMatchObject({ type: 'tool_use', id: 'toolu_1', name: 'read_file', input });
  });

  it('handles a tool call whose input is empty or missing', async () => {
    const message = await streamReply({
      model: 'm',
      blocks: [
        { type: 'tool_use', id: 'toolu_a', name: 'list', input: {} },
        { type: 'tool_use', id: 'toolu_b', name: 'list', input: undefined },
      ],
    }).finalMessage();
    expect(message.content.map((b) => (b.type === 'tool_use' ? b.input : null))).toEqual([{}, {}]);
  });

  it('honours an explicit stop reason and derives default usage from the reply size', async () => {
    const message = await streamReply({
      model: 'm',
      blocks: [{ type: 'text', text: 'x'.repeat(40) }],
      stopReason: 'max_tokens',
    }).finalMessage();
    expect(message.stop_reason).toBe('max_tokens');
    expect(message.usage.output_tokens).toBe(10);
    expect(message.usage.input_tokens).toBe(1);
  });

  it('maps an error event with errorBody() to an APIError carrying its type', async () => {
    const events = messageStreamEvents({
      model: 'm',
      blocks: [{ type: 'text', text: 'partial reply here' }],
    });
    const cut = events.slice(0, 4);
    const client = clientAnswering(
      () => sseBody([...cut, { event: 'error', data: errorBody('overloaded_error', 'Overloaded') }]),
      'text/event-stream',
    );
    const stream = client.messages.stream({
      model: 'm',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'x' }],
    });
    const error = await stream.finalMessage().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).type).toBe('overloaded_error');
    expect((error as APIError).status).toBeUndefined();
  });
});

describe('scriptedMessage', () => {
  it('is what a non-streaming create returns, equal to the streamed final message', async () => {
    const reply: ScriptedReply = {
      model: 'm',
      blocks: [
        { type: 'text', text: 'Done.' },
        { type: 'tool_use', id: 'toolu_9', name: 'todo', input: { items: ['a'] } },
      ],
      usage: { input_tokens: 7, output_tokens: 9 },
    };
    const client = clientAnswering(() => JSON.stringify(scriptedMessage(reply)), 'application/json');
    const created = await client.messages.create({
      model: 'm',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'x' }],
    });
    const streamed = await streamReply(reply).finalMessage();

    expect(created.content).toEqual(streamed.content);
    expect(created.usage).toEqual(streamed.usage);
    expect(created.stop_reason).toBe('tool_use');
    expect(created.id).toBe(streamed.id);
  });
});

describe('event sequence', () => {
  const reply: ScriptedReply = {
    model: 'm',
    blocks: [
      { type: 'text', text: 'abcdefghijklmnopqrstuvwxyz0123456789' },
      { type: 'tool_use', id: 't', name: 'n', input: { a: 1 } },
    ],
  };

  it('follows the API order: start, blocks, delta, stop, with one ping after the first block opens', () => {
    const names = messageStreamEvents(reply).map((e) => e.event);
    expect(names[0]).toBe('message_start');
    expect(names[1]).toBe('content_block_start');
    expect(names[2]).toBe('ping');
    expect(names.filter((n) => n === 'ping')).toHaveLength(1);
    expect(names.slice(-2)).toEqual(['message_delta', 'message_stop']);
    expect(names.filter((n) => n === 'content_block_start')).toHaveLength(2);
    expect(names.filter((n) => n === 'content_block_stop')).toHaveLength(2);
    for (const event of messageStreamEvents(reply)) expect(event.data.type).toBe(event.event);
  });

  it('starts with an empty message whose usage carries the input tokens', () => {
    const first = messageStreamEvents({ ...reply, usage: { input_tokens: 99, output_tokens: 5 } })[0];
    expect(first?.data).toMatchObject({
      type: 'message_start',
      message: { content: [], stop_reason: null, usage: { input_tokens: 99 } },
    });
  });

  it('cuts text into deterministic deltas of 4 to 12 characters by default', () => {
    const texts = deltaTexts(messageStreamEvents(reply));
    expect(texts.join('')).toBe('abcdefghijklmnopqrstuvwxyz0123456789');
    for (const t of texts.slice(0, -1)) {
      expect(t.length).toBeGreaterThanOrEqual(4);
      expect(t.length).toBeLessThanOrEqual(12);
    }
    expect(deltaTexts(messageStreamEvents(reply))).toEqual(texts);
    expect(new Set(texts.map((t) => t.length)).size).toBeGreaterThan(1);
  });

  it('uses a fixed chunk size when given, without splitting surrogate pairs', () => {
    const texts = deltaTexts(
      messageStreamEvents({ model: 'm', blocks: [{ type: 'text', text: 'ab🎉cd' }], chunkSize: 1 }),
    );
    expect(texts).toEqual(['a', 'b', '🎉', 'c', 'd']);
  });

  it('gives the same default id for the same reply and a different one for another', () => {
    const id = (r: ScriptedReply) => scriptedMessage(r).id;
    expect(id(reply)).toBe(id(reply));
    expect(id(reply)).toMatch(/^msg_/);
    expect(id({ ...reply, model: 'other' })).not.toBe(id(reply));
  });
});

describe('formatSseEvent and errorBody', () => {
  it('formats one SSE event with a JSON data line and a blank line after it', () => {
    expect(formatSseEvent('ping', { type: 'ping' })).toBe('event: ping\ndata: {"type":"ping"}\n\n');
  });

  it('builds the API error body, with request_id only when given', () => {
    expect(errorBody('rate_limit_error', 'Slow down')).toEqual({
      type: 'error',
      error: { type: 'rate_limit_error', message: 'Slow down' },
    });
    expect(errorBody('api_error', 'Boom', 'req_7')).toEqual({
      type: 'error',
      error: { type: 'api_error', message: 'Boom' },
      request_id: 'req_7',
    });
  });
});
