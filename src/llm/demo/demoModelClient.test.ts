import { APIError } from '@anthropic-ai/sdk/core/error';
import { describe, expect, it } from 'vitest';
import { ModelError, type ModelRequest } from '../../core/agent/types';
import { contextWindowFor } from '../../core/context/contextWindow';
import type { ToolDefinition } from '../../core/types/agentMessage';
import type { Message } from '../../core/types/message';
import { textOf } from '../../core/types/messageText';
import { createAnthropicClient } from '../anthropicClient';
import { DEMO_MODEL_ID, DEMO_MODEL_LABEL, DEMO_SMALL_MODEL_ID, DEMO_SMALL_MODEL_LABEL } from '../defaults';
import { createDemoFetch } from './demoFetch';
import { createDemoModelClient } from './demoModelClient';
import { readRequest } from './readRequest';
import { estimateTokens } from './text';

const todoTool: ToolDefinition = {
  name: 'todo_write',
  description: 'Write the todo list.',
  input_schema: { type: 'object', properties: { todos: { type: 'array' } } },
};

function request(text: string, overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    model: DEMO_MODEL_ID,
    system: 'You are Baton.',
    messages: [{ role: 'user', content: [{ type: 'text', text }] }],
    tools: [todoTool],
    toolChoice: 'auto',
    maxTokens: 8192,
    signal: new AbortController().signal,
    ...overrides,
  };
}

describe('the demo model through the SDK client', () => {
  const client = createDemoModelClient({ charDelayMs: 0 });

  it('streams an ordinary reply in several partials', async () => {
    const partials: string[] = [];
    const final = await client.stream(request('Tell me about lighthouses'), (m) => partials.push(textOf(m)));

    expect(client.label).toBe(DEMO_MODEL_LABEL);
    expect(final.stopReason).toBe('end_turn');
    expect(final.model).toBe(DEMO_MODEL_ID);
    expect(textOf(final)).toContain('offline demo');
    expect(textOf(final)).toContain('“Tell me about lighthouses”');
    expect(new Set(partials.filter((text) => text !== '')).size).toBeGreaterThan(5);
    expect(final.usage?.output).toBe(Math.ceil(textOf(final).length / 4));
    expect(final.usage?.input).toBeGreaterThan(0);
  });

  it('writes the handoff document with the six headings and no tool call', async () => {
    const prompt =
      'Summarise this session as a handoff with the sections Goal, Constraints & Preferences, Progress, Key Decisions, Critical Context and Next Steps.';
    const final = await client.stream(
      request(prompt, {
        toolChoice: 'none',
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Help me plan a garden' }] },
          { role: 'assistant', content: [{ type: 'text', text: 'Happy to.' }] },
          { role: 'user', content: [{ type: 'text', text: prompt }] },
        ],
      }),
      () => {},
    );
    expect(final.content.every((block) => block.type === 'text')).toBe(true);
    const headings = textOf(final)
      .split('\n')
      .filter((line) => line.startsWith('## '));
    expect(headings).toEqual([
      '## Goal',
      '## Constraints & Preferences',
      '## Progress',
      '## Key Decisions',
      '## Critical Context',
      '## Next Steps',
    ]);
  });

  it('calls the todo tool, then confirms once the result is back', async () => {
    const first = await client.stream(
      request('Plan the move: pack boxes, hire a van, clean the flat'),
      () => {},
    );
    expect(first.stopReason).toBe('tool_use');
    const call = first.content.find((block) => block.type === 'tool_use');
    expect(call).toMatchObject({
      name: 'todo_write',
      input: {
        todos: [
          { content: 'Pack boxes', status: 'pending' },
          { content: 'Hire a van', status: 'pending' },
          { content: 'Clean the flat', status: 'pending' },
        ],
      },
    });

    const second = await client.stream(
      request('', {
        messages: [
          {
            role: 'user',
            content: [{ type: 'text', text: 'Plan the move: pack boxes, hire a van, clean the flat' }],
          },
          { role: 'assistant', content: first.content.filter((block) => block.type !== 'tool_result') },
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                tool_use_id: call?.type === 'tool_use' ? call.id : '',
                content: 'Saved.',
              },
            ],
          },
        ],
      }),
      () => {},
    );
    expect(second.stopReason).toBe('end_turn');
    expect(textOf(second)).toContain('the plan is in your todo list (3 steps)');
  });

  it('resolves with the partial text and stopReason aborted when stopped mid-stream', async () => {
    const controller = new AbortController();
    const full = await client.stream(request('Tell me about lighthouses'), () => {});
    let seen: Message | undefined;
    const final = await client.stream(
      request('Tell me about lighthouses', { signal: controller.signal }),
      (m) => {
        seen = m;
        if (textOf(m).length > 20) controller.abort();
      },
    );
    expect(final.stopReason).toBe('aborted');
    expect(textOf(final).length).toBeGreaterThan(20);
    expect(textOf(full).startsWith(textOf(final))).toBe(true);
    expect(textOf(final).length).toBeLessThan(textOf(full).length);
    expect(seen && textOf(seen)).toBe(textOf(final));
  });
});

