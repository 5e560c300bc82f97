/**
 * Which tools a handoff's instruction names (issue 25): MCP tools under their server,
 * the API's server tools under the names requests declare them by, other client tools,
 * and none of Baton's bookkeeping tools.
 */
import { describe, expect, it } from 'vitest';
import {
  bashCall,
  bashResult,
  editCall,
  editError,
  fetchCall,
  fetchResult,
} from '../../../testing/serverToolBlocks';
import type { ApiContentBlock, ApiMessage } from '../types/agentMessage';
import { buildHandoffPrompt } from './handoffPrompt';
import { toolsUsed } from './toolsUsed';

const call = (id: string, name: string): ApiContentBlock => ({ type: 'tool_use', id, name, input: {} });
const answer = (id: string): ApiContentBlock => ({ type: 'tool_result', tool_use_id: id, content: 'ok' });
const searchCall: ApiContentBlock = {
  type: 'server_tool_use',
  id: 'srvtoolu_search',
  name: 'web_search',
  input: { query: 'relay rules' },
};
const searchResult: ApiContentBlock = {
  type: 'web_search_tool_result',
  tool_use_id: 'srvtoolu_search',
  content: [],
};

/** One assistant turn per group of calls, each answered. */
function conversation(...turns: ApiContentBlock[][]): ApiMessage[] {
  const messages: ApiMessage[] = [
    { role: 'user', content: [{ type: 'text', text: 'Triage the open issues' }] },
  ];
  for (const blocks of turns) {
    messages.push({ role: 'assistant', content: blocks });
    const answers = blocks.flatMap((block) => (block.type === 'tool_use' ? [answer(block.id)] : []));
    messages.push({
      role: 'user',
      content: answers.length > 0 ? answers : [{ type: 'text', text: 'go on' }],
    });
  }
  return messages;
}

describe('toolsUsed', () => {
  it('groups MCP tools by server, in the order of their first call, with how often each was called', () => {
    const used = toolsUsed(
      conversation(
        [call('t1', 'mcp__github__search_issues'), call('t2', 'mcp__sentry__list_events')],
        [call('t3', 'mcp__github__search_issues')],
        [call('t4', 'mcp__github__get_issue')],
      ),
    );
    expect(used.mcp).toEqual([
      {
        server: 'github',
        tools: [
          { name: 'mcp__github__search_issues', calls: 2 },
          { name: 'mcp__github__get_issue', calls: 1 },
        ],
      },
      { server: 'sentry', tools: [{ name: 'mcp__sentry__list_events', calls: 1 }] },
    ]);
    expect(used.mcpUnattributed).toEqual([]);
  });

  it('names the server tools as requests declare them: code execution once, whatever its calls did', () => {
    const used = toolsUsed(
      conversation(
        [fetchCall, fetchResult, searchCall, searchResult],
        [bashCall, bashResult, editCall, editError],
      ),
    );
    expect(used.server).toEqual([
      { name: 'web_fetch', calls: 1 },
      { name: 'web_search', calls: 1 },
      { name: 'code_execution', calls: 2 },
    ]);
    expect(used.mcp).toEqual([]);
  });

  it("leaves Baton's bookkeeping tools out, and lists other client tools by name", () => {
    const used = toolsUsed(
      conversation(
        [call('t1', 'todo_write'), call('t2', 'recall')],
        [call('t3', 'handoff'), call('t4', 'str_replace_based_edit_tool')],
      ),
    );
    expect(used).toEqual({
      mcp: [],
      mcpUnattributed: [],
      server: [],
      other: [{ name: 'str_replace_based_edit_tool', calls: 1 }],
    });
  });

  it('does not guess the server when the name cannot tell it', () => {
    const used = toolsUsed(
      conversation([
        // Server `a__b` with tool `c`, or server `a` with tool `b__c`?
        call('t1', 'mcp__a__b__c'),
        // Server `x_` with tool `y`, or server `x` with tool `_y`?
        call('t2', 'mcp__x___y'),
        // A long server name, shortened with a hash before its end.
        call('t3', `mcp__${'s'.repeat(50)}_0a1b2c3d`),
      ]),
    );
    expect(used.mcp).toEqual([]);
    expect(used.mcpUnattributed.map((tool) => tool.name)).toEqual([
      'mcp__a__b__c',
      'mcp__x___y',
      `mcp__${'s'.repeat(50)}_0a1b2c3d`,
    ]);
  });

  it('reads only what the model called: a name in the user’s words is no call', () => {
    const used = toolsUsed([
      { role: 'user', content: [{ type: 'text', text: 'Please use mcp__github__search_issues' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'I will.' }] },
    ]);
    expect(used).toEqual({ mcp: [], mcpUnattributed: [], server: [], other: [] });
  });
});

describe('buildHandoffPrompt: the tools the work used', () => {
  it('names each tool, MCP tools with their server, and asks for their results in Critical Context', () => {
    const prompt = buildHandoffPrompt({
      tools: toolsUsed(
        conversation(
          [call('t1', 'mcp__github__search_issues'), call('t2', 'mcp__github__search_issues')],
          [fetchCall, fetchResult, bashCall, bashResult],
          [call('t3', 'mcp__a__b__c'), call('t4', 'str_replace_based_edit_tool'), call('t5', 'todo_write')],
        ),
      ),
    });
    expect(prompt).toContain('- MCP server "github": mcp__github__search_issues (2 calls)');
    expect(prompt).toContain('- MCP tools: mcp__a__b__c (1 call)');
    expect(prompt).toContain("- The API's server tools: web_fetch (1 call), code_execution (1 call)");
    expect(prompt).toContain('- Other tools: str_replace_based_edit_tool (1 call)');
    expect(prompt).toContain('in Critical Context, give what they returned that still matters');
    expect(prompt).not.toContain('todo_write');
  });

  it('says nothing of tools when none did any of the work', () => {
    const prompt = buildHandoffPrompt({ tools: toolsUsed(conversation([call('t1', 'todo_write')])) });
    expect(prompt).not.toContain('Tools did part of this work');
    expect(prompt).toBe(buildHandoffPrompt());
  });
});
