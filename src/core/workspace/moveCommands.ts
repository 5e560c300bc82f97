/**
 * The memory tool's delete and rename: of a file, or of a directory with everything in
 * it, in one commit (a change per file, so each can be shown and reverted). The tree's
 * own directory (/memories) is neither deleted nor renamed, as the tool's docs require.
 */
import type { ToolExecutionResult } from '../tools/tool';
import type { FileCommand } from './commandInput';
import { filesUnder, pathKind } from './directoryListing';
import type { ChangeOrigin, FileChange, FileMeta, FileWrite } from './fileStore';
import { FILE_LIMITS } from './fileStore';
import { textMediaType } from './mediaTypes';
import { failure } from './toolCommands';
import { errorText, type ToolTexts } from './toolTexts';
import { changeOf, commitAll, deletionOf, type TreeContext, treeDir, writeOf } from './treeContext';
import { isWithin, movedPath, normalizePath } from './workspacePaths';

export async function deleteCommand(
  ctx: TreeContext,
  texts: ToolTexts,
  command: Extract<FileCommand, { command: 'delete' }>,
  origin: ChangeOrigin,
): Promise<ToolExecutionResult> {
  const normal = normalizePath(command.path, ctx.scope);
  if (!normal.ok) return failure(errorText(normal.error));
  if (normal.path === treeDir(ctx))
    return failure(errorText(`The ${treeDir(ctx)} directory itself cannot be deleted.`));
  const files = await ctx.store.list(ctx.key);
  const kind = pathKind(files, normal.path, treeDir(ctx));
  if (kind.kind === 'none' || kind.kind === 'under-file') return failure(texts.deleteMissing(command.path));
  const doomed = kind.kind === 'file' ? [kind.meta] : filesUnder(files, normal.path);
  const at = ctx.now();
  const writes: FileWrite[] = [];
  const changes: FileChange[] = [];
  for (const meta of doomed) {
    const file = await ctx.store.read(ctx.key, meta.path);
    writes.push(deletionOf(meta.path));
    const text = file && !file.body.binary ? file.body.text : null;
    changes.push(changeOf(ctx, meta.path, at, origin, { kind: 'delete', text }));
  }
  await commitAll(ctx, writes, changes);
  return { content: texts.deleted(command.path) };
}

export async function renameCommand(
  ctx: TreeContext,
  texts: ToolTexts,
  command: Extract<FileCommand, { command: 'rename' }>,
  origin: ChangeOrigin,
): Promise<ToolExecutionResult> {
  const from = normalizePath(command.oldPath, ctx.scope);
  if (!from.ok) return failure(errorText(from.error));
  const to = normalizePath(command.newPath, ctx.scope);
  if (!to.ok) return failure(errorText(to.error));
  if (from.path === treeDir(ctx))
    return failure(errorText(`The ${treeDir(ctx)} directory itself cannot be renamed.`));
  const files = await ctx.store.list(ctx.key);
  const source = pathKind(files, from.path, treeDir(ctx));
  if (source.kind === 'none' || source.kind === 'under-file')
    return failure(texts.renameMissing(command.oldPath));
  const target = pathKind(files, to.path, treeDir(ctx));
  if (target.kind === 'file' || target.kind === 'directory')
    return failure(texts.destinationExists(command.newPath));
  if (target.kind === 'under-file')
    return failure(errorText(`${target.file} is a file, so nothing can be moved inside it.`));
  if (isWithin(to.path, from.path))
    return failure(errorText(`${command.oldPath} cannot be moved inside itself.`));
  const moving = source.kind === 'file' ? [source.meta] : filesUnder(files, from.path);
  const tooLong = moving.find(
    (meta) => movedPath(meta.path, from.path, to.path).length > FILE_LIMITS.pathChars,
  );
  if (tooLong)
    return failure(
      errorText(
        `Moving it there would make ${tooLong.path}'s path longer than ${FILE_LIMITS.pathChars.toLocaleString('en-US')} characters; nothing was moved.`,
      ),
    );
  await moveFiles(ctx, moving, from.path, to.path, origin);
  return { content: texts.renamed(command.oldPath, command.newPath) };
}

/** Moves files from under `from` to under `to` (or one file from `from` to `to`), in one commit. */
export async function moveFiles(
  ctx: TreeContext,
  moving: readonly FileMeta[],
  from: string,
  to: string,
  origin: ChangeOrigin,
): Promise<FileChange[]> {
  const { writes, changes } = await moveRecords(ctx, moving, from, to, origin, ctx.now());
  await commitAll(ctx, writes, changes);
  return changes;
}

/** The writes and changes that move files (not yet committed: a revert adds its own). */
export async function moveRecords(
  ctx: TreeContext,
  moving: readonly FileMeta[],
  from: string,
  to: string,
  origin: ChangeOrigin,
  at: number,
): Promise<{ writes: FileWrite[]; changes: FileChange[] }> {
  const writes: FileWrite[] = [];
  const changes: FileChange[] = [];
  for (const meta of moving) {
    const file = await ctx.store.read(ctx.key, meta.path);
    if (!file) continue;
    const path = movedPath(meta.path, from, to);
    // A text file's type follows its new name (notes.txt → notes.md renders as Markdown);
    // an upload keeps the type it came with.
    const mediaType = file.body.binary ? meta.mediaType : textMediaType(path);
    writes.push(deletionOf(meta.path), writeOf({ ...meta, path, mediaType, modifiedAt: at }, file.body));
    changes.push(changeOf(ctx, path, at, origin, { kind: 'rename', from: meta.path }));
  }
  return { writes, changes };
}
