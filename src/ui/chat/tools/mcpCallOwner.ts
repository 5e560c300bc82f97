/**
 * Which server's which tool an MCP call is, for its card: told by the call's permission
 * card or progress while they are there, else by the server's listing (mcpToolOwner),
 * else read back from the model's name `mcp__<server>__<tool>` (a server removed since,
 * or not connected yet after a reload), which may show the names as fitted for the API.
 */
import { MCP_TOOL_PREFIX } from '../../../core/tools/mcpNames';

export interface McpCallOwner {
  server: string;
  tool: string;
}

export function mcpCallOwner(apiName: string, known: McpCallOwner | undefined): McpCallOwner {
  if (known) return known;
  const rest = apiName.startsWith(MCP_TOOL_PREFIX) ? apiName.slice(MCP_TOOL_PREFIX.length) : apiName;
  const at = rest.indexOf('__');
  if (at <= 0 || at + 2 >= rest.length) return { server: 'an MCP server', tool: rest };
  return { server: rest.slice(0, at), tool: rest.slice(at + 2) };
}

/** "echo on test": the card's name, and how announcements call it. */
export function ownerLabel(owner: McpCallOwner, show: (name: string) => string): string {
  return `${show(owner.tool)} on ${show(owner.server)}`;
}
