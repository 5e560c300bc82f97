import { describe, expect, it } from 'vitest';
import type { ModelRequest, ToolDefinition } from '../../core/agent/types';
import { type Message, textOf } from '../../core/session/types';
import { DEMO_MODEL_ID, DEMO_MODEL_LABEL } from '../defaults';
import { createDemoFetch } from './demoFetch';
import { createDemoModelClient } from './demoModelClient';

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

  it('answers other paths with the API error shape', async () => {
    const response = await createDemoFetch()('https://demo.invalid/v1/models', { method: 'GET' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
  });
});
