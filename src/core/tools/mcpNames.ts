/**
 * The names MCP tools go to the model under: `mcp__<server>__<tool>`, fitted to the
 * Messages API's rule for tool names. Characters outside [A-Za-z0-9_-] become `_`; a
 * name over 64 characters keeps its start and ends in a hash of the whole original, so
 * the same tool always gets the same name. Two tools that would share a name cannot
 * both be offered: one keeps it (the one whose name needed no change, else the first in
 * a fixed order) and the others are refused with a sentence that names both. So the
 * mapping is injective on what it accepts, whatever order the tools come in.
 */

export const API_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
export const MCP_TOOL_PREFIX = 'mcp__';
const MAX_LENGTH = 64;
const HASH_LENGTH = 8;

/** A tool as a server offers it: the server's name as the user gave it, the tool's as the server does. */
export interface McpToolRef {
  server: string;
  tool: string;
}

export interface MappedMcpTool extends McpToolRef {
  /** The name the model sees and calls. */
  apiName: string;
}

export interface RefusedMcpTool extends McpToolRef {
  /** A sentence for the server's row: which tool, and why it is not offered. */
  reason: string;
}

export interface McpNameMapping {
  mapped: MappedMcpTool[];
  refused: RefusedMcpTool[];
}

/** 32-bit FNV-1a over UTF-16 code units, as 8 hex digits: short, stable, no dependencies. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return (value >>> 0).toString(16).padStart(HASH_LENGTH, '0');
}

/** The name before any fitting: what the tool would be called if every name were allowed. */
export function rawMcpName({ server, tool }: McpToolRef): string {
  return `${MCP_TOOL_PREFIX}${server}__${tool}`;
}

/** The API name for one tool, without looking at any other tool. */
export function mcpApiName(ref: McpToolRef): string {
  const replaced = rawMcpName(ref).replace(/[^a-zA-Z0-9_-]/g, '_');
  if (replaced.length <= MAX_LENGTH) return replaced;
  // The hash covers both parts apart, so `a`+`b__c` and `a__b`+`c` shorten differently.
  return `${replaced.slice(0, MAX_LENGTH - HASH_LENGTH - 1)}_${hash(`${ref.server}\u0000${ref.tool}`)}`;
}

const toolLabel = ({ server, tool }: McpToolRef) => `tool "${tool}" of server "${server}"`;

/** Exact names first, then by server and tool: which of two colliding tools keeps the name. */
function precedence(a: MappedMcpTool, b: MappedMcpTool): number {
  const exactA = rawMcpName(a) === a.apiName ? 0 : 1;
  const exactB = rawMcpName(b) === b.apiName ? 0 : 1;
  if (exactA !== exactB) return exactA - exactB;
  if (a.server !== b.server) return a.server < b.server ? -1 : 1;
  if (a.tool !== b.tool) return a.tool < b.tool ? -1 : 1;
  return 0;
}

/**
 * Maps every tool of every connected server at once (collisions can cross servers:
 * server `a__b` with tool `c` and server `a` with tool `b__c`). `taken` holds names
 * already in use (built-in tools); a tool that would take one is refused.
 */
export function mapMcpToolNames(tools: readonly McpToolRef[], taken: Iterable<string> = []): McpNameMapping {
  const refused: RefusedMcpTool[] = [];
  const reserved = new Set(taken);
  const candidates: MappedMcpTool[] = [];
  const seen = new Set<string>();
  for (const ref of tools) {
    const key = `${ref.server}\u0000${ref.tool}`;
    if (ref.server === '' || ref.tool === '') {
      refused.push({
        ...ref,
        reason: `A tool of server "${ref.server}" has no name, so it cannot be offered.`,
      });
    } else if (seen.has(key)) {
      refused.push({ ...ref, reason: `The ${toolLabel(ref)} is listed twice; it is offered once.` });
    } else {
      seen.add(key);
      candidates.push({ ...ref, apiName: mcpApiName(ref) });
    }
  }

  const mapped: MappedMcpTool[] = [];
  const owners = new Map<string, MappedMcpTool>();
  for (const candidate of [...candidates].sort(precedence)) {
    const owner = owners.get(candidate.apiName);
    const { server, tool } = candidate;
    if (reserved.has(candidate.apiName)) {
      refused.push({
        server,
        tool,
        reason: `The ${toolLabel(candidate)} is left out: its name for the model, "${candidate.apiName}", is already used by another tool.`,
      });
    } else if (owner) {
      refused.push({
        server,
        tool,
        reason: `The ${toolLabel(candidate)} is left out: its name for the model, "${candidate.apiName}", is the same as that of ${toolLabel(owner)}. Rename one of them to use both.`,
      });
    } else {
      owners.set(candidate.apiName, candidate);
      mapped.push(candidate);
    }
  }
  // Back in the order the tools came in, so a server's list reads as the server sent it.
  const order = new Map(candidates.map((candidate, index) => [candidate, index]));
  mapped.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  return { mapped, refused };
}
