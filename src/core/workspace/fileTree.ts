/**
 * One file tree (a chain's workspace, or the global memory directory) over a FileStore:
 * the executor both client tools run their commands through, and the operations the
 * user makes in the Files panel. Every path is normalised and confined first
 * (workspacePaths.ts); every change is recorded in the same commit as its write, so a
 * file and its history always agree; a failed commit leaves both as they were.
 */
import { newId as randomId } from '../ids';
import type { ToolExecutionResult } from '../tools/tool';
import type { FileBody, FileChange, FileMeta, FileRoot, FileStore, RootKey } from './fileStore';
import { rootKey } from './fileStore';
import { WorkspaceError } from './workspaceError';
import { normalizePath, type PathScope, pathScope } from './workspacePaths';

export { WorkspaceError } from './workspaceError';

export interface FileTreeOptions {
  store: FileStore;
  root: FileRoot;
  /** The clock changes are stamped with (tests give their own). */
  now?: () => number;
  /** Ids for changes (tests give their own). */
  newId?: () => string;
}

/** The tool call a command comes from: recorded with the change it makes. */
export interface CommandOrigin {
  tool: string;
  callId: string;
  sessionId: string;
}

export class FileTree {
  readonly key: RootKey;
  readonly root: FileRoot;
  protected readonly store: FileStore;
  protected readonly scope: PathScope;
  protected readonly now: () => number;
  protected readonly newId: () => string;

  constructor(options: FileTreeOptions) {
    this.store = options.store;
    this.root = options.root;
    this.key = rootKey(options.root);
    this.scope = pathScope(options.root);
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? randomId;
  }

  /** Every file of the tree, by path. */
  async list(): Promise<FileMeta[]> {
    const files = await this.store.list(this.key);
    return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /** One file and its contents, or undefined if there is none at `path`. */
  async read(path: string): Promise<{ meta: FileMeta; body: FileBody } | undefined> {
    return this.store.read(this.key, this.userPath(path));
  }

  /** The tree's changes, oldest first. */
  async history(): Promise<FileChange[]> {
    return this.store.history(this.key);
  }

  /** Runs one text editor or memory command. Never rejects: a bad input or failure is an error result. */
  async runCommand(_input: unknown, _origin: CommandOrigin): Promise<ToolExecutionResult> {
    return { content: 'Error: The file tools are not built yet.', isError: true };
  }

  /** A hand edit, or a new text file. */
  async writeText(_path: string, _text: string): Promise<FileChange> {
    throw new WorkspaceError('Editing files is not built yet.');
  }

  /** An uploaded file: text when its type is text-like and it is valid UTF-8, binary otherwise. */
  async upload(_path: string, _blob: Blob, _mediaType: string): Promise<FileChange> {
    throw new WorkspaceError('Uploading files is not built yet.');
  }

  async remove(_path: string): Promise<FileChange> {
    throw new WorkspaceError('Deleting files is not built yet.');
  }

  async rename(_from: string, _to: string): Promise<FileChange> {
    throw new WorkspaceError('Renaming files is not built yet.');
  }

  /** Undoes one change, recording the undoing as a change of its own. */
  async revert(_changeId: string): Promise<FileChange> {
    throw new WorkspaceError('Reverting changes is not built yet.');
  }

  /** A path from the user, normalised, or a WorkspaceError saying what is wrong with it. */
  protected userPath(path: string): string {
    const result = normalizePath(path, this.scope);
    if (!result.ok) throw new WorkspaceError(result.error);
    return result.path;
  }
}
