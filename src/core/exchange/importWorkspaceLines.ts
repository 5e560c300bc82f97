/**
 * Reading the workspace lines of an exchange file (format version 3; see importJsonl.ts
 * and exchangeFormat.ts): a `workspace` line, then its files, then its changes. Each is
 * checked on its own; counts once the file is read. As everywhere in an import, anything
 * doubtful is a problem and the file imports nothing.
 */
import { decodeBase64 } from '../attachments/base64';
import { isRecord } from '../isRecord';
import type { FileChange, FileMeta, RootKey } from '../workspace/fileStore';
import type { WorkspaceData } from './exchangeFormat';
import { type Fail, isCount, isNonEmptyString, type Json, shown } from './importLines';

export interface FileWorkspace extends WorkspaceData {
  line: number;
  promisedFiles: number | undefined;
  promisedChanges: number | undefined;
  fileLineCount: number;
  changeLineCount: number;
}

/** The file's workspaces so far: the line of each root and of each change id, to refuse doubles. */
export interface WorkspaceIndex {
  roots: Map<RootKey, number>;
  changes: Map<string, number>;
}

function isRoot(value: unknown): value is RootKey {
  return value === 'memory' || (typeof value === 'string' && /^workspace:./s.test(value));
}

export function readWorkspaceLine(
  record: Json,
  line: number,
  fail: Fail,
  index: WorkspaceIndex,
): FileWorkspace | 'broken' {
  const { root } = record;
  if (!isRoot(root)) {
    fail(line, `The workspace line names no workspace ("root" ${shown(root)}).`);
    return 'broken';
  }
  const earlier = index.roots.get(root);
  if (earlier !== undefined) {
    fail(line, `Workspace ${shown(root)} appears twice in the file (first on line ${earlier}).`);
    return 'broken';
  }
  index.roots.set(root, line);
  const count = (field: 'fileCount' | 'changeCount', what: string) => {
    if (isCount(record[field])) return record[field];
    fail(line, `The workspace line does not say how many ${what} follow ("${field}").`);
    return undefined;
  };
  return {
    root,
    files: [],
    changes: [],
    line,
    promisedFiles: count('fileCount', 'files'),
    promisedChanges: count('changeCount', 'changes'),
    fileLineCount: 0,
    changeLineCount: 0,
  };
}

function metaProblem(file: Record<string, unknown>): string | undefined {
  if (typeof file.path !== 'string' || !file.path.startsWith('/') || file.path.includes('\u0000'))
    return 'has no valid "path"';
  if (!isCount(file.size)) return 'has no valid "size"';
  if (typeof file.modifiedAt !== 'number' || !Number.isFinite(file.modifiedAt))
    return 'has no valid "modifiedAt"';
  if (typeof file.binary !== 'boolean') return 'does not say whether it is "binary"';
  if (typeof file.mediaType !== 'string') return 'has no "mediaType"';
  return undefined;
}

export function readWorkspaceFileLine(
  record: Json,
  line: number,
  workspace: FileWorkspace | 'broken',
  fail: Fail,
): void {
  const owner = workspace === 'broken' ? undefined : workspace;
  if (owner) owner.fileLineCount++;
  if (!isRecord(record.file)) {
    fail(line, 'The workspace file line has no "file" object.');
    return;
  }
  const name = shown(record.file.path);
  const problem = metaProblem(record.file);
  if (problem) {
    fail(line, `Workspace file ${name} ${problem}.`);
    return;
  }
  if (!owner) return;
  if (record.root !== owner.root) {
    fail(
      line,
      `Workspace file ${name} belongs to ${shown(record.root)}, but it follows the line of ${shown(owner.root)}.`,
    );
    return;
  }
  // Checked field by field above; spread keeps unknown fields plain fields.
  const meta = { ...record.file, root: owner.root } as unknown as FileMeta;
  if (owner.files.some((file) => file.meta.path === meta.path)) {
    fail(line, `Workspace file ${name} appears twice in ${shown(owner.root)}.`);
    return;
  }
  if (!meta.binary) {
    if (typeof record.text !== 'string') {
      fail(line, `Workspace file ${name} has no "text".`);
      return;
    }
    // The size follows the text: key redaction on export may have changed its length.
    const text = record.text;
    owner.files.push({
      meta: { ...meta, size: new TextEncoder().encode(text).length },
      body: { binary: false, text },
    });
    return;
  }
  const bytes = typeof record.data === 'string' ? decodeBase64(record.data) : undefined;
  if (!bytes) {
    fail(line, `Workspace file ${name} has no valid base64 "data".`);
    return;
  }
  if (bytes.length !== meta.size) {
    fail(
      line,
      `Workspace file ${name} holds ${bytes.length} bytes but says ${meta.size}; it may be cut short.`,
    );
    return;
  }
  owner.files.push({ meta, body: { binary: true, bytes } });
}

function changeProblem(change: Record<string, unknown>): string | undefined {
  if (typeof change.path !== 'string') return 'has no "path"';
  if (typeof change.at !== 'number' || !Number.isFinite(change.at)) return 'has no valid time ("at")';
  if (!isRecord(change.origin) || typeof change.origin.kind !== 'string') return 'does not say who made it';
  if (!isRecord(change.edit) || typeof change.edit.kind !== 'string') return 'does not say what it did';
  return undefined;
}

export function readWorkspaceChangeLine(
  record: Json,
  line: number,
  workspace: FileWorkspace | 'broken',
  fail: Fail,
  index: WorkspaceIndex,
): void {
  const owner = workspace === 'broken' ? undefined : workspace;
  if (owner) owner.changeLineCount++;
  if (!isRecord(record.change) || !isNonEmptyString(record.change.id)) {
    fail(line, 'The workspace change line has no "change" with an "id".');
    return;
  }
  const id = record.change.id;
  const problem = changeProblem(record.change);
  if (problem) {
    fail(line, `Workspace change ${shown(id)} ${problem}.`);
    return;
  }
  const earlier = index.changes.get(id);
  if (earlier !== undefined) {
    fail(line, `Workspace change ${shown(id)} appears twice in the file (first on line ${earlier}).`);
    return;
  }
  index.changes.set(id, line);
  if (!owner) return;
  if (record.root !== owner.root || record.change.root !== owner.root) {
    fail(
      line,
      `Workspace change ${shown(id)} belongs to another workspace than ${shown(owner.root)}, whose line it follows.`,
    );
    return;
  }
  // Checked field by field above; unknown fields travel as they are.
  owner.changes.push({ ...record.change } as unknown as FileChange);
}

/** Each workspace's promised numbers of file and change lines are there. */
export function checkWorkspaceCounts(workspace: FileWorkspace, fail: Fail): void {
  const { promisedFiles, promisedChanges, fileLineCount, changeLineCount, line, root } = workspace;
  if (promisedFiles !== undefined && promisedFiles !== fileLineCount)
    fail(
      line,
      `Workspace ${shown(root)} says ${promisedFiles} files follow, but ${fileLineCount} do; the file may be cut short.`,
    );
  if (promisedChanges !== undefined && promisedChanges !== changeLineCount)
    fail(
      line,
      `Workspace ${shown(root)} says ${promisedChanges} changes follow, but ${changeLineCount} do; the file may be cut short.`,
    );
}

/** The file's workspaces as they are to be stored: without the reading's bookkeeping. */
export function workspaceDataOf(workspace: FileWorkspace): WorkspaceData {
  return { root: workspace.root, files: workspace.files, changes: workspace.changes };
}
