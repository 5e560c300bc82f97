/**
 * The memory tool's words. From its docs (platform.claude.com/docs/en/agents-and-tools/
 * tool-use/memory-tool, read for issue 26):
 * - declared as `{ type: 'memory_20250818', name: 'memory' }`, no input schema. No beta
 *   header any more: "the memory tool itself doesn't require a beta header" (earlier
 *   versions of the page asked for `context-management-2025-06-27`; the SDK in use,
 *   1.16.0, lists MemoryTool20250818 among the GA Messages tools).
 * - Paths lie under /memories; the handler must refuse any other ("Path traversal
 *   protection"), and must not delete or rename /memories itself.
 * - view of a directory: "Here're the files and directories up to 2 levels deep in
 *   {path}, excluding hidden items and node_modules:" then "{size}\t{path}" lines, sizes
 *   human-readable ("5.5K"); an empty /memories is no error.
 * - view of a file: "Here's the content of {path} with line numbers:" then each line as
 *   its number right-aligned in 6 characters, a tab, the line; over 999,999 lines:
 *   "File {path} exceeds maximum line limit of 999,999 lines."; missing: "The path {path}
 *   does not exist. Please provide a valid path."
 * - create: "File created successfully at: {path}"; on an existing file the reference
 *   answer is "Error: File {path} already exists", but the docs call overwriting "a valid
 *   implementation choice" (the model's own description says create "creates or
 *   overwrites"). Baton overwrites, for both tools, and the change keeps what it replaced,
 *   so the user can revert it.
 * - str_replace: "The memory file has been edited." and a snippet with line numbers;
 *   "Error: The path {path} does not exist. Please provide a valid path."; "No
 *   replacement was performed, old_str `{old_str}` did not appear verbatim in {path}.";
 *   "No replacement was performed. Multiple occurrences of old_str `{old_str}` in lines:
 *   {line_numbers}. Please ensure it is unique"; new_str may be left out (deletes old_str).
 * - insert (insert_line, insert_text): "The file {path} has been edited."; "Error: The path
 *   {path} does not exist"; "Error: Invalid `insert_line` parameter: {insert_line}. It
 *   should be within the range of lines of the file: [0, {n_lines}]".
 * - delete: "Successfully deleted {path}"; "Error: The path {path} does not exist";
 *   a directory goes with everything in it.
 * - rename (old_path, new_path): "Successfully renamed {old_path} to {new_path}"; "Error:
 *   The path {old_path} does not exist"; "Error: The destination {new_path} already exists".
 * - A directory given to str_replace or insert gets the "does not exist" error.
 */
import { truncationNote } from './textCommands';
import type { ToolTexts } from './toolTexts';

/** Lines numbered the memory tool's way: the number right-aligned in 6, a tab, the line. */
export function numberedLines(lines: readonly string[], first: number): string {
  return lines.map((line, i) => `${String(first + i).padStart(6, ' ')}\t${line}`).join('\n');
}

export const memoryTexts: ToolTexts = {
  commands: ['view', 'create', 'str_replace', 'insert', 'delete', 'rename'],
  fileView: (path, slice) =>
    `Here's the content of ${path} with line numbers:\n${numberedLines(slice.lines, slice.first)}${truncationNote(slice)}`,
  viewMissing: (path) => `The path ${path} does not exist. Please provide a valid path.`,
  editMissing: (command, path) =>
    command === 'str_replace'
      ? `Error: The path ${path} does not exist. Please provide a valid path.`
      : `Error: The path ${path} does not exist`,
  created: (path) => `File created successfully at: ${path}`,
  replaced: (_path, snippet) =>
    `The memory file has been edited.\n${numberedLines(snippet.lines, snippet.first)}`,
  noMatch: (path, oldStr) =>
    `No replacement was performed, old_str \`${oldStr}\` did not appear verbatim in ${path}.`,
  severalMatches: (_path, oldStr, lines) =>
    `No replacement was performed. Multiple occurrences of old_str \`${oldStr}\` in lines: ${[...new Set(lines)].join(', ')}. Please ensure it is unique`,
  inserted: (path) => `The file ${path} has been edited.`,
  insertLineOutOfRange: (insertLine, lines) =>
    `Error: Invalid \`insert_line\` parameter: ${insertLine}. It should be within the range of lines of the file: [0, ${lines}]`,
  tooManyLines: (path) => `File ${path} exceeds maximum line limit of 999,999 lines.`,
  deleted: (path) => `Successfully deleted ${path}`,
  deleteMissing: (path) => `Error: The path ${path} does not exist`,
  renamed: (oldPath, newPath) => `Successfully renamed ${oldPath} to ${newPath}`,
  renameMissing: (oldPath) => `Error: The path ${oldPath} does not exist`,
  destinationExists: (newPath) => `Error: The destination ${newPath} already exists`,
};
