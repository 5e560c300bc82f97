/**
 * The workspace's storage contract (issue 26): what the file executor (fileTree.ts) needs
 * of storage, and the records storage keeps. Two kinds of file tree use it: a handoff
 * chain's workspace (one tree shared by a session and every session handed off from it)
 * and the global memory directory of the memory tool. Storage implements the port over
 * IndexedDB (src/storage/workspace); tests use the in-memory one (memoryFileStore.ts).
 *
 * File contents are stored per file, so editing one file never rewrites another, and
 * every change is recorded in the same commit as the write it describes, so a file and
 * its history always agree (after a crash too).
 */

/** Which file tree. A workspace is named by its chain (see workspaceOf). */
export type FileRoot = { kind: 'workspace'; id: string } | { kind: 'memory' };

/** The key a root's records are stored under: `workspace:<id>` or `memory`. */
export type RootKey = string;

export function rootKey(root: FileRoot): RootKey {
  return root.kind === 'memory' ? 'memory' : `workspace:${root.id}`;
}

/** A file as listed: never its contents. */
export interface FileMeta {
  root: RootKey;
  /** Normalised: starts with `/`, no `.`/`..` segments, `/` separators (workspacePaths.ts). */
  path: string;
  /** Bytes: UTF-8 length for text. */
  size: number;
  modifiedAt: number;
  /** Text files are what the tools read and edit; binary ones (uploads) are listed, shown, downloaded. */
  binary: boolean;
  /** From the upload, or guessed from the extension. */
  mediaType: string;
}

export type FileBody = { binary: false; text: string } | { binary: true; blob: Blob };

/** Who made a change: one of the model's tool calls, or the user in the Files panel or Settings. */
export type ChangeOrigin =
  | { kind: 'tool'; tool: string; command: string; callId: string; sessionId: string }
  | { kind: 'user'; action: 'edit' | 'upload' | 'delete' | 'rename' | 'revert' };

/**
 * What a change did, enough to show it as a diff and to undo it.
 * - create: the file came to be (or was overwritten: `replaced` is what it held).
 * - hunk: text at a character offset replaced (str_replace, insert, a hand edit).
 * - delete: the file went; `text` is what it held (null for a binary file, which a revert cannot bring back).
 * - rename: moved from `from` to the change's `path`.
 */
export type FileEdit =
  | { kind: 'create'; text: string | null; replaced?: string | null }
  | {
      kind: 'hunk';
      start: number;
      removed: string;
      inserted: string;
      /**
       * Added by the executor (issue 26): a few lines of the text around the hunk as it was,
       * for showing the change as a diff with context. Display only: a revert never reads it.
       */
      context?: { before: string; after: string };
    }
  | { kind: 'delete'; text: string | null }
  | { kind: 'rename'; from: string };

export interface FileChange {
  id: string;
  root: RootKey;
  /** The file's path after the change. */
  path: string;
  at: number;
  origin: ChangeOrigin;
  edit: FileEdit;
  /** For a revert: the change it undid. */
  reverts?: string;
  /** On a change the user reverted: the revert's id (so it is shown as reverted and not reverted twice). */
  revertedBy?: string;
}

/** One file written (created or replaced whole) or deleted in a commit. */
export type FileWrite = { path: string; meta: FileMeta; body: FileBody } | { path: string; delete: true };

/** Files counted: how many, and their bytes together. */
export interface FileUsage {
  files: number;
  bytes: number;
}

export interface FileStore {
  /** Every file of a root, without contents. */
  list(root: RootKey): Promise<FileMeta[]>;
  read(root: RootKey, path: string): Promise<{ meta: FileMeta; body: FileBody } | undefined>;
  /**
   * Writes `writes` and puts `changes` (new ones, and earlier ones updated, such as a
   * `revertedBy` mark) in one transaction: all of it lands or none. Rejects with the
   * storage error (quota full included) having written nothing.
   */
  commit(root: RootKey, writes: readonly FileWrite[], changes: readonly FileChange[]): Promise<void>;
  /** Every root's files together (workspaces and memory): how many, and their bytes. For Settings → Storage. */
  usage(): Promise<FileUsage>;
  /** A root's changes, oldest first. */
  history(root: RootKey): Promise<FileChange[]>;
  /** Deletes a root's files and history (a chain's workspace the user chose to delete). */
  deleteRoot(root: RootKey): Promise<void>;
  /** Calls `listener` with the root after each commit, in this tab or another. Returns the unsubscribe. */
  watch(listener: (root: RootKey) => void): () => void;
}

/** Limits, each refused with a sentence that names it (fileTree.ts). */
export const FILE_LIMITS = {
  /** One file's size. */
  fileBytes: 5 * 1024 * 1024,
  /** Files in one root. */
  filesPerRoot: 5_000,
  /** All files of one root together. */
  rootBytes: 200 * 1024 * 1024,
  /** A path, whole. */
  pathChars: 1_024,
  /** One segment of a path. */
  segmentChars: 255,
} as const;
