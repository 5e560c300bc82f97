/**
 * The demo model's MCP calls (issue 25): it calls an enabled MCP tool the user's latest
 * message names, with arguments from the tool's schema, streams the call as the API
 * does, and then says what the tool answered, or that it failed or was declined. Tool
 * definitions and results are written here as Baton writes them for a real model.
 */
import { describe, expect, it } from 'vitest';
import { mcpApiName } from '../../core/tools/mcpNames';
import { declinedResult } from '../../core/tools/permission/permissionMachine';
import type { ToolDefinition } from '../../core/types/agentMessage';
import { textOf } from '../../core/types/messageText';
import { untrustedBlock } from '../../core/untrusted/untrustedBlock';
import type { McpToolInfo } from '../../mcp';
import { mcpToolDefinition } from '../../state/mcp/mcpTools';
import { DEMO_MODEL_ID } from '../defaults';
import type { ScriptedBlock } from '../sse/messageStreamEvents';
import { createDemoFetch } from './demoFetch';
import { createDemoModelClient } from './demoModelClient';
import { demoReply } from './demoReply';

/** The schema the official SDK's server lists for `echo` (a zod `{ text: z.string() }`). */
const ECHO_SCHEMA = {
  type: 'object',
  properties: { text: { type: 'string' } },
  required: ['text'],
  additionalProperties: false,
  $schema: 'http://json-schema.org/draft-07/schema#',
} as const;

function mcpTool(server: string, name: string, inputSchema: Record<string, unknown>): ToolDefinition {
  const info: McpToolInfo = {
    name,
    description: `The ${name} tool.`,
    inputSchema: { ...inputSchema, type: 'object' },
  };
  return mcpToolDefinition(mcpApiName({ server, tool: name }), server, info);
}

const echo = mcpTool('test', 'echo', ECHO_SCHEMA);
const huge = mcpTool('test', 'huge', {
  properties: { bytes: { type: 'integer', minimum: 0, maximum: 1000 } },
  required: ['bytes'],
});
const recall = { name: 'recall', description: 'Search earlier sessions.', input_schema: { type: 'object' } };
const todoTool = { name: 'todo_write', description: 'Write todos', input_schema: { type: 'object' } };
const tools = [todoTool, recall, echo, huge];

const user = (text: string) => ({ role: 'user', content: [{ type: 'text', text }] });

function reply(text: string, extra: Record<string, unknown> = {}) {
  return demoReply({ model: DEMO_MODEL_ID, tools, messages: [user(text)], ...extra });
}

function toolUse(blocks: ScriptedBlock[]) {
  return blocks.find((block) => block.type === 'tool_use');
}

function blocksText(blocks: ScriptedBlock[]): string {
  return blocks.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

/** The request after the call: the user's message, the demo's call, and `result` answering it. */
function afterResult(message: string, result: { content: string; is_error?: boolean }) {
  const call = reply(message);
  const use = toolUse(call.blocks);
  if (use?.type !== 'tool_use') throw new Error(`No call for: ${message}`);
  return demoReply({
    model: DEMO_MODEL_ID,
    tools,
    messages: [
      user(message),
      { role: 'assistant', content: call.blocks },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, ...result }] },
    ],
  });
}

const wrapped = (tool: string, text: string) =>
  untrustedBlock('mcp-tool-result', { server: 'test', tool }, text);

