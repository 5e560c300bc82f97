import { describe, expect, it } from 'vitest';
import { MCP_TOOL_PREFIX } from '../../core/tools/mcpNames';
import { DEMO_MCP_PREFIX, demoMcpTools, findNamedMcpTool } from './mcpToolMatch';

const tool = (name: string, description = '') => ({ name, description, inputSchema: { type: 'object' } });

describe('demoMcpTools', () => {
  it('knows MCP tools by the prefix mcpNames.ts gives them', () => {
    expect(DEMO_MCP_PREFIX).toBe(MCP_TOOL_PREFIX);
  });

  it('keeps only MCP tools, with the names from Baton’s description tag', () => {
    const tools = demoMcpTools([
      tool('todo_write'),
      tool(
        'mcp__my_srv__get_issue',
        'The tool "get.issue" of the MCP server "my.srv".\n<mcp-tool-description server="my.srv" tool="get.issue">\nGets an issue.\n</mcp-tool-description>',
      ),
    ]);
    expect(tools.map(({ name, server, tool: own }) => ({ name, server, own }))).toEqual([
      { name: 'mcp__my_srv__get_issue', server: 'my.srv', own: 'get.issue' },
    ]);
  });

  it('reads escaped attribute values back, and falls back on the API name without a tag', () => {
    const [escaped, plain] = demoMcpTools([
      tool(
        'mcp__a__b',
        '<mcp-tool-description server="R&amp;D" tool="say &quot;hi&quot;">\nx\n</mcp-tool-description>',
      ),
      tool('mcp__files__read__all', 'Reads.'),
    ]);
    expect(escaped).toMatchObject({ server: 'R&D', tool: 'say "hi"' });
    expect(plain).toMatchObject({ server: 'files', tool: 'read__all' });
  });
});

describe('findNamedMcpTool', () => {
  const tools = demoMcpTools([tool('mcp__t__echo'), tool('mcp__t__echo-twice'), tool('mcp__t__list')]);

  it('finds the first name in the text, a longer one at the same place, and what follows it', () => {
    expect(findNamedMcpTool(tools, 'Please LIST them, then echo')).toMatchObject({
      tool: { name: 'mcp__t__list' },
      rest: ' them, then echo',
    });
    expect(findNamedMcpTool(tools, 'echo-twice hi')).toMatchObject({
      tool: { name: 'mcp__t__echo-twice' },
      rest: ' hi',
    });
    expect(findNamedMcpTool(tools, 'echo-thrice hi')).toMatchObject({ tool: { name: 'mcp__t__echo' } });
  });

  it('needs whole words: letters, digits and underscores continue a name', () => {
    for (const text of ['echoes', 'echo2', 'my_echo', 'listen', 'éecho', 'reecho']) {
      expect(findNamedMcpTool(tools, text), text).toBeUndefined();
    }
    expect(findNamedMcpTool(tools, '(echo)')).toMatchObject({ tool: { name: 'mcp__t__echo' } });
  });
});
