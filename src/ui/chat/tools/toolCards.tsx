/**
 * The second half of the tool renderer table, loaded with the first card (the fallback of
 * toolRenderers.ts): the cards of the API's server tools by their calls' names, the MCP
 * tools' card for calls named `mcp__…`, the connector's card for the MCP calls the API
 * made itself, the text editor's card, and the default card for every other tool. Kept
 * out of the first load, so a new kind of card costs the first page nothing.
 */
import type { ComponentType } from 'react';
import {
  BASH_CODE_EXECUTION_NAME,
  CODE_EXECUTION_TOOL_NAME,
  TEXT_EDITOR_CODE_EXECUTION_NAME,
  WEB_FETCH_TOOL_NAME,
} from '../../../core/session/serverTools';
import { lazyPart } from '../../lazyPart';
import { DefaultToolCard } from './DefaultToolCard';
import { MCP_CALL_PREFIX } from './mcpCallPrefix';
import { CodeExecutionCard, WebFetchCard } from './ServerToolCards';
import type { ToolCallBlock, ToolCallProps } from './toolRenderer';

/** Server tool calls by name: web fetch, and code execution's three kinds of call. */
const SERVER_TOOL_CARDS: ReadonlyMap<string, ComponentType<ToolCallProps>> = new Map([
  [WEB_FETCH_TOOL_NAME, WebFetchCard],
  [CODE_EXECUTION_TOOL_NAME, CodeExecutionCard],
  [BASH_CODE_EXECUTION_NAME, CodeExecutionCard],
  [TEXT_EDITOR_CODE_EXECUTION_NAME, CodeExecutionCard],
]);

/**
 * Its own chunk: only chats with MCP servers draw it. lazyPart itself, as lazyCall is
 * (lazyCall.ts): the first load already hands lazyPart to other chunks, while taking
 * lazyCall from it here would cost the first load a name of its own.
 */
const McpToolCard = lazyPart<ToolCallProps>(() => import('./McpToolCard').then((m) => m.McpToolCard));
const ConnectorToolCard = lazyPart<ToolCallProps>(() =>
  import('./ConnectorToolCard').then((m) => m.ConnectorToolCard),
);

/** The text editor's calls (issue 26): their own chunk, with the Files panel's small state. */
const TEXT_EDITOR_TOOL_NAME = 'str_replace_based_edit_tool';
const TextEditorCard = lazyPart<ToolCallProps>(() =>
  import('./TextEditorCard').then((m) => m.TextEditorCard),
);

/**
 * The card for a call: a server tool's own (only for calls the API ran), the MCP card for
 * a call of an MCP server's tool (only the app runs those), else the default.
 */
export function cardFor(call: ToolCallBlock): ComponentType<ToolCallProps> {
  if (call.type === 'server_tool_use') return SERVER_TOOL_CARDS.get(call.name) ?? DefaultToolCard;
  if (call.type === 'mcp_tool_use') return ConnectorToolCard;
  if (call.name === TEXT_EDITOR_TOOL_NAME) return TextEditorCard;
  return call.name.startsWith(MCP_CALL_PREFIX) ? McpToolCard : DefaultToolCard;
}

export function ToolCard(props: ToolCallProps) {
  const Card = cardFor(props.call);
  return <Card {...props} />;
}
