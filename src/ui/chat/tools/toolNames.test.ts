import { describe, expect, it } from 'vitest';
import { HANDOFF_TOOL_NAME as HANDOFF_TOOL } from '../../../core/handoff/handoffTool';
import { WEB_SEARCH_TOOL_NAME as WEB_SEARCH_TOOL } from '../../../core/session/webSearch';
import { TODO_WRITE_TOOL_NAME as TODO_WRITE_TOOL } from '../../../core/todos/todoWriteTool';
import { MCP_TOOL_PREFIX } from '../../../core/tools/mcpNames';
import { MCP_CALL_PREFIX } from './mcpCallPrefix';
import { HANDOFF_TOOL_NAME, TODO_WRITE_TOOL_NAME, WEB_SEARCH_TOOL_NAME } from './toolNames';

describe('the chat spells the tools it draws as the tools do', () => {
  it('todo_write and handoff', () => {
    expect(TODO_WRITE_TOOL_NAME).toBe(TODO_WRITE_TOOL);
    expect(HANDOFF_TOOL_NAME).toBe(HANDOFF_TOOL);
  });

  it('web_search', () => {
    expect(WEB_SEARCH_TOOL_NAME).toBe(WEB_SEARCH_TOOL);
  });
  it('the MCP tools’ prefix', () => {
    expect(MCP_CALL_PREFIX).toBe(MCP_TOOL_PREFIX);
  });
});
