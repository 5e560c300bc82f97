import { Fragment } from 'react';
import type { Message } from '../../../core/types/message';
import type { ToolCallBlock } from './toolRenderer';
import { TOOL_CARD, toolRendererFor } from './toolRenderers';
import './toolCalls.css';

/** Consecutive calls of one tool, which its renderer may draw as one list. */
function runsOf(calls: readonly ToolCallBlock[]): ToolCallBlock[][] {
  const runs: ToolCallBlock[][] = [];
  for (const call of calls) {
    const last = runs.at(-1);
    if (last?.[0]?.name === call.name) last.push(call);
    else runs.push([call]);
  }
  return runs;
}

/**
 * The reply's calls of one kind, each drawn by its tool's renderer: `server_tool_use`
 * for the tools the API runs while it writes (web search), `mcp_tool_use` for the MCP
 * servers' tools it calls itself (the connector), `tool_use` for the app's own, run once
 * the reply is done.
 */
export function ToolCalls({
  message,
  streaming,
  kind,
}: {
  message: Message;
  streaming: boolean;
  kind: ToolCallBlock['type'];
}) {
  const calls = message.content.filter((block): block is ToolCallBlock => block.type === kind);
  if (calls.length === 0) return null;
  return runsOf(calls).map((run) => {
    const first = run[0];
    if (!first) return null;
    // An MCP call the API made is named by its server's tool: never one of Baton's own names.
    const { Call, List } = kind === 'mcp_tool_use' ? TOOL_CARD : toolRendererFor(first.name);
    const drawn = run.map((call) => (
      <Call key={call.id} call={call} message={message} streaming={streaming} />
    ));
    return List ? <List key={first.id}>{drawn}</List> : <Fragment key={first.id}>{drawn}</Fragment>;
  });
}
