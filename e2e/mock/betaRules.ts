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
