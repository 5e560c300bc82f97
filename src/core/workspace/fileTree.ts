/**
 * One file tree (a chain's workspace, or the global memory directory) over a FileStore:
 * the executor both client tools run their commands through, and the operations the
 * user makes in the Files panel. Every path is normalised and confined first
 * (workspacePaths.ts); every change is recorded in the same commit as its write, so a
 * file and its history always agree; a failed commit leaves both as they were.
 */
import { newId as randomId } from '../ids';
import type { ToolExecutionResult } from '../tools/tool';
import { type CommandOrigin, runToolCommand } from './commandRunner';
import type { FileBody, FileChange, FileMeta, FileRoot, FileStore, RootKey } from './fileStore';
import { rootKey } from './fileStore';
import { memoryTexts } from './memoryTexts';
import { revertChange } from './revertChange';
import { textEditorTexts } from './textEditorTexts';
import type { TreeContext } from './treeContext';
import { serialized } from './treeLock';
import { removeFile, renameFile, uploadFile, userPath, writeTextByHand } from './userOperations';
import { pathScope } from './workspacePaths';

export type { CommandOrigin } from './commandRunner';
export { WorkspaceError } from './workspaceError';

export interface FileTreeOptions {
  store: FileStore;
  root: FileRoot;
  /** The clock changes are stamped with (tests give their own). */
  now?: () => number;
  /** Ids for changes (tests give their own). */
  newId?: () => string;
}

/**
 * Operations on one tree run one at a time (treeLock.ts), in this tab, however many
 * FileTree objects name it. A workspace runs the text editor's commands; the memory tree
 * the memory tool's, in each tool's documented words.
 */
export class FileTree {
  readonly key: RootKey;
  readonly root: FileRoot;
  private readonly ctx: TreeContext;

  constructor(options: FileTreeOptions) {
    this.root = options.root;
    this.key = rootKey(options.root);
    this.ctx = {
      store: options.store,
      key: this.key,
      scope: pathScope(options.root),
      now: options.now ?? Date.now,
      newId: options.newId ?? randomId,
    };
  }

  /** Every file of the tree, by path. */
  async list(): Promise<FileMeta[]> {
    const files = await this.ctx.store.list(this.key);
    return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /** One file and its contents, or undefined if there is none at `path`. Rejects (WorkspaceError) on a path refused. */
  async read(path: string): Promise<{ meta: FileMeta; body: FileBody } | undefined> {
    return this.ctx.store.read(this.key, userPath(this.ctx, path));
  }

  /** The tree's changes, oldest first. */
  async history(): Promise<FileChange[]> {
    return this.ctx.store.history(this.key);
  }

  /**
   * Runs one call of the tree's tool (the text editor on a workspace, the memory tool on
   * memory). Never rejects: a bad input, a refusal or a storage failure is an error
   * result with a sentence, and a failed write has written nothing.
   */
  runCommand(input: unknown, origin: CommandOrigin): Promise<ToolExecutionResult> {
    const texts = this.root.kind === 'memory' ? memoryTexts : textEditorTexts;
    return this.exclusive(() => runToolCommand(this.ctx, texts, input, origin)).catch((error: unknown) => ({
      content: `Error: The command failed (${error instanceof Error ? error.message : String(error)}); nothing was written.`,
      isError: true,
    }));
  }

  /** A hand edit (recorded as a hunk) or a new text file. */
  writeText(path: string, text: string): Promise<FileChange> {
    return this.exclusive(() => writeTextByHand(this.ctx, path, text));
  }

  /** An uploaded file: text when its type is text-like and it is valid UTF-8, else binary (userOperations.ts). */
  upload(path: string, blob: Blob, mediaType: string): Promise<FileChange> {
    return this.exclusive(() => uploadFile(this.ctx, path, blob, mediaType));
  }

  /** Deletes one file. */
  remove(path: string): Promise<FileChange> {
    return this.exclusive(() => removeFile(this.ctx, path));
  }

  /** Renames (moves) one file to a path not yet taken. */
  rename(from: string, to: string): Promise<FileChange> {
    return this.exclusive(() => renameFile(this.ctx, from, to));
  }

  /** Undoes one change, recording the undoing as a change of its own (revertChange.ts). */
  revert(changeId: string): Promise<FileChange> {
    return this.exclusive(() => revertChange(this.ctx, changeId));
  }

  private exclusive<T>(run: () => Promise<T>): Promise<T> {
    return serialized(this.ctx.store, this.key, run);
  }
}
