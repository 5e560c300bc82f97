import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../core/agent/types';
import type { ApiMessage } from '../core/types/agentMessage';
import { createMemoryTool } from '../core/workspace/memoryTool';
import { createTextEditorTool } from '../core/workspace/textEditorTool';
import { betaHeaders, toCountTokensParams, toMessageParams, WEB_SEARCH_TOOL } from './requestParams';

function request(patch: Partial<ModelRequest> = {}): ModelRequest {
  return {
    model: 'claude-sonnet-4-5',
    system: 'sys',
    messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    tools: [],
    toolChoice: 'auto',
    maxTokens: 4000,
    signal: new AbortController().signal,
    ...patch,
  };
}

describe('toMessageParams: thinking', () => {
  it('sends a budget with max_tokens raised to hold it', () => {
    const params = toMessageParams(request({ thinking: { type: 'enabled', budgetTokens: 2000 } }));
    expect(params.thinking).toEqual({ type: 'enabled', budget_tokens: 2000 });
    expect(params.max_tokens).toBe(6000);
    expect(params.output_config).toBeUndefined();
  });

  it('sends adaptive thinking with its effort in output_config', () => {
    const params = toMessageParams(
      request({ model: 'claude-opus-4-7', thinking: { type: 'adaptive', effort: 'low' } }),
    );
    expect(params.thinking).toEqual({ type: 'adaptive' });
    expect(params.output_config).toEqual({ effort: 'low' });
    expect(params.max_tokens).toBe(4000);
  });

  it('sends the off forms as they are, and nothing without a thinking request', () => {
    expect(toMessageParams(request({ thinking: { type: 'between_tools' } })).thinking).toEqual({
      type: 'between_tools',
    });
    expect(toMessageParams(request({ thinking: { type: 'disabled' } })).thinking).toEqual({
      type: 'disabled',
    });
    expect('thinking' in toMessageParams(request())).toBe(false);
  });

  it('leaves out thinking cut off before its signature, and keeps signed thinking as it is', () => {
    const messages: ApiMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'q' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'unfinished', signature: '' },
          { type: 'text', text: 'a' },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'q2' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'done', signature: 'sig' },
          { type: 'tool_use', id: 't', name: 'todo_write', input: {} },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'ok' }] },
    ];
    const sent = toMessageParams(request({ messages })).messages;
    expect(sent[1]?.content).toEqual([{ type: 'text', text: 'a' }]);
    const toolTurn = sent[3]?.content as unknown[] | undefined;
    expect(toolTurn?.[0]).toEqual({
      type: 'thinking',
      thinking: 'done',
      signature: 'sig',
    });
  });

  it('counts tokens with the same thinking', () => {
    expect(
      toCountTokensParams(request({ thinking: { type: 'enabled', budgetTokens: 2000 } })).thinking,
    ).toEqual({
      type: 'enabled',
      budget_tokens: 2000,
    });
  });
});

describe("toMessageParams: the API's client tools (issue 26)", () => {
  const fileTools = { tree: () => undefined, sessionId: () => 's' };
  const editor = createTextEditorTool(fileTools).definition;
  const memory = createMemoryTool(fileTools).definition;
  const todo = { name: 'todo_write', description: 'd', input_schema: { type: 'object' as const } };

  it('declares the text editor and the memory tool by type and name only, beside schema tools', () => {
    const params = toMessageParams(request({ tools: [todo, editor, memory] }));
    expect(params.tools).toEqual([
      todo,
      { type: 'text_editor_20250728', name: 'str_replace_based_edit_tool', max_characters: 16_000 },
      { type: 'memory_20250818', name: 'memory' },
    ]);
    expect(toCountTokensParams(request({ tools: [editor] })).tools).toEqual([
      { type: 'text_editor_20250728', name: 'str_replace_based_edit_tool', max_characters: 16_000 },
    ]);
  });

  it('asks no beta header for them: the memory tool needs none any more (its docs)', () => {
    expect(betaHeaders(request({ tools: [editor, memory] }))).toBeUndefined();
  });
});

describe('toMessageParams: web search', () => {
  it('declares the server tool after our own tools, and only when asked', () => {
    const todo = { name: 'todo_write', description: 'd', input_schema: { type: 'object' as const } };
    const params = toMessageParams(request({ tools: [todo], webSearch: true }));
    expect(params.tools).toEqual([todo, WEB_SEARCH_TOOL]);
    expect(WEB_SEARCH_TOOL).toMatchObject({ type: 'web_search_20250305', name: 'web_search' });
    expect(toMessageParams(request({ tools: [todo] })).tools).toEqual([todo]);
    // Web search alone still needs tool_choice beside it.
    expect(toMessageParams(request({ webSearch: true })).tool_choice).toEqual({ type: 'auto' });
  });

  it('sends a search and its result back as received', () => {
    const results = [
      { type: 'web_search_result', url: 'https://a.example', title: 'A', encrypted_content: 'E' },
    ];
    const messages: ApiMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'q' }] },
      {
        role: 'assistant',
        content: [
          { type: 'server_tool_use', id: 's', name: 'web_search', input: { query: 'x' } },
          { type: 'web_search_tool_result', tool_use_id: 's', content: results },
          { type: 'text', text: 'found' },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'thanks' }] },
    ];
    expect(toMessageParams(request({ messages })).messages[1]?.content).toEqual(messages[1]?.content);
  });
});
