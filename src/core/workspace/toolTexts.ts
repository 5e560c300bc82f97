/**
 * What a tool answers, in its own words: the text editor and the memory tool run the same
 * commands on the same executor, but their docs prescribe different results and error
 * texts (textEditorTexts.ts, memoryTexts.ts). `path` is always the path as the model
 * wrote it, as both docs show it back.
 */
import type { CommandName } from './commandInput';
import type { ViewSlice } from './textCommands';

export interface ToolTexts {
  /** The commands the tool offers. */
  commands: readonly CommandName[];
  /** A file's view: its lines numbered. */
  fileView(path: string, slice: ViewSlice): string;
  /** view of a path that is neither a file nor a directory. */
  viewMissing(path: string): string;
  /** str_replace or insert on a path that is not a file. */
  editMissing(command: 'str_replace' | 'insert', path: string): string;
  created(path: string): string;
  /** str_replace done; `snippet`: the lines around the new text in the file after it. */
  replaced(path: string, snippet: { lines: string[]; first: number }): string;
  noMatch(path: string, oldStr: string): string;
  /** `lines`: the line of each occurrence. */
  severalMatches(path: string, oldStr: string, lines: number[]): string;
  inserted(path: string): string;
  insertLineOutOfRange(insertLine: number, lines: number): string;
  /** A file too long for view (memory's docs: over 999,999 lines). */
  tooManyLines(path: string): string;
  deleted(path: string): string;
  deleteMissing(path: string): string;
  renamed(oldPath: string, newPath: string): string;
  renameMissing(oldPath: string): string;
  destinationExists(newPath: string): string;
}

/** Any other refusal: one sentence, marked as an error the way both tools' docs mark theirs. */
export function errorText(sentence: string): string {
  return `Error: ${sentence}`;
}
