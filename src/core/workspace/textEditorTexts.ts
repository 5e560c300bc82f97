/**
 * The text editor tool's words. From its docs (platform.claude.com/docs/en/agents-and-tools/
 * tool-use/text-editor-tool, read for issue 26):
 * - declared as `{ type: 'text_editor_20250728', name: 'str_replace_based_edit_tool' }`,
 *   schema-less (the schema is built into the model); optional `max_characters` truncates
 *   views (20250728 and later). No beta header. Commands: view (path, optional
 *   view_range [start, end], 1-based, -1 = to the end; a directory lists its contents),
 *   str_replace (path, old_str, new_str), create (path, file_text), insert (path,
 *   insert_line: the line after which, 0 = the start; insert_text). undo_edit is gone
 *   since text_editor_20250429.
 * - View result: file lines with their numbers prepended, as "1: def is_prime(n):".
 * - str_replace success: "Successfully replaced text at exactly one location."
 * - Errors: "Error: File not found"; "Error: Found 3 matches for replacement text. Please
 *   provide more context to make a unique match."; "Error: No match found for
 *   replacement. Please check your text and try again."; "Error: Permission denied.
 *   Cannot write to file." (not used: nothing is read-only here).
 * The docs give no text for create's and insert's success, an insert line out of range or
 * a directory listing: those are the memory tool's documented ones (its docs say it
 * follows the text editor's error patterns), so a model reads the same words from both.
 */
import { truncationNote } from './textCommands';
import type { ToolTexts } from './toolTexts';

const FILE_NOT_FOUND = 'Error: File not found';

export const textEditorTexts: ToolTexts = {
  commands: ['view', 'create', 'str_replace', 'insert'],
  fileView: (_path, slice) =>
    slice.lines.map((line, i) => `${slice.first + i}: ${line}`).join('\n') + truncationNote(slice),
  viewMissing: () => FILE_NOT_FOUND,
  editMissing: () => FILE_NOT_FOUND,
  created: (path) => `File created successfully at: ${path}`,
  replaced: () => 'Successfully replaced text at exactly one location.',
  noMatch: () => 'Error: No match found for replacement. Please check your text and try again.',
  severalMatches: (_path, _oldStr, lines) =>
    `Error: Found ${lines.length} matches for replacement text. Please provide more context to make a unique match.`,
  inserted: (path) => `The file ${path} has been edited.`,
  insertLineOutOfRange: (insertLine, lines) =>
    `Error: Invalid \`insert_line\` parameter: ${insertLine}. It should be within the range of lines of the file: [0, ${lines}]`,
  tooManyLines: (path) => `File ${path} exceeds maximum line limit of 999,999 lines.`,
  // The text editor has no delete or rename; these are never reached through it.
  deleted: (path) => `Successfully deleted ${path}`,
  deleteMissing: () => FILE_NOT_FOUND,
  renamed: (oldPath, newPath) => `Successfully renamed ${oldPath} to ${newPath}`,
  renameMissing: () => FILE_NOT_FOUND,
  destinationExists: (newPath) => `Error: The destination ${newPath} already exists`,
};
