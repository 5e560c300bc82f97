/**
 * A call the API made itself to an MCP server the user set to "Let the API connect" (the
 * MCP connector): the tool and its server, that the API ran it, and its state, read from
 * the reply alone (the call and its result are both the API's blocks in it): running
 * while the reply is written, then Done or Failed with the server's sentence. Unfolds to
 * the arguments and the result. What the server and the model wrote is drawn as text with
 * its hidden characters shown. In the MCP card's chunk (toolCards.tsx).
 */
import { connectorResultText } from '../../../core/session/mcpConnectorBlocks';
import type { McpToolResultBlock } from '../../../core/types/message';
import { shownName, shownText } from '../../text/revealInvisibles';
import { CallDetails } from './CallDetails';
import { mcpCallStatus, statusLabel } from './mcpCallStatus';
import { ResultText } from './ResultText';
import type { ToolCallProps } from './toolRenderer';
import { shownValue } from './toolValue';
import './mcpToolCard.css';

export function ConnectorToolCard({ call, message, streaming }: ToolCallProps) {
  if (call.type !== 'mcp_tool_use') return null;
  const result = message.content.find(
    (block): block is McpToolResultBlock => block.type === 'mcp_tool_result' && block.tool_use_id === call.id,
  );
  const text = result ? connectorResultText(result) : undefined;
  const status = mcpCallStatus({
    ...(result && { result: { content: text ?? '', ...(result.is_error === true && { is_error: true }) } }),
    waiting: false,
    live: streaming,
    asked: false,
    ran: false,
    others: false,
  });
  const label = `${shownName(call.name)} on ${shownName(call.server_name)}`;
  const args = shownText(shownValue(call.input ?? {}));
  return (
    <section className="tool-call tool-card mcp-tool-card" aria-label={label}>
      <div className="mcp-tool-head">
        <code>{shownName(call.name)}</code>{' '}
        <span className="muted">on {shownName(call.server_name)}, run by the API</span>
        {' · '}
        <span className="mcp-tool-status" data-status={status.kind}>
          {status.kind === 'starting' ? 'Running on the API' : statusLabel(status, 0, shownName)}
        </span>
      </div>
      <CallDetails args={args} error={result?.is_error === true}>
        {text !== undefined ? (
          <ResultText text={shownText(text)} />
        ) : (
          <div className="tool-card-pending">{streaming ? 'No result yet.' : 'No result.'}</div>
        )}
      </CallDetails>
    </section>
  );
}
