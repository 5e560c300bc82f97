/**
 * A call of the text editor tool (`str_replace_based_edit_tool`, issue 26), compact: its
 * command and path, a click opening the file in the Files panel. A call that created or
 * changed an HTML or SVG file also shows a card with the file's name that opens its
 * Preview. Its own chunk (toolCards.tsx), with the panel's small state.
 */
import { useBaton } from '../../../state/store/useBaton';
import { shownText } from '../../text/revealInvisibles';
import { fileName } from '../../workspace/fileTreeModel';
import { isPreviewable } from '../../workspace/previewDocument';
import type { ToolCallProps } from './toolRenderer';
import { toolResultOf } from './toolResult';

/** Commands that write a file (view only reads). */
const WRITES = new Set(['create', 'str_replace', 'insert']);

/** Opens the Files panel on `path` (the status line's chunk holds the panel's state: see laterControls.ts). */
function openFile(path: string, preview = false): void {
  void import('../../laterControls').then((m) => m.openFilesPanel(path, preview));
}

function field(input: unknown, name: string): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const value = (input as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

export function TextEditorCard({ call, streaming }: ToolCallProps) {
  const result = useBaton((s) => (call.type === 'tool_use' ? toolResultOf(s.entries, call.id) : undefined));
  const command = field(call.input, 'command') ?? '?';
  const given = field(call.input, 'path');
  // The tools take paths from the workspace root, with or without the leading `/`.
  const path = given === undefined ? undefined : given.startsWith('/') ? given : `/${given}`;
  const failed = result?.is_error === true;
  const previewable = path !== undefined && !failed && WRITES.has(command) && isPreviewable(path) && !!result;
  return (
    <div className="tool-call tool-card text-editor-card">
      {path === undefined ? (
        <span>
          Text editor <code>{shownText(command)}</code>
        </span>
      ) : (
        <button type="button" className="link-button" onClick={() => openFile(path)}>
          Text editor <code>{shownText(command)}</code> <code>{shownText(path)}</code>
        </button>
      )}
      {failed && <span> · failed</span>}
      {!result && streaming && <span> · running…</span>}
      {previewable && (
        <button type="button" className="text-editor-preview" onClick={() => openFile(path, true)}>
          Preview {shownText(fileName(path))}
        </button>
      )}
    </div>
  );
}
