/**
 * Old tool results stay first in line for condensing (issue 25), the API's server tools'
 * among them: web fetch, code execution and web search results of older turns go before
 * any summarising of the user's and the model's words, oldest first together with the
 * client tools' (MCP) results, and what is sent stays a request the API accepts.
 */
import { describe, expect, it, vi } from 'vitest';
import { requestProblems } from '../../../testing/requestInvariant';
import { bashCall, bashResult, fetchCall, fetchResult } from '../../../testing/serverToolBlocks';
import { estimateMessagesTokens } from '../context/estimateTokens';
import type { ApiMessage } from '../types/agentMessage';
import type { ServerToolResultBlock, ServerToolUseBlock, WebSearchResultBlock } from '../types/message';
import { type CondenseInput, condenseForHandoff, type Summariser } from './condenseForHandoff';
import { clearedServerToolText, clearedToolResultText, clearOldToolResults } from './condenseStages';

const BIG = 8_000;

type ServerPair = [ServerToolUseBlock, ServerToolResultBlock | WebSearchResultBlock];

function bigFetch(id: string): ServerPair {
  const source = { ...fetchResult.content.content.source, data: `page ${id} ${'p'.repeat(BIG)}` };
  return [
    { ...fetchCall, id },
    {
      ...fetchResult,
      tool_use_id: id,
      content: { ...fetchResult.content, content: { ...fetchResult.content.content, source } },
    },
  ];
}

function bigCodeRun(id: string): ServerPair {
  return [
    { ...bashCall, id },
    { ...bashResult, tool_use_id: id, content: { ...bashResult.content, stdout: `out ${'o'.repeat(BIG)}` } },
  ];
}

function bigSearch(id: string): ServerPair {
  return [
    { type: 'server_tool_use', id, name: 'web_search', input: { query: 'relay rules' } },
    {
      type: 'web_search_tool_result',
      tool_use_id: id,
      content: [
        {
          type: 'web_search_result',
          url: 'https://relay.example/rules',
          title: 'Relay rules',
          encrypted_content: 'e'.repeat(BIG),
          page_age: null,
        },
      ],
    },
  ];
}

/** A turn in which the model used a server tool in its own reply, between two sentences. */
function serverTurn(t: number, blocks: ServerPair): ApiMessage[] {
  return [
    { role: 'user', content: [{ type: 'text', text: `Question ${t}: what do the rules say?` }] },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: `Looking it up (${t}).` },
        ...blocks,
        { type: 'text', text: `Answer ${t}: the baton is passed in the zone.` },
      ],
    },
  ];
}

/** A turn in which the model called an MCP tool (a client tool: its result comes back in a user turn). */
function mcpTurn(t: number): ApiMessage[] {
  const id = `toolu_mcp_${t}`;
  return [
    { role: 'user', content: [{ type: 'text', text: `Question ${t}: list the open issues.` }] },
    { role: 'assistant', content: [{ type: 'tool_use', id, name: 'mcp__github__list_issues', input: {} }] },
    {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: id, content: `issues ${'i'.repeat(BIG)}` }],
    },
    { role: 'assistant', content: [{ type: 'text', text: `Answer ${t}: twelve issues are open.` }] },
  ];
}

const texts = (messages: readonly ApiMessage[]) =>
  messages.flatMap((m) => m.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])));
const serverBlocks = (messages: readonly ApiMessage[]) =>
  messages
    .flatMap((m) => m.content)
    .filter((b) => b.type === 'server_tool_use' || b.type.endsWith('_tool_result'));

/** The API wants each server tool call and its result together, in the same assistant turn. */
function serverPairingProblems(messages: readonly ApiMessage[]): string[] {
  const problems: string[] = [];
  messages.forEach((message, index) => {
    const calls = message.content.flatMap((b) => (b.type === 'server_tool_use' ? [b.id] : []));
    const results = message.content.flatMap((b) =>
      b.type !== 'tool_result' && b.type.endsWith('_tool_result') && 'tool_use_id' in b
        ? [b.tool_use_id]
        : [],
    );
    if ((calls.length > 0 || results.length > 0) && message.role !== 'assistant')
      problems.push(`turn ${index} holds server tool blocks`);
    for (const id of calls)
      if (!results.includes(id)) problems.push(`turn ${index}: server call ${id} has no result`);
    for (const id of results)
      if (!calls.includes(id)) problems.push(`turn ${index}: server result ${id} has no call`);
  });
  return problems;
}

function input(messages: ApiMessage[], budget: number, summarise: Summariser): CondenseInput {
  return {
    messages,
    fixedTokens: 0,
    budget,
    maxSummaryTokens: 1_000,
    summarise,
    signal: new AbortController().signal,
  };
}

