/**
 * What the user does to files by hand (the Files panel, Settings' memory files): edit,
 * upload, delete, rename. Each records one change and resolves to it, or rejects with a
 * WorkspaceError whose sentence says what did not happen; nothing is half-written.
 */
import { pathKind } from './directoryListing';
import { utf8Length } from './fileSizes';
import type { ChangeOrigin, FileBody, FileChange, FileEdit } from './fileStore';
import { FILE_LIMITS } from './fileStore';
import { computeHunk } from './hunks';
import { guessMediaType, isTextLike, textMediaType } from './mediaTypes';
import { moveFiles } from './moveCommands';
import {
  changeOf,
  commitAll,
  deletionOf,
  fileMeta,
  limitError,
  type TreeContext,
  treeDir,
  writeOf,
} from './treeContext';
import { WorkspaceError } from './workspaceError';
import { normalizePath } from './workspacePaths';

const by = (action: Extract<ChangeOrigin, { kind: 'user' }>['action']): ChangeOrigin => ({
  kind: 'user',
  action,
});

/** A path from the user, normalised, or a WorkspaceError saying what is wrong with it. */
export function userPath(ctx: TreeContext, path: string): string {
  const result = normalizePath(path, ctx.scope);
  if (!result.ok) throw new WorkspaceError(result.error);
  return result.path;
}

/** A hand edit (recorded as the hunk between the old text and the new) or a new text file. */
export async function writeTextByHand(ctx: TreeContext, rawPath: string, text: string): Promise<FileChange> {
  const path = userPath(ctx, rawPath);
  const files = await ctx.store.list(ctx.key);
  const kind = pathKind(files, path, treeDir(ctx));
  if (kind.kind === 'directory')
    throw new WorkspaceError(`${path} is a folder, so it cannot be written as a file.`);
  if (kind.kind === 'under-file')
    throw new WorkspaceError(`${kind.file} is a file, so nothing can be created inside it.`);
  const bytes = utf8Length(text);
  const limit = limitError(files, path, bytes, ctx.scope);
  if (limit) throw new WorkspaceError(limit);
  const existing = kind.kind === 'file' ? await ctx.store.read(ctx.key, path) : undefined;
  let edit: FileEdit;
  if (!existing) edit = { kind: 'create', text };
  else if (existing.body.binary) edit = { kind: 'create', text, replaced: null };
  else {
    const hunk = computeHunk(existing.body.text, text);
    if (!hunk) throw new WorkspaceError(`${path} already holds this text; nothing was changed.`);
    edit = hunk;
  }
  const mediaType = existing && !existing.body.binary ? existing.meta.mediaType : textMediaType(path);
  return commitOne(ctx, path, { binary: false, text }, bytes, mediaType, by('edit'), edit);
}

/**
 * An uploaded file. It is kept as text (which the tools can read and edit) when its type
 * is text-like, or says nothing useful and its name suggests text (browsers give .md as
 * "" and .ts as "video/mp2t"), and its bytes are valid UTF-8 without NUL. Anything else is
 * kept as the bytes it is: listed, shown, downloaded, but not edited.
 */
export async function uploadFile(
  ctx: TreeContext,
  rawPath: string,
  blob: Blob,
  mediaType: string,
): Promise<FileChange> {
  const path = userPath(ctx, rawPath);
  if (blob.size > FILE_LIMITS.fileBytes)
    throw new WorkspaceError(limitError(undefined, path, blob.size, ctx.scope) ?? 'The file is too large.');
  const files = await ctx.store.list(ctx.key);
  const kind = pathKind(files, path, treeDir(ctx));
  if (kind.kind === 'directory')
    throw new WorkspaceError(`${path} is a folder, so a file cannot be uploaded as it.`);
  if (kind.kind === 'under-file')
    throw new WorkspaceError(`${kind.file} is a file, so nothing can be uploaded inside it.`);
  const limit = limitError(files, path, blob.size, ctx.scope);
  if (limit) throw new WorkspaceError(limit);
  const guessed = guessMediaType(path);
  const vague = mediaType === '' || mediaType === 'application/octet-stream' || mediaType === 'video/mp2t';
  const textType = isTextLike(mediaType) ? mediaType : vague && isTextLike(guessed) ? guessed : undefined;
  const text = textType === undefined ? undefined : await decodeText(blob);
  const body: FileBody = text === undefined ? { binary: true, blob } : { binary: false, text };
  const type = text === undefined ? mediaType || guessed : (textType ?? guessed);
  const existing = kind.kind === 'file' ? await ctx.store.read(ctx.key, path) : undefined;
  const created = text ?? null;
  const edit: FileEdit = existing
    ? { kind: 'create', text: created, replaced: existing.body.binary ? null : existing.body.text }
    : { kind: 'create', text: created };
  return commitOne(ctx, path, body, blob.size, type, by('upload'), edit);
}

export async function removeFile(ctx: TreeContext, rawPath: string): Promise<FileChange> {
  const path = userPath(ctx, rawPath);
  const file = await ctx.store.read(ctx.key, path);
  if (!file) throw new WorkspaceError(`There is no file at ${path} to delete.`);
  const at = ctx.now();
  const change = changeOf(ctx, path, at, by('delete'), {
    kind: 'delete',
    text: file.body.binary ? null : file.body.text,
  });
  await commitAll(ctx, [deletionOf(path)], [change]);
  return change;
}

export async function renameFile(ctx: TreeContext, rawFrom: string, rawTo: string): Promise<FileChange> {
  const from = userPath(ctx, rawFrom);
  const to = userPath(ctx, rawTo);
  const file = await ctx.store.read(ctx.key, from);
  if (!file) throw new WorkspaceError(`There is no file at ${from} to rename.`);
  if (from === to) throw new WorkspaceError(`${from} already has that name; nothing was changed.`);
  const files = await ctx.store.list(ctx.key);
  const target = pathKind(files, to, treeDir(ctx));
  if (target.kind === 'file' || target.kind === 'directory')
    throw new WorkspaceError(`${to} already exists; rename ${from} to a name not yet taken.`);
  if (target.kind === 'under-file')
    throw new WorkspaceError(`${target.file} is a file, so nothing can be moved inside it.`);
  const [change] = await moveFiles(ctx, [file.meta], from, to, by('rename'));
  if (!change) throw new WorkspaceError(`${from} could not be renamed.`);
  return change;
}

async function commitOne(
  ctx: TreeContext,
  path: string,
  body: FileBody,
  bytes: number,
  mediaType: string,
  origin: ChangeOrigin,
  edit: FileEdit,
): Promise<FileChange> {
  const at = ctx.now();
  const change = changeOf(ctx, path, at, origin, edit);
  await commitAll(ctx, [writeOf(fileMeta(ctx, path, body, bytes, mediaType, at), body)], [change]);
  return change;
}

/** The blob's text if it is valid UTF-8 without NUL, else undefined. */
async function decodeText(blob: Blob): Promise<string | undefined> {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(await blob.arrayBuffer());
    return text.includes('\u0000') ? undefined : text;
  } catch {
    return undefined;
  }
}
