/**
 * Workspaces to exchange lines (format version 3, see exchangeFormat.ts): a `workspace`
 * line, its files, then its history. Text goes through key redaction like every other
 * string of the file; a binary file's bytes are written after it, untouched, as an
 * attachment's are.
 */
import { encodeBase64 } from '../attachments/base64';
import {
  toJsonLine,
  WORKSPACE_CHANGE_LINE,
  WORKSPACE_FILE_LINE,
  WORKSPACE_LINE,
  type WorkspaceChangeLine,
  type WorkspaceData,
  type WorkspaceFileLine,
  type WorkspaceLine,
} from './exchangeFormat';

/** Where lines go: whole lines, or a line around a run of base64 bytes (exportJsonl's Pieces). */
export interface LineSink {
  line(text: string): void;
  bytes(before: string, base64: string, after: string): void;
}

export function workspaceLines(
  workspace: WorkspaceData,
  secrets: readonly (string | undefined)[],
  sink: LineSink,
): void {
  const { root, files, changes } = workspace;
  const head: WorkspaceLine = {
    type: WORKSPACE_LINE,
    root,
    fileCount: files.length,
    changeCount: changes.length,
  };
  sink.line(toJsonLine(head, secrets));
  for (const { meta, body } of files) {
    const line: WorkspaceFileLine = { type: WORKSPACE_FILE_LINE, root, file: { ...meta, root } };
    if (!body.binary) {
      sink.line(toJsonLine({ ...line, text: body.text }, secrets));
      continue;
    }
    const start = toJsonLine(line, secrets).slice(0, -1);
    sink.bytes(`${start},"data":"`, encodeBase64(body.bytes), '"}\n');
  }
  for (const change of changes) {
    const line: WorkspaceChangeLine = { type: WORKSPACE_CHANGE_LINE, root, change };
    sink.line(toJsonLine(line, secrets));
  }
}
