/**
 * One MCP tool call waiting for the user: which server wants to run which tool, with
 * what arguments, and Allow once, Always allow or Deny. Nothing has been sent to the
 * server yet; the gate (core/tools/permission) holds the call until the answer comes.
 * The server's name, the tool's name and the arguments are untrusted (a server and the
 * model write them): drawn as text, with hidden characters shown.
 */
import { useEffect, useRef, useState } from 'react';
import { mcpActions } from '../../../state/actions/actions';
import type { PermissionAnswer } from '../../../state/actions/mcpActions';
import type { ToolPermissionRequest } from '../../../state/slices/mcp/initialState';
import { PlainText } from '../../text/PlainText';
import { shownName, shownText } from '../../text/revealInvisibles';
import { isLong, shownValue } from '../tools/toolValue';
import { focusWithoutStealing } from './focusWithoutStealing';

export function ToolPermissionCard({ request, first }: { request: ToolPermissionRequest; first: boolean }) {
  const [answering, setAnswering] = useState(false);
  // The guard itself is a ref: a second click can come before the disabled buttons are drawn.
  const sending = useRef(false);
  const [problem, setProblem] = useState<string | null>(null);
  const allowOnce = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Only the first card takes the focus, and only when nobody was using it.
    if (first) focusWithoutStealing(allowOnce.current);
  }, [first]);

  const answer = async (choice: PermissionAnswer) => {
    // One answer per call: a double click must not answer twice.
    if (sending.current) return;
    sending.current = true;
    setAnswering(true);
    setProblem(null);
    const outcome = await (await mcpActions()).answerToolPermission(request.callId, choice);
    // On success the card goes with the request; otherwise say why and let the user try again.
    if (!outcome.ok) {
      sending.current = false;
      setProblem(outcome.message);
      setAnswering(false);
    }
  };

  const args = shownText(shownValue(request.input ?? {}));
  const noArgs = args === '{}';
  return (
    <fieldset className="tool-permission" aria-label="Tool permission">
      <p>
        The MCP server <strong>{shownName(request.serverName)}</strong> wants to run the tool{' '}
        <code>{shownName(request.tool)}</code>.
      </p>
      {noArgs ? (
        <p className="muted">No arguments.</p>
      ) : (
        // Long arguments start collapsed, so the buttons stay in view.
        <details open={!isLong(args)}>
          <summary>Arguments</summary>
          <pre className="tool-permission-args">
            <PlainText text={args} />
          </pre>
        </details>
      )}
      {problem && <p role="alert">{problem}</p>}
      <div className="tool-permission-actions">
        <button
          ref={allowOnce}
          type="button"
          className="primary"
          disabled={answering}
          onClick={() => void answer('allow_once')}
        >
          Allow once
        </button>
        <button type="button" disabled={answering} onClick={() => void answer('always_allow')}>
          Always allow
        </button>
        <button type="button" disabled={answering} onClick={() => void answer('deny')}>
          Deny
        </button>
      </div>
    </fieldset>
  );
}
