/**
 * Which tools the work of a conversation used, for the handoff instruction (issue 25,
 * "Handoff: the handoff prompt tells the model which tools the work used"): MCP tools
 * grouped by their server, the API's server tools (web search, web fetch, code
 * execution), and any other client tool, each with how often it was called. The new
 * session offers the same tools (servers and switches are the app's, not the session's),
 * so the document can say which to call again for what.
 */
import { RECALL_TOOL_NAME } from '../recall/recallToolName';
import { CODE_EXECUTION_TOOL_NAME } from '../session/serverTools';
import { TODO_WRITE_TOOL_NAME } from '../todos/todoWriteTool';
import { MCP_TOOL_PREFIX } from '../tools/mcpNames';
import type { ApiMessage } from '../types/agentMessage';
import { HANDOFF_TOOL_NAME } from './handoffTool';

/** A tool by the name the model calls it, and how many calls of it the conversation holds. */
export interface ToolUse {
  name: string;
  calls: number;
}

export interface McpServerUse {
  /** The server's part of the tools' names (`mcp__<server>__…`). */
  server: string;
  tools: ToolUse[];
}

export interface ToolsUsed {
  /** MCP tools whose server their name tells, grouped by it, in order of first call. */
  mcp: McpServerUse[];
  /**
   * MCP tools whose name does not tell the server for sure: shortened with a hash, or
   * with `__` in more than one place (server `a__b` with tool `c`, or server `a` with
   * tool `b__c`). Named whole: the new session offers them under the same name.
   */
  mcpUnattributed: ToolUse[];
  /** The API's server tools, by the name a request declares them under. */
  server: ToolUse[];
  /** Client tools that are neither MCP nor Baton's bookkeeping (the API's text editor, memory). */
  other: ToolUse[];
}

/**
 * Baton's own bookkeeping, left out of the list: they keep the todo list, search earlier
 * sessions and propose a handoff, not do the work the document is about; every session
 * has them whatever was switched on, and what they hold reaches the document anyway (the
 * todos and recalled facts are in the conversation). Listing them would only invite the
 * model to write about the bookkeeping instead of the work.
 */
const BOOKKEEPING_TOOLS: ReadonlySet<string> = new Set([
  TODO_WRITE_TOOL_NAME,
  RECALL_TOOL_NAME,
  HANDOFF_TOOL_NAME,
]);

/**
 * Code execution's calls are named by what they do (a shell command, a file edit), but
 * a request declares and switches on one tool, `code_execution`: named as declared.
 */
const SERVER_TOOL_CALL_NAMES: Readonly<Record<string, string>> = {
  bash_code_execution: CODE_EXECUTION_TOOL_NAME,
  text_editor_code_execution: CODE_EXECUTION_TOOL_NAME,
};

export function toolsUsed(messages: readonly ApiMessage[]): ToolsUsed {
  const mcp = new Map<string, Map<string, number>>();
  const unattributed = new Map<string, number>();
  const server = new Map<string, number>();
  const other = new Map<string, number>();
  const count = (tally: Map<string, number>, name: string) => tally.set(name, (tally.get(name) ?? 0) + 1);
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const block of message.content) {
      if (block.type === 'server_tool_use') count(server, SERVER_TOOL_CALL_NAMES[block.name] ?? block.name);
      if (block.type !== 'tool_use' || BOOKKEEPING_TOOLS.has(block.name)) continue;
      if (!block.name.startsWith(MCP_TOOL_PREFIX)) {
        count(other, block.name);
        continue;
      }
      const owner = serverOf(block.name);
      if (owner === undefined) count(unattributed, block.name);
      else {
        const tools = mcp.get(owner) ?? new Map<string, number>();
        mcp.set(owner, count(tools, block.name));
      }
    }
  }
  return {
    mcp: [...mcp].map(([name, tools]) => ({ server: name, tools: uses(tools) })),
    mcpUnattributed: uses(unattributed),
    server: uses(server),
    other: uses(other),
  };
}

export function usedAnyTool(used: ToolsUsed): boolean {
  return used.mcp.length + used.mcpUnattributed.length + used.server.length + used.other.length > 0;
}

/**
 * The server part of `mcp__<server>__<tool>`, when the name says it for sure: exactly one
 * `__` after the prefix, with something on both sides, and no `___` (server `a_` with tool
 * `b` and server `a` with tool `_b` both give `mcp__a___b`). core/tools/mcpNames.ts maps
 * names one way only, and the server a name came from is not kept with the call.
 */
function serverOf(name: string): string | undefined {
  const rest = name.slice(MCP_TOOL_PREFIX.length);
  if (rest.includes('___')) return undefined;
  const parts = rest.split('__');
  if (parts.length !== 2) return undefined;
  const [owner, tool] = parts;
  return owner && tool ? owner : undefined;
}

function uses(tally: Map<string, number>): ToolUse[] {
  return [...tally].map(([name, calls]) => ({ name, calls }));
}
