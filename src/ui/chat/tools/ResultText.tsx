/**
 * A tool's result as text, cut to its start when long, with a button that draws it whole
 * (the MCP cards). The text is a server's: drawn as text, never as markup.
 */
import { useState } from 'react';
import { PlainText } from '../../text/PlainText';
import { resultPreview } from './mcpCallStatus';

/** A result, cut to its start when long, with a button that draws it whole. */
export function ResultText({ text }: { text: string }) {
  const [whole, setWhole] = useState(false);
  const preview = resultPreview(text);
  const shown = whole || !preview.cut ? text : preview.text;
  return (
    <>
      <pre className="tool-card-text">
        <PlainText text={shown} />
      </pre>
      {preview.cut && !whole && (
        <div className="mcp-tool-cut">
          <span className="muted">
            Showing {preview.text.length.toLocaleString('en-US')} of {text.length.toLocaleString('en-US')}{' '}
            characters.
          </span>{' '}
          <button type="button" className="link-button" onClick={() => setWhole(true)}>
            Show all
          </button>
        </div>
      )}
    </>
  );
}
