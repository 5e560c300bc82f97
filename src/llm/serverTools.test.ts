/**
 * Web fetch and code execution from the request to the next one: declared (with their
 * beta header) only when switched on, their blocks streamed through the SDK and the
 * accumulator into the reply, then sent back unchanged and counted for the context.
 */
import { describe, expect, it } from 'vitest';
import { streamScripted } from '../../testing/llm/fakeApi';
import {
  bashCall,
  bashResult,
  editCall,
  editError,
  fetchCall,
  fetchResult,
} from '../../testing/serverToolBlocks';
import type { ModelRequest } from '../core/agent/types';
import { estimateBlockTokens } from '../core/context/estimateTokens';
import { toApiMessages } from '../core/session/buildSessionContext';
import type { Message } from '../core/types/message';
import {
  betaHeaders,
  CODE_EXECUTION_TOOL,
  toCountTokensParams,
  toMessageParams,
  WEB_FETCH_TOOL,
} from './requestParams';
import type { ScriptedBlock, ScriptedReply } from './sse/messageStreamEvents';

function request(patch: Partial<ModelRequest> = {}): ModelRequest {
  return {
    model: 'claude-sonnet-4-5',
    system: 'sys',
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Read https://relay.example/rules' }] }],
    tools: [],
    toolChoice: 'auto',
    maxTokens: 4000,
    signal: new AbortController().signal,
    ...patch,
  };
}

describe('the request: tools and beta header only when switched on', () => {
  it('declares neither tool and sends no beta header when both are off', () => {
    const params = toMessageParams(request());
    expect(params.tools).toBeUndefined();
    expect(betaHeaders(request())).toBeUndefined();
    expect(betaHeaders(request({ webSearch: true }))).toBeUndefined();
  });

  it('declares web fetch with its beta', () => {
    const on = request({ webFetch: true });
    expect(toMessageParams(on).tools).toEqual([
      { type: 'web_fetch_20250910', name: 'web_fetch', max_uses: 5 },
    ]);
    expect(betaHeaders(on)).toEqual({ 'anthropic-beta': 'web-fetch-2025-09-10' });
    expect(toCountTokensParams(on).tools).toEqual([WEB_FETCH_TOOL]);
  });

  it('declares code execution with its beta', () => {
    const on = request({ codeExecution: true });
    expect(toMessageParams(on).tools).toEqual([{ type: 'code_execution_20250825', name: 'code_execution' }]);
    expect(betaHeaders(on)).toEqual({ 'anthropic-beta': 'code-execution-2025-08-25' });
  });

  it('joins both betas in one header, after the web search tool and the app tools', () => {
    const todo = { name: 'todo_write', description: 'd', input_schema: { type: 'object' as const } };
    const on = request({ tools: [todo], webSearch: true, webFetch: true, codeExecution: true });
    const tools = toMessageParams(on).tools ?? [];
    expect(tools.map((tool) => (tool as { name: string }).name)).toEqual([
      'todo_write',
      'web_search',
      'web_fetch',
      'code_execution',
    ]);
    expect(tools.slice(2)).toEqual([WEB_FETCH_TOOL, CODE_EXECUTION_TOOL]);
    expect(betaHeaders(on)).toEqual({ 'anthropic-beta': 'web-fetch-2025-09-10,code-execution-2025-08-25' });
  });

  it('keeps the beta while earlier turns carry the tool’s blocks, even switched off', () => {
    const messages: ModelRequest['messages'] = [
      { role: 'user', content: [{ type: 'text', text: 'q' }] },
      { role: 'assistant', content: [bashCall, bashResult, { type: 'text', text: 'done' }] },
      { role: 'user', content: [{ type: 'text', text: 'and now?' }] },
    ];
    expect(betaHeaders(request({ messages }))).toEqual({ 'anthropic-beta': 'code-execution-2025-08-25' });
    expect(toMessageParams(request({ messages })).tools).toBeUndefined();
  });
});

describe('the blocks: streamed, kept, sent back unchanged, counted', () => {
  const blocks = [
    fetchCall,
    fetchResult,
    bashCall,
    bashResult,
    editCall,
    editError,
  ] as unknown as ScriptedBlock[];
  const scripted: ScriptedReply = {
    model: 'claude-test',
    blocks: [...blocks, { type: 'text', text: 'The baton is passed in the zone.' }],
  };

  const streamed = (patch: Partial<ModelRequest>) => streamScripted(scripted, request(patch));

  it('sends the tools and the joined beta header over the wire, and none when off', async () => {
    const on = await streamed({ webFetch: true, codeExecution: true });
    expect(on.sent[0]?.headers.get('anthropic-beta')).toBe('web-fetch-2025-09-10,code-execution-2025-08-25');
    expect(on.sent[0]?.body.tools).toEqual([WEB_FETCH_TOOL, CODE_EXECUTION_TOOL]);
    const off = await streamed({});
    expect(off.sent[0]?.headers.get('anthropic-beta')).toBeNull();
    expect(off.sent[0]?.body.tools).toBeUndefined();
  });

  it('keeps every block of the reply as the API sent it, and sends them back the same', async () => {
    const { message } = await streamed({ webFetch: true, codeExecution: true });
    expect(message.content.slice(0, 6)).toEqual([...blocks]);

    const reply: Message = { ...message, stopReason: 'end_turn' };
    const next = toApiMessages([
      { role: 'user', content: [{ type: 'text', text: 'Read it' }] },
      reply,
      { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
    ]);
    const params = toMessageParams(request({ messages: next, webFetch: true, codeExecution: true }));
    const sentBack = params.messages[1]?.content as unknown[];
    expect(sentBack.slice(0, 6)).toEqual([...blocks]);
  });

  it('leaves out a call whose result never came, and its orphan result likewise', () => {
    const next = toApiMessages([
      { role: 'user', content: [{ type: 'text', text: 'q' }] },
      {
        role: 'assistant',
        content: [fetchCall, bashResult, { type: 'text', text: 'a' }],
        stopReason: 'end_turn',
      },
    ]);
    expect(next[1]?.content).toEqual([{ type: 'text', text: 'a' }]);
  });

  it('counts a result by its content: a larger page counts more', () => {
    const big = { ...fetchResult, content: { ...fetchResult.content, url: 'x'.repeat(4000) } };
    expect(estimateBlockTokens(fetchResult)).toBeGreaterThan(10);
    expect(estimateBlockTokens(big)).toBeGreaterThan(estimateBlockTokens(fetchResult) + 900);
    expect(estimateBlockTokens(bashResult)).toBeGreaterThan(10);
  });
});

describe('code execution’s container', () => {
  it('is kept from message_delta with the reply, and passed again only with code execution on', async () => {
    const scripted: ScriptedReply = {
      model: 'claude-test',
      blocks: [{ type: 'text', text: 'Ran it.' }],
      container: { id: 'container_011a', expires_at: '2026-12-07T04:00:00Z' },
    };
    const { message } = await streamScripted(scripted, request({ codeExecution: true }));
    expect(message.container).toEqual({ id: 'container_011a', expiresAt: '2026-12-07T04:00:00Z' });
    expect(toMessageParams(request({ codeExecution: true, container: 'container_011a' })).container).toBe(
      'container_011a',
    );
    expect(toMessageParams(request({ container: 'container_011a' })).container).toBeUndefined();
  });
});
