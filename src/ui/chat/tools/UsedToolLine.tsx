import { shownName } from '../../text/revealInvisibles';
import type { ToolCallProps, ToolRenderer } from './toolRenderer';

/**
 * "Used tool todo_write": one quiet line, for tools whose effect shows elsewhere (the
 * Todos panel, the handoff proposal card).
 */
function UsedToolLine({ call }: ToolCallProps) {
  return (
    <div className="tool-call">
      Used tool <code>{shownName(call.name)}</code>
    </div>
  );
}

export const USED_TOOL_LINE: ToolRenderer = { Call: UsedToolLine };
