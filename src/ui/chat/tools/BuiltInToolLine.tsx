/**
 * A call of a built-in tool whose effect shows elsewhere (todo_write in the Todos panel,
 * handoff in its proposal card): one quiet line, "Used tool todo_write · Done", that
 * unfolds to what the model gave it and what it answered. Its own small chunk, loaded
 * with the first such call drawn (toolRenderers.ts).
 */
import { useBaton } from '../../../state/store/useBaton';
import { PlainText } from '../../text/PlainText';
import { shownName, shownText } from '../../text/revealInvisibles';
import type { ToolCallProps } from './toolRenderer';
import { toolResultOf } from './toolResult';
import { shownValue } from './toolValue';

/** Where the call stands: answered (well or not), still going with the reply's turn, or ended without an answer. */
function statusWord(result: { is_error?: boolean } | undefined, live: boolean): string {
  if (result) return result.is_error === true ? 'Failed' : 'Done';
  return live ? 'Running' : 'No result';
}

export function BuiltInToolLine({ call, streaming }: ToolCallProps) {
  const result = useBaton((s) => toolResultOf(s.entries, call.id));
  const live = useBaton((s) => streaming || s.isStreaming);
  return (
    <details className="tool-call tool-line">
      <summary>
        Used tool <code>{shownName(call.name)}</code> · {statusWord(result, live)}
      </summary>
      <div className="tool-card-label">Input</div>
      <pre className="tool-card-text">
        <PlainText text={shownText(shownValue(call.input))} />
      </pre>
      <div className="tool-card-label">{result?.is_error ? 'Error' : 'Result'}</div>
      {result ? (
        <pre className="tool-card-text">
          <PlainText text={shownText(shownValue(result.content))} />
        </pre>
      ) : (
        <div className="tool-card-pending">{live ? 'No result yet.' : 'No result.'}</div>
      )}
    </details>
  );
}
