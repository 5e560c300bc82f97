import type { Message } from '../../../core/types/message';
import { useBaton } from '../../../state/store/useBaton';
import { PlainText } from '../../text/PlainText';
import { shownName, shownText } from '../../text/revealInvisibles';
import type { ToolCallBlock, ToolCallProps } from './toolRenderer';
import { toolResultOf } from './toolResult';
import { isLong, shownValue } from './toolValue';

interface ShownResult {
  text: string;
  error: boolean;
}

/**
 * The call's result: an app tool's comes back in the next entry, a server tool's is in
 * the reply itself, next to the call.
 */
function useToolResult(call: ToolCallBlock, message: Message): ShownResult | undefined {
  const stored = useBaton((s) => (call.type === 'tool_use' ? toolResultOf(s.entries, call.id) : undefined));
  if (stored) return { text: shownValue(stored.content), error: stored.is_error === true };
  const inReply = message.content.find(
    (block) => block.type !== 'tool_result' && 'tool_use_id' in block && block.tool_use_id === call.id,
  );
  if (!inReply) return undefined;
  const content = 'content' in inReply ? inReply.content : inReply;
  return { text: shownValue(content), error: false };
}

/**
 * Any tool without a renderer of its own: its name, then what it was given and what it
 * returned. A long input or result starts collapsed to the name.
 */
export function DefaultToolCard({ call, message, streaming }: ToolCallProps) {
  const result = useToolResult(call, message);
  // Input and result are the model's and the tool's: hidden characters are shown.
  const input = shownText(shownValue(call.input));
  const long = isLong(input) || (result !== undefined && isLong(result.text));
  return (
    <div className="tool-call tool-card">
      <details open={!long}>
        <summary>
          Used tool <code>{shownName(call.name)}</code>
          {result?.error && ' · failed'}
        </summary>
        <div className="tool-card-label">Input</div>
        <pre className="tool-card-text">
          <PlainText text={input} />
        </pre>
        <div className="tool-card-label">{result?.error ? 'Error' : 'Result'}</div>
        {result ? (
          <pre className="tool-card-text">
            <PlainText text={shownText(result.text)} />
          </pre>
        ) : (
          <div className="tool-card-pending">{streaming ? 'Running…' : 'No result yet.'}</div>
        )}
      </details>
    </div>
  );
}
