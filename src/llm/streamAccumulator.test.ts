import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages/messages';
import { describe, expect, it } from 'vitest';
import { messageStreamEvents } from './sse/messageStreamEvents';
import { StreamAccumulator } from './streamAccumulator';

function fed(events: RawMessageStreamEvent[]): StreamAccumulator {
  const reply = new StreamAccumulator('claude-requested');
  for (const event of events) reply.apply(event);
  return reply;
}

/** The encoder's events for a reply, without its keep-alive pings. */
function eventsOf(...args: Parameters<typeof messageStreamEvents>): RawMessageStreamEvent[] {
  return messageStreamEvents(...args).flatMap(({ data }) => (data.type === 'ping' ? [] : [data]));
}

describe('StreamAccumulator', () => {
  it('drops a finished tool call whose arguments are not JSON', () => {
    const events = eventsOf({
      model: 'claude-served',
      blocks: [
        { type: 'text', text: 'Calling.' },
        { type: 'tool_use', id: 'toolu_1', name: 'todo_write', input: { todos: [] } },
      ],
    }).map((event) =>
      // Cut the JSON short, as max_tokens does.
      event.type === 'content_block_delta' && event.delta.type === 'input_json_delta'
        ? { ...event, delta: { ...event.delta, partial_json: event.delta.partial_json.slice(0, 2) } }
        : event,
    );
    const message = fed(events).snapshot();
    expect(message.content).toEqual([{ type: 'text', text: 'Calling.' }]);
    expect(message.model).toBe('claude-served');
  });

  it('leaves an unfinished tool call out of an aborted message but shows it while streaming', () => {
    const all = eventsOf({
      model: 'm',
      blocks: [
        { type: 'tool_use', id: 'toolu_1', name: 'todo_write', input: { todos: ['a long enough list'] } },
      ],
    });
    const stopAt = all.findIndex((event) => event.type === 'content_block_stop');
    const reply = fed(all.slice(0, stopAt));
    expect(reply.snapshot().content).toEqual([
      { type: 'tool_use', id: 'toolu_1', name: 'todo_write', input: {} },
    ]);
    expect(reply.snapshot('aborted')).toMatchObject({ content: [], stopReason: 'aborted' });
  });

  it('keeps a context-window stop as its own reason (not max_tokens) and counts that message_delta leaves null', () => {
    const reply = fed([
      ...eventsOf({
        model: 'm',
        blocks: [{ type: 'text', text: 'x' }],
        usage: { input_tokens: 9, output_tokens: 1, cache_read_input_tokens: 4 },
      }).filter((event) => event.type !== 'message_delta' && event.type !== 'message_stop'),
      {
        type: 'message_delta',
        delta: {
          stop_reason: 'model_context_window_exceeded',
          stop_sequence: null,
          stop_details: null,
          container: null,
        },
        usage: {
          input_tokens: null,
          output_tokens: 3,
          cache_read_input_tokens: null,
          cache_creation_input_tokens: null,
          output_tokens_details: null,
          server_tool_use: null,
        },
      },
      { type: 'message_stop' },
    ]);
    expect(reply.finished).toBe(true);
    expect(reply.snapshot()).toMatchObject({
      stopReason: 'model_context_window_exceeded',
      usage: { input: 9, output: 3, cacheRead: 4, cacheWrite: 0 },
    });
  });

  it('keeps signed thinking, redacted thinking and how long the thinking took', () => {
    let now = 1000;
    const reply = new StreamAccumulator('m', () => now);
    const events: RawMessageStreamEvent[] = [
      ...eventsOf({ model: 'm', blocks: [] }).slice(0, 1),
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'thinking', thinking: '', signature: '' },
      },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Let me ' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'see.' } },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'signature_delta', signature: 'EqQBCkYIARgC+/=' },
      },
      { type: 'content_block_stop', index: 0 },
      {
        type: 'content_block_start',
        index: 1,
        content_block: { type: 'redacted_thinking', data: 'ENCRYPTED' },
      },
      { type: 'content_block_stop', index: 1 },
      { type: 'content_block_start', index: 2, content_block: { type: 'text', text: '', citations: null } },
      { type: 'content_block_delta', index: 2, delta: { type: 'text_delta', text: 'Answer' } },
    ];
    for (const [i, event] of events.entries()) {
      if (i === 4) expect(reply.snapshot().thinkingMs).toBeUndefined(); // still thinking
      now += 1500;
      reply.apply(event);
    }
    const message = reply.snapshot();
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Let me see.', signature: 'EqQBCkYIARgC+/=' },
      { type: 'redacted_thinking', data: 'ENCRYPTED' },
      { type: 'text', text: 'Answer' },
    ]);
    // From the first thinking block's start to the last one's stop: events 2 to 7.
    expect(message.thinkingMs).toBe(6 * 1500);
  });

  it('keeps web search calls with their results, and skips block kinds it does not model', () => {
    const results = [
      {
        type: 'web_search_result',
        url: 'https://a.example',
        title: 'A',
        encrypted_content: 'x',
        page_age: null,
      },
    ];
    const reply = fed([
      ...eventsOf({ model: 'm', blocks: [] }).slice(0, 1),
      {
        type: 'content_block_start',
        index: 0,
        content_block: {
          type: 'server_tool_use',
          id: 'srvtoolu_1',
          name: 'web_search',
          input: {},
          caller: { type: 'direct' },
        },
      } as RawMessageStreamEvent,
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: '{"query":' },
      },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: '"baton"}' },
      },
      { type: 'content_block_stop', index: 0 },
      {
        type: 'content_block_start',
        index: 1,
        content_block: {
          type: 'web_search_tool_result',
          tool_use_id: 'srvtoolu_1',
          content: results,
          caller: { type: 'direct' },
        },
      } as RawMessageStreamEvent,
      { type: 'content_block_stop', index: 1 },
      {
        type: 'content_block_start',
        index: 2,
        content_block: { type: 'container_upload', file_id: 'f' },
      } as RawMessageStreamEvent,
      {
        type: 'content_block_start',
        index: 3,
        content_block: { type: 'text', text: 'Found', citations: null },
      },
    ]);
    expect(reply.snapshot().content).toEqual([
      { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'baton' } },
      { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: results },
      { type: 'text', text: 'Found' },
    ]);
  });
});