describe('the demo calls an MCP tool the message names', () => {
  it('calls it with a sentence and a tool_use, the quoted text as its argument, stop reason tool_use', () => {
    const answer = reply('Please run echo with “hello from the demo”, thanks');
    expect(answer.stopReason).toBe('tool_use');
    expect(answer.blocks).toHaveLength(2);
    expect(answer.blocks[0]?.type).toBe('text');
    expect(blocksText(answer.blocks)).toContain('I will call the tool “echo” of the MCP server “test”.');
    expect(toolUse(answer.blocks)).toMatchObject({
      type: 'tool_use',
      id: expect.stringMatching(/^toolu_demo_[0-9a-f]{8}$/),
      name: 'mcp__test__echo',
      input: { text: 'hello from the demo' },
    });
  });

  it('takes the text after the name when nothing is quoted', () => {
    expect(toolUse(reply('echo: the quick brown fox.').blocks)).toMatchObject({
      input: { text: 'the quick brown fox' },
    });
    expect(toolUse(reply('Use the echo tool to say good morning!').blocks)).toMatchObject({
      input: { text: 'good morning' },
    });
  });

  it('knows the tool by its full name for the model too, in any case', () => {
    expect(toolUse(reply('call MCP__TEST__ECHO with "hi"').blocks)).toMatchObject({
      name: 'mcp__test__echo',
      input: { text: 'hi' },
    });
    expect(toolUse(reply('ECHO "loud"').blocks)).toMatchObject({ input: { text: 'loud' } });
  });

  it('counts a name only as a whole word, and only an MCP tool that is offered', () => {
    for (const text of ['echoes of the past', 'my_echo "x"', 'recho "x"', 'hugely "x"']) {
      const answer = reply(text);
      expect(toolUse(answer.blocks), text).toBeUndefined();
      expect(answer.stopReason).toBe('end_turn');
      expect(blocksText(answer.blocks)).toContain('offline demo');
    }
    // A built-in tool's name is not an MCP call.
    expect(toolUse(reply('recall "the budget"').blocks)).toBeUndefined();
    // A tool switched off is not in the request, so it cannot be called.
    const off = demoReply({ model: DEMO_MODEL_ID, tools: [todoTool], messages: [user('echo "hi"')] });
    expect(toolUse(off.blocks)).toBeUndefined();
  });

  it('calls the tool named first, and a name with dots by its own name', () => {
    expect(toolUse(reply('huge 20 then echo "x"').blocks)).toMatchObject({
      name: 'mcp__test__huge',
      input: { bytes: 20 },
    });
    const dotted = mcpTool('my.server', 'get.issue', {
      properties: { number: { type: 'integer' } },
      required: ['number'],
    });
    expect(dotted.name).toBe('mcp__my_server__get_issue');
    const answer = demoReply({
      model: DEMO_MODEL_ID,
      tools: [dotted],
      messages: [user('Look up get.issue 42 for me')],
    });
    expect(blocksText(answer.blocks)).toContain('the tool “get.issue” of the MCP server “my.server”');
    expect(toolUse(answer.blocks)).toMatchObject({ name: dotted.name, input: { number: 42 } });
  });

  it('says which value it could not find instead of calling', () => {
    for (const text of ['Run echo', 'Try huge, please']) {
      const answer = reply(text);
      expect(toolUse(answer.blocks), text).toBeUndefined();
      expect(answer.stopReason).toBe('end_turn');
    }
    expect(blocksText(reply('Run echo').blocks)).toBe(
      'The tool “echo” of the MCP server “test” needs a value for “text”, and I could not find it in your message, so I did not call it. Name the tool again with the value after its name or in quotes.',
    );
    expect(blocksText(reply('Try huge, please').blocks)).toContain('needs a value for “bytes”');
  });

  it('calls nothing when tools are not to be used, or when only a reminder names one', () => {
    expect(toolUse(reply('echo "hi"', { tool_choice: { type: 'none' } }).blocks)).toBeUndefined();
    const reminder = untrustedBlock(
      'system-reminder',
      {},
      'Keep the list current. Last item: echo "the notes"',
    );
    expect(toolUse(reply(`Thanks\n\n${reminder}`).blocks)).toBeUndefined();
  });

  it('tells of the switched-on MCP tools in its ordinary reply, and only when there are some', () => {
    expect(blocksText(reply('Hello').blocks)).toContain(
      'You have MCP tools switched on: name one in a message with its text in quotes, such as echo "hello"',
    );
    const none = demoReply({ model: DEMO_MODEL_ID, tools: [todoTool], messages: [user('Hello')] });
    expect(blocksText(none.blocks)).not.toContain('MCP tools');
  });

  it('is deterministic, with a different id on a later turn', () => {
    expect(reply('echo "same"')).toEqual(reply('echo "same"'));
    const later = demoReply({
      model: DEMO_MODEL_ID,
      tools,
      messages: [user('Hi'), { role: 'assistant', content: 'Hello' }, user('echo "same"')],
    });
    expect(toolUse(later.blocks)).not.toEqual(toolUse(reply('echo "same"').blocks));
  });
});

