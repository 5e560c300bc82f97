/**
 * The form of Add MCP server and of a server's Edit: Name, Server URL, Authorization,
 * Token (with Bearer token), Timeout (seconds) and Let the API connect (with what it means). Editing, it starts from the server as
 * stored, except the token: a stored one is said to be there and never shown, and a
 * Token left blank keeps it. A refusal (a bad timeout here, anything else from the hub)
 * is one sentence under the fields, and what was typed stays as it was.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { McpOutcome, McpServerInput } from '../../state/actions/mcpActions';
import { parseTimeoutSeconds, timeoutText } from '../../state/mcp/timeoutInput';
import type { McpServerView } from '../../state/slices/mcp/initialState';
import { shownText } from '../text/revealInvisibles';

type Authorization = McpServerView['authorization'];

export interface McpServerFormProps {
  /** The group's name: "Add MCP server" or "Edit MCP server". */
  label: string;
  /** Editing: the server as it is now. */
  server?: McpServerView;
  /** The button that stores and connects: "Connect" or "Save and reconnect". */
  submitLabel: string;
  submit(input: McpServerInput): Promise<McpOutcome>;
  /** Stored: the form may close. */
  onDone(): void;
  onCancel(): void;
}

export function McpServerForm({ label, server, submitLabel, submit, onDone, onCancel }: McpServerFormProps) {
  const id = useId();
  const [name, setName] = useState(server?.name ?? '');
  const [url, setUrl] = useState(server?.url ?? '');
  const [authorization, setAuthorization] = useState<Authorization>(server?.authorization ?? 'none');
  const [token, setToken] = useState('');
  const [seconds, setSeconds] = useState(timeoutText(server?.timeoutMs));
  const [connector, setConnector] = useState(server?.connector === true);
  const [problem, setProblem] = useState<{ message: string; timeout: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const nameField = useRef<HTMLInputElement>(null);
  // Opened by Add MCP server or Edit: the typing starts at Name.
  useEffect(() => {
    nameField.current?.focus();
  }, []);
  const tokenStored = server?.hasToken === true && authorization === 'bearer';

  const run = async () => {
    if (busy) return;
    const parsed = parseTimeoutSeconds(seconds);
    if (!parsed.ok) {
      setProblem({ message: parsed.message, timeout: true });
      return;
    }
    setBusy(true);
    setProblem(null);
    const outcome = await submit({
      name,
      url,
      authorization,
      // Blank is "keep the stored token" when editing, and "missing" when adding.
      ...(authorization === 'bearer' && token.trim() !== '' && { token }),
      timeoutMs: parsed.timeoutMs,
      connector,
    });
    setBusy(false);
    if (outcome.ok) onDone();
    else setProblem({ message: outcome.message, timeout: false });
  };
  // Not a form: the Settings dialog is one, and Enter there would be its Save (closing the
  // dialog over what was typed here). Enter in a field of this group is this group's button.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    void run();
  };

  return (
    <fieldset className="mcp-add" aria-label={label} onKeyDown={onKeyDown}>
      <label htmlFor={`${id}-name`}>Name</label>
      <input id={`${id}-name`} ref={nameField} value={name} onChange={(e) => setName(e.target.value)} />
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
            autoComplete="off"
            value={token}
            onChange={(e) => setToken(e.target.value)}
            placeholder={tokenStored ? 'Stored (not shown)' : undefined}
            aria-describedby={tokenStored ? `${id}-token-hint` : undefined}
          />
          {tokenStored && (
            <p id={`${id}-token-hint`} className="muted">
              A token is stored. Leave Token blank to keep it, or paste a new one to replace it.
            </p>
          )}
        </>
      )}
      <label htmlFor={`${id}-timeout`}>Timeout (seconds)</label>
      <input
        id={`${id}-timeout`}
        inputMode="numeric"
        value={seconds}
        onChange={(e) => setSeconds(e.target.value)}
        aria-invalid={problem?.timeout === true}
        aria-describedby={`${id}-timeout-hint`}
      />
      <p id={`${id}-timeout-hint`} className="muted">
        How long a tool call may wait for the server's answer before it is cancelled.
      </p>
      <label className="mcp-connector">
        <input
          type="checkbox"
          checked={connector}
          onChange={(e) => setConnector(e.target.checked)}
          aria-describedby={`${id}-connector-hint`}
        />
        Let the API connect
      </label>
      <p id={`${id}-connector-hint`} className="muted">
        For a public https server that does not accept requests from this page. The API then connects to it
        with each request and runs its tools without asking you first, and a token is sent to the API.
      </p>
      {/* A hub sentence can quote a tool's name, which the server chose. */}
      {problem && <p role="alert">{shownText(problem.message)}</p>}
      <button type="button" disabled={busy} onClick={() => void run()}>
        {submitLabel}
      </button>
      <button type="button" disabled={busy} onClick={onCancel}>
        Cancel
      </button>
    </fieldset>
  );
}