describe('StreamAccumulator: stop details', () => {
  it('keeps the refusal explanation and category the API gives in message_delta', () => {
    const reply = fed(
      eventsOf({
        model: 'm',
        blocks: [],
        stopReason: 'refusal',
        refusal: { category: 'bio', explanation: 'Not this one.' },
      }),
    );
    expect(reply.snapshot()).toMatchObject({
      stopReason: 'refusal',
      refusal: { category: 'bio', explanation: 'Not this one.' },
    });
  });

  it('has an empty refusal when the API says nothing more', () => {
    const reply = fed(eventsOf({ model: 'm', blocks: [], stopReason: 'refusal' }));
    expect(reply.snapshot().refusal).toEqual({});
    expect(fed(eventsOf({ model: 'm', blocks: [] })).snapshot().refusal).toBeUndefined();
  });
});

describe('StreamAccumulator: citations', () => {
  it('attaches each citations_delta to its text block', () => {
    const reply = fed(
      eventsOf({
        model: 'm',
        blocks: [
          { type: 'text', text: 'Plain ' },
          {
            type: 'text',
            text: 'cited',
            webCitations: [{ url: 'https://a.example', title: 'A', cited_text: 'the quote' }],
          },
        ],
      }),
    );
    expect(reply.snapshot().content).toEqual([
      { type: 'text', text: 'Plain ' },
      {
        type: 'text',
        text: 'cited',
        citations: [{ url: 'https://a.example', title: 'A', citedText: 'the quote' }],
      },
    ]);
  });
});
