/**
 * The API's text editor tool, run on the session's workspace (the one file tree its
 * handoff chain shares). Declared by type and name only: its commands and their schema
 * are built into the model. The facts from its docs (type, commands, result and error
 * texts) are listed at the top of textEditorTexts.ts, where they are used.
 */
import type { Tool } from '../tools/tool';
import { type FileToolOptions, runOnTree } from './fileToolOptions';
import { VIEW_MAX_CHARACTERS } from './viewLimits';

export const TEXT_EDITOR_TOOL_NAME = 'str_replace_based_edit_tool';
export const TEXT_EDITOR_TOOL_TYPE = 'text_editor_20250728';

export function createTextEditorTool(options: FileToolOptions): Tool {
  return {
    definition: {
      type: TEXT_EDITOR_TOOL_TYPE,
      name: TEXT_EDITOR_TOOL_NAME,
      description: "Views, creates and edits the files of the chain's workspace.",
      // Views stop at this many characters (the model pages on with view_range).
      max_characters: VIEW_MAX_CHARACTERS,
    },
    execute: (input, _signal, call) => runOnTree(options, 'workspace', TEXT_EDITOR_TOOL_NAME, input, call),
  };
}
