/**
 * One MCP server in Settings → Tools: its name, URL and summary ("Connected · N tools" or
 * the sentence why not), a checkbox per tool named by the tool's name, and Reconnect (or
 * Sign in again), Edit and Remove. Edit opens the server's form in the row; Save and
 * reconnect stores it, Cancel closes it with nothing changed. Tool names, descriptions
 * and the sentences about them come from the server: untrusted, so shown with their
 * hidden characters revealed (a right-to-left override would make one tool read as another).
 */
import { useEffect, useRef, useState } from 'react';
import { mcpActions } from '../../state/actions/actions';
import type { McpServerView } from '../../state/slices/mcp/initialState';
import { serverSummary } from '../../state/slices/mcp/selectors';
import { shownName, shownText } from '../text/revealInvisibles';
import { McpServerForm } from './McpServerForm';

type Actions = Awaited<ReturnType<typeof mcpActions>>;

export function McpServerRow({ server }: { server: McpServerView }) {
  // The box follows the click at once; the store follows once the switch is stored.
  const [switched, setSwitched] = useState<Record<string, boolean>>({});
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Closing the form puts the focus back on Edit, where the user left from.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const act = (run: (actions: Actions) => Promise<unknown>) => void mcpActions().then(run);
  const name = shownName(server.name);
  return (
    <li className="mcp-server" aria-label={name}>
      <strong>{name}</strong> <span className="mcp-url">{server.url}</span>
      <p className="mcp-summary">{shownText(serverSummary(server))}</p>
      <ul className="mcp-tools">
        {server.tools.map((tool) => (
          <li key={tool.name}>
            <label title={shownText(tool.description)}>
              <input
                type="checkbox"
                checked={switched[tool.name] ?? tool.enabled}
                onChange={(e) => {
                  const enabled = e.target.checked;
                  setSwitched((now) => ({ ...now, [tool.name]: enabled }));
                  act((a) => a.setMcpToolEnabled(server.id, tool.name, enabled));
                }}
              />
              {shownName(tool.name)}
            </label>
            {tool.alwaysAllowed && (
              <button type="button" onClick={() => act((a) => a.revokeAlwaysAllow(server.id, tool.name))}>
                Ask again for {shownName(tool.name)}
              </button>
            )}
          </li>
        ))}
      </ul>
      {server.leftOut.length > 0 && (
        <ul className="mcp-left-out">
          {server.leftOut.map((reason) => (
            <li key={reason}>{shownText(reason)}</li>
          ))}
        </ul>
      )}
      {/* The API connects to a connector server with each request: there is no connection here to renew. */}
      {!server.connector && (
        <button type="button" onClick={() => act((a) => a.reconnectMcpServer(server.id))}>
          {server.status.kind === 'sign_in' ? 'Sign in again' : 'Reconnect'}
        </button>
      )}
      {!editing && (
        <button type="button" ref={editButton} onClick={() => setEditing(true)}>
          Edit
        </button>
      )}
      <button type="button" onClick={() => act((a) => a.removeMcpServer(server.id))}>
        Remove
      </button>
      {editing && (
        <McpServerForm
          label="Edit MCP server"
          server={server}
          submitLabel="Save and reconnect"
          submit={async (input) => (await mcpActions()).updateMcpServer(server.id, input)}
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      )}
    </li>
  );
}
