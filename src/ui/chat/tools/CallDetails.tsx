/**
 * An MCP call's card body, folded: "Arguments and result" unfolds to the call's arguments
 * (or that there are none) and, under Result or Error, what the card gives as its result.
 * Shared by the browser's MCP calls (McpToolCard) and the API's (ConnectorToolCard).
 */
import type { ReactNode } from 'react';
import { PlainText } from '../../text/PlainText';

export function CallDetails({
  args,
  error,
  children,
}: {
  args: string;
  error: boolean;
  children: ReactNode;
}) {
  return (
    <details>
      <summary>Arguments and result</summary>
      <div className="tool-card-label">Arguments</div>
      {args === '{}' ? (
        <div className="tool-card-pending">No arguments.</div>
      ) : (
        <pre className="tool-card-text">
          <PlainText text={args} />
        </pre>
      )}
      <div className="tool-card-label">{error ? 'Error' : 'Result'}</div>
      {children}
    </details>
  );
}
