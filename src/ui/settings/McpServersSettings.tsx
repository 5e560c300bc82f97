/**
 * MCP servers in Settings → Tools: one row per server (McpServerRow.tsx), then Add MCP
 * server, which opens the server form (McpServerForm.tsx: Name, Server URL,
 * Authorization, Token, Timeout (seconds), Connect). Loaded with the Settings dialog's
 * Tools tab only; the actions load the McpHub.
 */
import { useState } from 'react';
import { mcpActions } from '../../state/actions/actions';
import { selectMcpServers } from '../../state/slices/mcp/selectors';
import { useBaton } from '../../state/store/useBaton';
import { McpServerForm } from './McpServerForm';
import { McpServerRow } from './McpServerRow';

export function McpServersSettings() {
  const servers = useBaton(selectMcpServers);
  const [adding, setAdding] = useState(false);
  return (
    <section aria-label="MCP servers">
      <h3>MCP servers</h3>
      <ul className="mcp-servers">
        {servers.map((server) => (
          <McpServerRow key={server.id} server={server} />
        ))}
      </ul>
      {adding ? (
        <McpServerForm
          label="Add MCP server"
          submitLabel="Connect"
          submit={async (input) => (await mcpActions()).addMcpServer(input)}
          onDone={() => setAdding(false)}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <button type="button" onClick={() => setAdding(true)}>
          Add MCP server
        </button>
      )}
    </section>
  );
}
