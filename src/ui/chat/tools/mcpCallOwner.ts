/**
 * Which server's which tool an MCP call is, for its card: told by the call's permission
 * card or progress while they are there, else by the server's listing (mcpToolOwner),
 * else read back from the model's name `mcp__<server>__<tool>` (a server removed since,
 * or not connected yet after a reload), which may show the names as fitted for the API.
 */

import type { McpServerView } from '../../../state/slices/mcp/initialState';
import { MCP_CALL_PREFIX } from './mcpCallPrefix';

export interface McpCallOwner {
  server: string;
  tool: string;
}

/**
 * Whose tool the model's name `apiName` is, while its server is set up: the server's name
 * as the user gave it and the tool's own name. Here, not among the mcp slice's selectors:
 * those are in the first load, and a function the card imported from there would be kept
 * in it.
 */
export function mcpToolOwner(servers: readonly McpServerView[], apiName: string): McpCallOwner | undefined {
  for (const server of servers) {
    const tool = server.tools.find((candidate) => candidate.apiName === apiName);
    if (tool) return { server: server.name, tool: tool.name };
  }
  return undefined;
}

export function mcpCallOwner(apiName: string, known: McpCallOwner | undefined): McpCallOwner {
  if (known) return known;
  const rest = apiName.startsWith(MCP_CALL_PREFIX) ? apiName.slice(MCP_CALL_PREFIX.length) : apiName;
  const at = rest.indexOf('__');
  if (at <= 0 || at + 2 >= rest.length) return { server: 'an MCP server', tool: rest };
  return { server: rest.slice(0, at), tool: rest.slice(at + 2) };
}

/** "echo on test": the card's name, and how announcements call it. */
export function ownerLabel(owner: McpCallOwner, show: (name: string) => string): string {
  return `${show(owner.tool)} on ${show(owner.server)}`;
}
