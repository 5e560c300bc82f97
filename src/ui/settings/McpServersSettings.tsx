/**
 * MCP servers in Settings → Tools: Add MCP server (Name, Server URL, Authorization,
 * Token, Connect), then one row per server with its summary ("Connected · N tools" or
 * the sentence why not), a checkbox per tool named by the tool's name, Reconnect and
 * Remove. Loaded with the Settings dialog's Tools tab only; the actions load the McpHub.
 */
import { useId, useState } from 'react';
import { mcpActions } from '../../state/actions/actions';
import type { McpServerView } from '../../state/slices/mcp/initialState';
import { selectMcpServers, serverSummary } from '../../state/slices/mcp/selectors';
import { useBaton } from '../../state/store/useBaton';

type Authorization = McpServerView['authorization'];

function AddServerForm({ onDone }: { onDone(): void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [authorization, setAuthorization] = useState<Authorization>('none');
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const outcome = await (await mcpActions()).addMcpServer({
      name,
      url,
      authorization,
      ...(authorization === 'bearer' && { token }),
    });
    setBusy(false);
    if (outcome.ok) onDone();
    else setProblem(outcome.message);
  };
  return (
    <fieldset className="mcp-add" aria-label="Add MCP server">
      <label htmlFor={`${id}-name`}>Name</label>
      <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} />
      <label htmlFor={`${id}-url`}>Server URL</label>
      <input
        id={`${id}-url`}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        placeholder="https://example.com/mcp"
      />
      <label htmlFor={`${id}-auth`}>Authorization</label>
      <select
        id={`${id}-auth`}
        value={authorization}
        onChange={(e) => setAuthorization(e.target.value as Authorization)}
      >
        <option value="none">None</option>
        <option value="bearer">Bearer token</option>
        <option value="oauth">OAuth</option>
      </select>
      {authorization === 'bearer' && (
        <>
          <label htmlFor={`${id}-token`}>Token</label>
          <input
            id={`${id}-token`}
            type="password"
            value={token}
            onChange={(e) => setToken(e.target.value)}
          />
        </>
      )}
      {problem && <p role="alert">{problem}</p>}
      {/* Not a form: the Settings dialog is one, and Enter there is Save. */}
      <button type="button" disabled={busy} onClick={() => void submit()}>
        Connect
      </button>
    </fieldset>
  );
}

function ServerRow({ server }: { server: McpServerView }) {
  // The box follows the click at once; the store follows once the switch is stored.
  const [switched, setSwitched] = useState<Record<string, boolean>>({});
  const act = (run: (actions: Awaited<ReturnType<typeof mcpActions>>) => Promise<unknown>) =>
    void mcpActions().then(run);
  return (
    <li className="mcp-server" aria-label={server.name}>
      <strong>{server.name}</strong> <span className="mcp-url">{server.url}</span>
      <p className="mcp-summary">{serverSummary(server)}</p>
      <ul className="mcp-tools">
        {server.tools.map((tool) => (
          <li key={tool.name}>
            <label title={tool.description}>
              <input
                type="checkbox"
                checked={switched[tool.name] ?? tool.enabled}
                onChange={(e) => {
                  const enabled = e.target.checked;
                  setSwitched((now) => ({ ...now, [tool.name]: enabled }));
                  act((a) => a.setMcpToolEnabled(server.id, tool.name, enabled));
                }}
              />
              {tool.name}
            </label>
            {tool.alwaysAllowed && (
              <button type="button" onClick={() => act((a) => a.revokeAlwaysAllow(server.id, tool.name))}>
                Ask again for {tool.name}
              </button>
            )}
          </li>
        ))}
      </ul>
      {server.leftOut.length > 0 && (
        <ul className="mcp-left-out">
          {server.leftOut.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      <button type="button" onClick={() => act((a) => a.reconnectMcpServer(server.id))}>
        {server.status.kind === 'sign_in' ? 'Sign in again' : 'Reconnect'}
      </button>
      <button type="button" onClick={() => act((a) => a.removeMcpServer(server.id))}>
        Remove
      </button>
    </li>
  );
}

export function McpServersSettings() {
  const servers = useBaton(selectMcpServers);
  const [adding, setAdding] = useState(false);
  return (
    <section aria-label="MCP servers">
      <h3>MCP servers</h3>
      <ul className="mcp-servers">
        {servers.map((server) => (
          <ServerRow key={server.id} server={server} />
        ))}
      </ul>
      {adding ? (
        <AddServerForm onDone={() => setAdding(false)} />
      ) : (
        <button type="button" onClick={() => setAdding(true)}>
          Add MCP server
        </button>
      )}
    </section>
  );
}
