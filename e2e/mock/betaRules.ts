/**
 * The mock API's side of beta tools: a request that declares web fetch or code execution,
 * or sends their blocks back, without the tool's value in its `anthropic-beta` header is
 * refused with a 400, as the API refuses a beta it was not asked for. Several betas come
 * in one header, comma-separated.
 */

/** Each beta tool: its tool type, the blocks that are its own, and the header value it needs. */
const BETA_TOOLS: ReadonlyArray<{ toolType: string; blockName: RegExp; beta: string }> = [
  { toolType: 'web_fetch_20250910', blockName: /^web_fetch/, beta: 'web-fetch-2025-09-10' },
  { toolType: 'code_execution_20250825', blockName: /code_execution/, beta: 'code-execution-2025-08-25' },
  // The MCP connector: its toolset entries and its blocks.
  { toolType: 'mcp_toolset', blockName: /^mcp_tool_(use|result)$/, beta: 'mcp-client-2025-11-20' },
];

type Block = { type?: unknown; name?: unknown };

/** The betas the request's header names. */
export function betasOf(headers: Record<string, string>): string[] {
  return (headers['anthropic-beta'] ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
}

/** What the API would refuse for a missing beta header, as its 400 message; undefined if nothing. */
export function betaProblem(
  body: Record<string, unknown>,
  headers: Record<string, string>,
): string | undefined {
  const betas = betasOf(headers);
  const tools = Array.isArray(body.tools) ? (body.tools as Block[]) : [];
  const blocks: Block[] = [];
  for (const turn of Array.isArray(body.messages) ? (body.messages as Array<{ content?: unknown }>) : []) {
    if (Array.isArray(turn.content)) blocks.push(...(turn.content as Block[]));
  }
  const connector = connectorProblem(body, betas);
  if (connector) return connector;
  for (const { toolType, blockName, beta } of BETA_TOOLS) {
    if (betas.includes(beta)) continue;
    if (tools.some((tool) => tool.type === toolType))
      return `tools: the tool type '${toolType}' requires the beta header 'anthropic-beta: ${beta}'.`;
    const block = blocks.find((b) => {
      const kind = b.type === 'server_tool_use' ? b.name : b.type;
      return typeof kind === 'string' && blockName.test(kind);
    });
    if (block)
      return `messages: the block type '${String(block.type)}' requires the beta header 'anthropic-beta: ${beta}'.`;
  }
  return undefined;
}

/**
 * The MCP connector's own rules, as the API states them: `mcp_servers` only under its beta,
 * each server https with a unique name, and each `mcp_toolset` naming one of them.
 */
function connectorProblem(body: Record<string, unknown>, betas: readonly string[]): string | undefined {
  const servers = body.mcp_servers;
  if (servers === undefined) return undefined;
  if (!betas.includes('mcp-client-2025-11-20'))
    return "mcp_servers: requires the beta header 'anthropic-beta: mcp-client-2025-11-20'.";
  if (!Array.isArray(servers)) return 'mcp_servers: Input should be a valid list.';
  const names = new Set<string>();
  for (const [index, server] of (servers as Array<Record<string, unknown>>).entries()) {
    if (server.type !== 'url') return `mcp_servers.${index}.type: Input should be 'url'.`;
    if (typeof server.url !== 'string' || !server.url.startsWith('https://'))
      return `mcp_servers.${index}.url: the URL must start with https://.`;
    if (typeof server.name !== 'string' || names.has(server.name))
      return `mcp_servers.${index}.name: each server needs a unique name.`;
    names.add(server.name);
  }
  const tools = Array.isArray(body.tools) ? (body.tools as Array<Record<string, unknown>>) : [];
  const unknown = tools.find(
    (tool) => tool.type === 'mcp_toolset' && !names.has(String(tool.mcp_server_name)),
  );
  if (unknown)
    return `tools: mcp_toolset names the server '${String(unknown.mcp_server_name)}', which mcp_servers does not define.`;
  return undefined;
}