describe('clearOldToolResults: the API server tools’ results', () => {
  const [oldCall, oldResult] = bigFetch('srvtoolu_f0');
  const conversation = [
    ...serverTurn(0, [oldCall, oldResult]),
    ...serverTurn(1, bigCodeRun('srvtoolu_c1')),
    ...serverTurn(2, bigSearch('srvtoolu_s2')),
    // The newest turn keeps its result: the model is using it.
    ...serverTurn(3, bigFetch('srvtoolu_f3')),
  ];

  it('clears web fetch, code execution and web search results of older turns, call and result as one line', () => {
    const { messages, cleared } = clearOldToolResults(conversation, 0);

    expect(cleared).toBe(3);
    expect(requestProblems(messages)).toEqual([]);
    expect(serverPairingProblems(messages)).toEqual([]);
    // Only the newest turn's call and result are left, as they were.
    expect(serverBlocks(messages)).toEqual(serverBlocks(conversation.slice(-2)));
    expect(messages.slice(-2)).toEqual(conversation.slice(-2));
    // Each pair became the line naming the call, where the pair was: the model's own words stay around it.
    expect(messages[1]?.content).toEqual([
      { type: 'text', text: 'Looking it up (0).' },
      {
        type: 'text',
        text: clearedServerToolText(oldCall, JSON.stringify(oldResult.content).length),
      },
      { type: 'text', text: 'Answer 0: the baton is passed in the zone.' },
    ]);
    const lines = texts(messages).filter((text) => text.includes('cleared to fit the context window'));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('web_fetch was called with {"url":"https://relay.example/rules"}');
    expect(lines[1]).toContain('bash_code_execution was called with {"command":"python3 plot.py"}');
    expect(lines[2]).toContain('web_search was called with {"query":"relay rules"}');
    for (const line of lines) expect(line).toMatch(/: \d{1,3}(,\d{3})* characters removed\]$/);
    // Every sentence of the user and the model is still there.
    for (const text of texts(conversation)) expect(texts(messages)).toContain(text);
    expect(estimateMessagesTokens(messages)).toBeLessThan(estimateMessagesTokens(conversation) / 2);
  });

  it('clears oldest first, only as far as needed, whichever kind of tool the result is of', () => {
    const mixed = [
      ...mcpTurn(0),
      ...serverTurn(1, bigFetch('srvtoolu_f1')),
      ...serverTurn(2, bigCodeRun('srvtoolu_c2')),
      ...mcpTurn(3),
    ];
    const once = clearOldToolResults(mixed, estimateMessagesTokens(mixed) - 1);
    expect(once.cleared).toBe(1);
    expect(JSON.stringify(once.messages)).toContain(
      clearedToolResultText('mcp__github__list_issues', BIG + 7),
    );

    // Room for what two clears save: the MCP result, then the web fetch; the code run stays.
    const twice = clearOldToolResults(mixed, estimateMessagesTokens(mixed) - 3_000);
    expect(twice.cleared).toBe(2);
    expect(serverBlocks(twice.messages).map((b) => b.type)).toEqual([
      'server_tool_use',
      'bash_code_execution_tool_result',
    ]);
    expect(requestProblems(twice.messages)).toEqual([]);
    expect(serverPairingProblems(twice.messages)).toEqual([]);
  });

  it('keeps the input of a long call short in its line', () => {
    const text = clearedServerToolText(
      {
        type: 'server_tool_use',
        id: 'srvtoolu_e',
        name: 'text_editor_code_execution',
        input: { file_text: 'x'.repeat(20_000) },
      },
      30,
    );
    expect(text.length).toBeLessThan(700);
    expect(text).toContain('…; its result was cleared to fit the context window: 30 characters removed]');
  });
});

describe('condenseForHandoff: server tools’ results go before any words are summarised', () => {
  it('makes a tool-heavy conversation fit by clearing them, with no summarising request', async () => {
    const conversation = [
      ...serverTurn(0, bigFetch('srvtoolu_f0')),
      ...mcpTurn(1),
      ...serverTurn(2, bigCodeRun('srvtoolu_c2')),
      ...serverTurn(3, bigSearch('srvtoolu_s3')),
      ...serverTurn(4, [
        {
          type: 'server_tool_use',
          id: 'srvtoolu_f4',
          name: 'web_fetch',
          input: { url: 'https://relay.example' },
        },
        { ...fetchResult, tool_use_id: 'srvtoolu_f4' },
      ]),
    ];
    const budget = Math.ceil(estimateMessagesTokens(conversation) / 4);
    const summarise = vi.fn<Summariser>(async () => 'never');
    const result = await condenseForHandoff(input(conversation, budget, summarise));

    expect(summarise).not.toHaveBeenCalled();
    expect(result.report).toEqual({ toolResultsCleared: 4, messagesSummarised: 0, passes: 0 });
    expect(estimateMessagesTokens(result.messages)).toBeLessThanOrEqual(budget);
    for (const text of texts(conversation)) expect(texts(result.messages)).toContain(text);
    expect(requestProblems(result.messages)).toEqual([]);
    expect(serverPairingProblems(result.messages)).toEqual([]);
  });
});
