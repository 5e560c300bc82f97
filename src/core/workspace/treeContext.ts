/**
 * What the executor's parts share: the store and root they work on, the clock and ids,
 * and the three things every write goes through: the limits, the records it writes, and
 * the one commit that lands all of it or none.
 */

import { sizeInWords } from './fileSizes';
import type {
  ChangeOrigin,
  FileBody,
  FileChange,
  FileEdit,
  FileMeta,
  FileStore,
  FileWrite,
  RootKey,
} from './fileStore';
import { FILE_LIMITS } from './fileStore';
import { WorkspaceError } from './workspaceError';
import { type PathScope, scopeDir } from './workspacePaths';

export interface TreeContext {
  store: FileStore;
  key: RootKey;
  scope: PathScope;
  now(): number;
  newId(): string;
}

/** The tree's own directory: `/` for a workspace, `/memories` for memory. */
export function treeDir(ctx: TreeContext): string {
  return scopeDir(ctx.scope);
}

function rootName(scope: PathScope): string {
  return scope === 'memory' ? 'the memory directory' : 'the workspace';
}

/**
 * Why a file of `bytes` at `path` may not be written (replacing what is there, if
 * anything), or undefined when it may: the size of one file, the number of files and
 * the size of all of them (FILE_LIMITS).
 */
export function limitError(
  files: readonly FileMeta[] | undefined,
  path: string,
  bytes: number,
  scope: PathScope,
  exact = true,
): string | undefined {
  if (bytes > FILE_LIMITS.fileBytes)
    return `The file would be larger than the limit of ${sizeInWords(FILE_LIMITS.fileBytes)} a file${sizeNote(bytes, FILE_LIMITS.fileBytes, exact)}; nothing was written.`;
  if (!files) return undefined;
  const existing = files.find((meta) => meta.path === path);
  if (!existing && files.length >= FILE_LIMITS.filesPerRoot)
    return `${capitalised(rootName(scope))} already holds ${FILE_LIMITS.filesPerRoot.toLocaleString('en-US')} files, its limit; nothing was written. Delete some files first.`;
  const total = files.reduce((sum, meta) => sum + meta.size, 0) - (existing?.size ?? 0) + bytes;
  if (total > FILE_LIMITS.rootBytes)
    return `${capitalised(rootName(scope))} would go over its limit of ${sizeInWords(FILE_LIMITS.rootBytes)} in all${sizeNote(total, FILE_LIMITS.rootBytes, true)}; nothing was written. Delete some files first.`;
  return undefined;
}

/** " (it would be 6 MB)", when that says more than the limit does. */
function sizeNote(bytes: number, limit: number, exact: boolean): string {
  const size = sizeInWords(bytes);
  return size === sizeInWords(limit) ? '' : ` (it would be ${exact ? '' : 'over '}${size})`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The record of a file as it will be after a write. */
export function fileMeta(
  ctx: TreeContext,
  path: string,
  body: FileBody,
  size: number,
  mediaType: string,
  at: number,
): FileMeta {
  return { root: ctx.key, path, size, modifiedAt: at, binary: body.binary, mediaType };
}

export function writeOf(meta: FileMeta, body: FileBody): FileWrite {
  return { path: meta.path, meta, body };
}

export function deletionOf(path: string): FileWrite {
  return { path, delete: true };
}

export function changeOf(
  ctx: TreeContext,
  path: string,
  at: number,
  origin: ChangeOrigin,
  edit: FileEdit,
): FileChange {
  return { id: ctx.newId(), root: ctx.key, path, at, origin, edit };
}

/**
 * Lands the writes and their changes in one commit, or rejects with a WorkspaceError
 * saying nothing was written (the store writes all or none).
 */
export async function commitAll(
  ctx: TreeContext,
  writes: readonly FileWrite[],
  changes: readonly FileChange[],
): Promise<void> {
  try {
    await ctx.store.commit(ctx.key, writes, changes);
  } catch (error) {
    throw new WorkspaceError(storageSentence(error));
  }
}

/** A failed commit in words: a full quota says what to do about it. */
export function storageSentence(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'QuotaExceededError' || /quota/i.test(message))
    return "The browser's storage is full, so nothing was written. Free some space (delete files or old sessions) and try again.";
  return `The change could not be saved (${message || name || 'storage failed'}), so nothing was written.`;
}