describe('createDemoFetch', () => {
  it('answers with SSE text and a request id, paced', async () => {
    const demoFetch = createDemoFetch({ charDelayMs: 5 });
    const started = Date.now();
    const response = await demoFetch('https://demo.invalid/v1/messages', {
      method: 'POST',
      body: JSON.stringify({
        model: DEMO_MODEL_ID,
        stream: true,
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('request-id')).toMatch(/^req_demo_/);
    const text = await response.text();
    expect(text.startsWith('event: message_start\ndata: {')).toBe(true);
    expect(text.trimEnd().endsWith('event: message_stop\ndata: {"type":"message_stop"}')).toBe(true);
    const events = text.split('\n\n').filter((chunk) => chunk !== '').length;
    expect(Date.now() - started).toBeGreaterThanOrEqual(events * 4);
  });

  it('rejects like fetch when aborted before, and errors the body when aborted during', async () => {
    const demoFetch = createDemoFetch({ charDelayMs: 1 });
    const body = JSON.stringify({
      model: DEMO_MODEL_ID,
      stream: true,
      messages: [{ role: 'user', content: 'Hi' }],
    });

    const before = new AbortController();
    before.abort();
    await expect(
      demoFetch('https://demo.invalid/v1/messages', { method: 'POST', body, signal: before.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });

    const during = new AbortController();
    const response = await demoFetch('https://demo.invalid/v1/messages', {
      method: 'POST',
      body,
      signal: during.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    during.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it("refuses an over-long small-demo request with exactly the API's 400 body", async () => {
    const body = {
      model: DEMO_SMALL_MODEL_ID,
      max_tokens: 100,
      stream: true,
      messages: [{ role: 'user', content: 'word '.repeat(4000) }],
    };
    const tokens = estimateTokens(readRequest(body).inputChars);
    const response = await createDemoFetch()('https://demo.invalid/v1/messages', {
      method: 'POST',
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe(
      `{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: ${tokens} tokens > 4000 maximum"}}`,
    );
  });

  it('answers POST /v1/messages/count_tokens with the same estimate', async () => {
    const body = { model: DEMO_MODEL_ID, messages: [{ role: 'user', content: 'Hi' }] };
    const response = await createDemoFetch()('https://demo.invalid/v1/messages/count_tokens', {
      method: 'POST',
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(
      JSON.stringify({ input_tokens: estimateTokens(readRequest(body).inputChars) }),
    );
  });

  it('answers other paths with the API error shape', async () => {
    const response = await createDemoFetch()('https://demo.invalid/v1/models', { method: 'GET' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
  });
});

/** A user message of about `tokens` tokens by the demo's estimate (four characters each). */
function longText(tokens: number): string {
  return 'The harbour light turns every night. '.repeat(Math.ceil((tokens * 4) / 37));
}

/** The SDK client the demo model client is built on, over the demo's fetch. */
function sdkOverDemo() {
  return createAnthropicClient({
    apiKey: 'demo',
    baseURL: 'https://demo.invalid',
    fetch: createDemoFetch({ charDelayMs: 0 }),
    maxRetries: 0,
  });
}

describe('the small-window demo', () => {
  const small = createDemoModelClient({ model: DEMO_SMALL_MODEL_ID, charDelayMs: 0 });
  const limit = contextWindowFor(DEMO_SMALL_MODEL_ID);

  it("refuses an over-long request with the API's 400 body, naming its estimate and the window", async () => {
    const params = {
      model: DEMO_SMALL_MODEL_ID,
      max_tokens: 1024,
      stream: true as const,
      messages: [{ role: 'user' as const, content: longText(limit + 500) }],
    };
    const { input_tokens } = await sdkOverDemo().messages.countTokens({
      model: params.model,
      messages: params.messages,
    });
    expect(input_tokens).toBeGreaterThan(limit);

    const refusal = await sdkOverDemo()
      .messages.create(params)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refusal).toBeInstanceOf(APIError);
    const error = refusal as APIError;
    expect(error.status).toBe(400);
    expect(error.error).toEqual({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: `prompt is too long: ${input_tokens} tokens > ${limit} maximum`,
      },
    });
    expect(error.requestID).toMatch(/^req_demo_/);
  });

  it("fails the model client's stream with a 400 ModelError when the conversation does not fit", async () => {
    const refusal = await small.stream(request(longText(limit + 500)), () => {}).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ModelError);
    expect((refusal as ModelError).status).toBe(400);
    // The sentence is the app's (errorMessages); it names the window either way.
    expect((refusal as ModelError).message).toMatch(/4,?000/);
  });

  it('counts tokens through the model client as the small demo', async () => {
    const counted = await small.countTokens?.({
      model: DEMO_MODEL_ID,
      system: 'You are Baton.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      tools: [],
      signal: new AbortController().signal,
    });
    expect(counted).toBeGreaterThan(0);
  });

  it('answers a short request as the small-window demo, whatever model the request named', async () => {
    const final = await small.stream(request('Tell me about lighthouses'), () => {});
    expect(small.label).toBe(DEMO_SMALL_MODEL_LABEL);
    expect(final.stopReason).toBe('end_turn');
    expect(final.model).toBe(DEMO_SMALL_MODEL_ID);
    expect(textOf(final)).toContain('“Tell me about lighthouses”');
    expect(textOf(final)).toContain('small-window demo');
    expect(final.usage?.input).toBeLessThanOrEqual(limit);
  });

  it('leaves the ordinary demo without a limit', async () => {
    const final = await createDemoModelClient({ charDelayMs: 0 }).stream(
      request(longText(limit + 500)),
      () => {},
    );
    expect(final.stopReason).toBe('end_turn');
    expect(final.usage?.input).toBeGreaterThan(limit);
  });
});

describe('count_tokens on the demo', () => {
  it("answers the SDK's countTokens with the demo's estimate, for either demo, even past the small window", async () => {
    const tokens = contextWindowFor(DEMO_SMALL_MODEL_ID) + 100;
    for (const model of [DEMO_MODEL_ID, DEMO_SMALL_MODEL_ID]) {
      const params = {
        model,
        system: 'You are Baton.',
        messages: [{ role: 'user' as const, content: longText(tokens) }],
      };
      const counted = await sdkOverDemo().messages.countTokens(params);
      expect(counted).toEqual({ input_tokens: estimateTokens(readRequest(params).inputChars) });
      expect(counted.input_tokens).toBeGreaterThan(contextWindowFor(DEMO_SMALL_MODEL_ID));
    }
  });

  it('counts what a reply to the same request then reports as its input', async () => {
    const params = {
      model: DEMO_SMALL_MODEL_ID,
      system: 'You are Baton.',
      messages: [{ role: 'user' as const, content: 'Tell me about lighthouses' }],
    };
    const counted = await sdkOverDemo().messages.countTokens(params);
    const reply = await sdkOverDemo().messages.create({ ...params, max_tokens: 100 });
    expect(reply.usage.input_tokens).toBe(counted.input_tokens);
  });
});
