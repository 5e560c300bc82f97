import { describe, expect, it } from 'vitest';
import { betaProblem } from './betaRules';

const fetchTool = { type: 'web_fetch_20250910', name: 'web_fetch', max_uses: 5 };
const codeTool = { type: 'code_execution_20250825', name: 'code_execution' };

describe('the mock refuses a beta tool without its header, as the API does', () => {
  it('accepts a request with no beta tool and no header', () => {
    expect(betaProblem({ tools: [{ type: 'web_search_20250305', name: 'web_search' }] }, {})).toBeUndefined();
  });

  it('refuses a declared beta tool without its value in anthropic-beta', () => {
    expect(betaProblem({ tools: [fetchTool] }, {})).toMatch(/web-fetch-2025-09-10/);
    expect(betaProblem({ tools: [codeTool] }, { 'anthropic-beta': 'web-fetch-2025-09-10' })).toMatch(
      /code-execution-2025-08-25/,
    );
  });

  it('accepts both betas comma-separated in one header', () => {
    const headers = { 'anthropic-beta': 'web-fetch-2025-09-10, code-execution-2025-08-25' };
    expect(betaProblem({ tools: [fetchTool, codeTool] }, headers)).toBeUndefined();
  });

  it('refuses a tool’s blocks sent back without its beta', () => {
    const messages = [
      {
        role: 'assistant',
        content: [{ type: 'bash_code_execution_tool_result', tool_use_id: 's', content: {} }],
      },
    ];
    expect(betaProblem({ messages }, {})).toMatch(/bash_code_execution_tool_result/);
    expect(betaProblem({ messages }, { 'anthropic-beta': 'code-execution-2025-08-25' })).toBeUndefined();
  });

  it('refuses the MCP connector without its beta, with a server that is not https, or a toolset naming no server', () => {
    const server = { type: 'url', url: 'https://mcp.example.test/mcp', name: 'docs' };
    const toolset = { type: 'mcp_toolset', mcp_server_name: 'docs' };
    const beta = { 'anthropic-beta': 'mcp-client-2025-11-20' };
    expect(betaProblem({ mcp_servers: [server], tools: [toolset] }, beta)).toBeUndefined();
    expect(betaProblem({ mcp_servers: [server], tools: [toolset] }, {})).toMatch(/mcp-client-2025-11-20/);
    expect(
      betaProblem({ mcp_servers: [{ ...server, url: 'http://127.0.0.1:1/mcp' }], tools: [toolset] }, beta),
    ).toMatch(/https/);
    expect(
      betaProblem({ mcp_servers: [server], tools: [{ ...toolset, mcp_server_name: 'other' }] }, beta),
    ).toMatch(/'other'/);
    const messages = [
      { role: 'assistant', content: [{ type: 'mcp_tool_use', id: 'm', name: 'x', server_name: 'docs' }] },
    ];
    expect(betaProblem({ messages }, {})).toMatch(/mcp-client-2025-11-20/);
    expect(betaProblem({ messages }, beta)).toBeUndefined();
  });
});
