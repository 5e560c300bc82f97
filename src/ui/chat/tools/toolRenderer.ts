/**
 * What a tool renderer is, and the lookup from a tool's name to its renderer. The chat
 * never names a tool: it asks the lookup (toolRenderers.ts holds the app's table).
 */
import type { ComponentType, ReactNode } from 'react';
import type { McpToolUseBlock, Message, ServerToolUseBlock, ToolUseBlock } from '../../../core/types/message';

/**
 * A call as a reply holds it: one of the app's tools (tool_use), one the API runs
 * (server_tool_use), or an MCP server's tool the API called itself (mcp_tool_use).
 */
export type ToolCallBlock = ToolUseBlock | ServerToolUseBlock | McpToolUseBlock;

export interface ToolCallProps {
  call: ToolCallBlock;
  /** The reply the call is in: a server tool's result is in it too. */
  message: Message;
  /** The reply is still being written. */
  streaming: boolean;
}

export interface ToolRenderer {
  /** Draws one call (and its result, once there is one). */
  Call: ComponentType<ToolCallProps>;
  /** Wraps each run of this tool's calls in one reply (web searches are one list); unset, each call stands alone. */
  List?: ComponentType<{ children: ReactNode }>;
}

export interface ToolRendererTable {
  /** Renderers for tools known by name. A Map: a tool the model names "constructor" is not Object's. */
  byName: ReadonlyMap<string, ToolRenderer>;
  /** Renderers for families of tools named at run time (an MCP server's, say), tried in order after `byName`. */
  byPattern?: ReadonlyArray<{ matches(name: string): boolean; renderer: ToolRenderer }>;
  /** For any other tool. */
  fallback: ToolRenderer;
}

export function rendererLookup(table: ToolRendererTable): (name: string) => ToolRenderer {
  return (name) =>
    table.byName.get(name) ??
    table.byPattern?.find((entry) => entry.matches(name))?.renderer ??
    table.fallback;
}
