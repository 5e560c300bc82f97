/**
 * The MCP connector ("Let the API connect") from the request to the next one: its servers
 * declared as `mcp_servers` with one `mcp_toolset` each and the beta header, only when set
 * up; the API's `mcp_tool_use` and `mcp_tool_result` blocks streamed through the SDK and
 * the accumulator into the reply, then sent back unchanged (with the header) and counted.
 */
import { describe, expect, it } from 'vitest';
import { streamScripted } from '../../testing/llm/fakeApi';
import type { McpConnectorServer, ModelRequest } from '../core/agent/types';
import { estimateBlockTokens } from '../core/context/estimateTokens';
import { renderForSummary } from '../core/handoff/condenseStages';
import { toApiMessages } from '../core/session/buildSessionContext';
import type { McpToolUseBlock, Message } from '../core/types/message';
import { betaHeaders, MCP_CONNECTOR_BETA, toCountTokensParams, toMessageParams } from './requestParams';
import type { ScriptedReply } from './sse/messageStreamEvents';

const docs: McpConnectorServer = {
  name: 'docs',
  url: 'https://mcp.example.test/mcp',
  authorizationToken: 'tok-1',
};

function request(patch: Partial<ModelRequest> = {}): ModelRequest {
  return {
    model: 'claude-sonnet-4-5',
    system: 'sys',
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Look it up' }] }],
    tools: [],
    toolChoice: 'auto',
    maxTokens: 4000,
    signal: new AbortController().signal,
    ...patch,
  };
}

const call: McpToolUseBlock = {
  type: 'mcp_tool_use',
  id: 'mcptoolu_1',
  name: 'search',
  server_name: 'docs',
  input: { q: 'baton' },
};
const resultContent = [{ type: 'text' as const, text: 'Three pages mention the baton.' }];
/** As the API streams it: `is_error` false included. */
const result = {
  type: 'mcp_tool_result' as const,
  tool_use_id: 'mcptoolu_1',
  is_error: false,
  content: resultContent,
};
/** As Baton keeps and sends it back: `is_error` only when true. */
const kept = { type: 'mcp_tool_result', tool_use_id: 'mcptoolu_1', content: resultContent };

describe('the request: connector servers only when set up', () => {
  it('sends no mcp_servers, no toolset and no beta without connector servers', () => {
    const params = toMessageParams(request());
    expect(params.mcp_servers).toBeUndefined();
    expect(params.tools).toBeUndefined();
    expect(betaHeaders(request())).toBeUndefined();
    expect(toMessageParams(request({ mcpServers: [] })).mcp_servers).toBeUndefined();
  });

  it('declares each server with its token, a toolset naming it, and the beta header', () => {
    const plain: McpConnectorServer = { name: 'open', url: 'https://open.example.test/mcp' };
    const on = request({ mcpServers: [docs, plain] });
    const params = toMessageParams(on);
    expect(params.mcp_servers).toEqual([
      { type: 'url', url: docs.url, name: 'docs', authorization_token: 'tok-1' },
      { type: 'url', url: plain.url, name: 'open' },
    ]);
    expect(params.tools).toEqual([
      { type: 'mcp_toolset', mcp_server_name: 'docs' },
      { type: 'mcp_toolset', mcp_server_name: 'open' },
    ]);
    expect(params.tool_choice).toEqual({ type: 'auto' });
    expect(betaHeaders(on)).toEqual({ 'anthropic-beta': MCP_CONNECTOR_BETA });
    expect(MCP_CONNECTOR_BETA).toBe('mcp-client-2025-11-20');
  });

  it('keeps the header while the conversation holds connector blocks, even with the servers gone', () => {
    const messages = toApiMessages([
      { role: 'user', content: [{ type: 'text', text: 'q' }] },
      { role: 'assistant', content: [call, result, { type: 'text', text: 'found' }], stopReason: 'end_turn' },
      { role: 'user', content: [{ type: 'text', text: 'thanks' }] },
    ]);
    expect(betaHeaders(request({ messages }))).toEqual({ 'anthropic-beta': MCP_CONNECTOR_BETA });
    // count_tokens is asked without the servers: it only counts what the turns hold.
    expect(toCountTokensParams(request({ messages })).tools).toBeUndefined();
  });
});

describe('the blocks: streamed, kept, sent back unchanged, counted', () => {
  const scripted: ScriptedReply = {
    model: 'claude-test',
    blocks: [call, result, { type: 'text', text: 'Three pages mention it.' }],
  };

  const streamed = (patch: Partial<ModelRequest>) => streamScripted(scripted, request(patch));

  it('sends the servers over the wire with the header, and keeps the reply’s blocks as the API sent them', async () => {
    const { message, sent } = await streamed({ mcpServers: [docs] });
    expect(sent[0]?.headers.get('anthropic-beta')).toBe(MCP_CONNECTOR_BETA);
    expect(sent[0]?.body.mcp_servers).toEqual([
      { type: 'url', url: docs.url, name: 'docs', authorization_token: 'tok-1' },
    ]);
    expect(message.content.slice(0, 2)).toEqual([call, kept]);
    // A connector call is the API's: the reply ends the turn, nothing is left for Baton to run.
    expect(message.stopReason).toBe('end_turn');

    const reply: Message = { ...message, stopReason: 'end_turn' };
    const next = toApiMessages([
      { role: 'user', content: [{ type: 'text', text: 'Look it up' }] },
      reply,
      { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
    ]);
    const sentBack = toMessageParams(request({ messages: next })).messages[1]?.content as unknown[];
    expect(sentBack.slice(0, 2)).toEqual([
      call,
      { type: 'mcp_tool_result', tool_use_id: 'mcptoolu_1', content: result.content },
    ]);
  });

  it('leaves out a connector call whose result never came, and an orphan result', () => {
    const next = toApiMessages([
      { role: 'user', content: [{ type: 'text', text: 'q' }] },
      { role: 'assistant', content: [call, { type: 'text', text: 'a' }], stopReason: 'end_turn' },
    ]);
    expect(next[1]?.content).toEqual([{ type: 'text', text: 'a' }]);
  });

  it('counts the call by its input and the result by its content, and the handoff transcript reads both', () => {
    expect(estimateBlockTokens(call)).toBeGreaterThan(estimateBlockTokens({ ...call, input: {} }));
    const long = { ...result, content: [{ type: 'text', text: 'x'.repeat(4000) }] };
    expect(estimateBlockTokens(long)).toBeGreaterThan(estimateBlockTokens(result) + 900);
    const summary = renderForSummary([{ role: 'assistant', content: [call, result] }]);
    expect(summary).toBe(
      'Assistant used search of the MCP server docs with {"q":"baton"}\nResult of search: Three pages mention the baton.',
    );
  });
});