describe('the demo answers the result of its MCP call', () => {
  it('quotes what the tool answered, trimmed, from inside Baton’s wrapper', () => {
    const answer = afterResult('echo "hello there"', { content: wrapped('echo', '  hello there\n\n') });
    expect(answer.stopReason).toBe('end_turn');
    expect(toolUse(answer.blocks)).toBeUndefined();
    const text = blocksText(answer.blocks);
    expect(text).toContain('The tool “echo” of the MCP server “test” answered: “hello there”');
    expect(text).not.toContain('mcp-tool-result');
  });

  it('says the tool reported a failure when its server answered with an error', () => {
    const text = blocksText(
      afterResult('echo "x"', { content: wrapped('echo', 'The tool failed on purpose.'), is_error: true })
        .blocks,
    );
    expect(text).toContain(
      'The tool “echo” of the MCP server “test” reported a failure: “The tool failed on purpose.”',
    );
  });

  it('says the call was declined, with Baton’s answer, when the user denied it', () => {
    const declined = declinedResult({ tool: 'mcp__test__echo', decision: 'deny' });
    const text = blocksText(afterResult('echo "x"', { content: declined.content, is_error: true }).blocks);
    expect(text).toContain('The tool “echo” of the MCP server “test” did not run: the call was declined.');
    expect(text).toContain('“The user declined to run it');
  });

  it('says the call failed, with Baton’s sentence, when it could not run', () => {
    const text = blocksText(
      afterResult('echo "x"', { content: 'The server "test" did not answer within 60 s.', is_error: true })
        .blocks,
    );
    expect(text).toContain(
      'The tool “echo” of the MCP server “test” failed: “The server "test" did not answer within 60 s.”',
    );
  });

  it('still confirms the todo tool’s result as before', () => {
    const call = reply('Plan the garden: dig, plant, water');
    const use = toolUse(call.blocks);
    expect(use).toMatchObject({ name: 'todo_write' });
    const answer = demoReply({
      model: DEMO_MODEL_ID,
      tools,
      messages: [
        user('Plan the garden: dig, plant, water'),
        { role: 'assistant', content: call.blocks },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: use?.type === 'tool_use' ? use.id : '', content: 'Saved.' },
          ],
        },
      ],
    });
    expect(blocksText(answer.blocks)).toContain('Done: the plan is in your todo list (3 steps)');
  });
});

describe('the MCP call on the wire', () => {
  it('streams the tool_use as the API does: input_json_delta, then stop reason tool_use', async () => {
    const response = await createDemoFetch({ charDelayMs: 0 })('https://demo.invalid/v1/messages', {
      method: 'POST',
      body: JSON.stringify({
        model: DEMO_MODEL_ID,
        stream: true,
        tools,
        messages: [user('echo "a longer text, so that its JSON comes in several pieces"')],
      }),
    });
    const events = (await response.text())
      .split('\n\n')
      .filter((chunk) => chunk !== '')
      .map((chunk) => JSON.parse(chunk.slice(chunk.indexOf('data: ') + 6)) as Record<string, unknown>);
    const start = events.find(
      (event) =>
        event.type === 'content_block_start' && (event.content_block as { type: string }).type === 'tool_use',
    );
    expect(start?.content_block).toMatchObject({ type: 'tool_use', name: 'mcp__test__echo', input: {} });
    const pieces = events
      .filter((event) => event.type === 'content_block_delta' && event.index === start?.index)
      .map((event) => event.delta as { type: string; partial_json: string });
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((delta) => delta.type === 'input_json_delta')).toBe(true);
    expect(JSON.parse(pieces.map((delta) => delta.partial_json).join(''))).toEqual({
      text: 'a longer text, so that its JSON comes in several pieces',
    });
    expect(events.find((event) => event.type === 'message_delta')).toMatchObject({
      delta: { stop_reason: 'tool_use' },
    });
  });

  it('goes through the SDK client: the call, then the answer that quotes the result', async () => {
    const client = createDemoModelClient({ charDelayMs: 0 });
    const base = {
      model: DEMO_MODEL_ID,
      system: 'You are Baton.',
      tools: [echo],
      toolChoice: 'auto' as const,
      maxTokens: 8192,
      signal: new AbortController().signal,
    };
    const asked = { role: 'user' as const, content: [{ type: 'text' as const, text: 'echo "round trip"' }] };
    const first = await client.stream({ ...base, messages: [asked] }, () => {});
    expect(first.stopReason).toBe('tool_use');
    const call = first.content.find((block) => block.type === 'tool_use');
    expect(call).toMatchObject({ name: 'mcp__test__echo', input: { text: 'round trip' } });

    const second = await client.stream(
      {
        ...base,
        messages: [
          asked,
          { role: 'assistant', content: first.content },
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                tool_use_id: call?.type === 'tool_use' ? call.id : '',
                content: wrapped('echo', 'round trip'),
              },
            ],
          },
        ],
      },
      () => {},
    );
    expect(second.stopReason).toBe('end_turn');
    expect(textOf(second)).toContain('answered: “round trip”');
  });
});
