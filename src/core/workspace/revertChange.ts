/**
 * Revert: undo one recorded change, as a change of its own (`reverts`), marking the
 * undone one (`revertedBy`), all in one commit. A change is undone only where the file
 * still holds what it made: a hunk whose text was edited again since, at that place,
 * is refused with a sentence saying so, rather than guessed at. Hunks later edits moved
 * (an edit higher up the file) are followed to where their text now is.
 */
import { pathKind } from './directoryListing';
import { utf8Length } from './fileSizes';
import type { FileBody, FileChange, FileEdit, FileMeta, FileWrite } from './fileStore';
import { applyHunk, type Hunk, hunkStillApplied, invertHunk, shiftThrough } from './hunks';
import { textMediaType } from './mediaTypes';
import { moveRecords } from './moveCommands';
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

interface Plan {
  /** Where the revert's change is recorded. */
  path: string;
  edit: FileEdit;
  writes(at: number): Promise<FileWrite[]>;
}

export async function revertChange(ctx: TreeContext, changeId: string): Promise<FileChange> {
  const history = await ctx.store.history(ctx.key);
  const index = history.findIndex((change) => change.id === changeId);
  const change = history[index];
  if (!change) throw new WorkspaceError('That change is no longer in the history.');
  if (change.revertedBy) throw new WorkspaceError('This change has already been reverted.');
  const plan = await planRevert(ctx, change, history.slice(index + 1));
  const at = ctx.now();
  const revert: FileChange = {
    ...changeOf(ctx, plan.path, at, { kind: 'user', action: 'revert' }, plan.edit),
    reverts: change.id,
  };
  const records: FileChange[] = [revert, { ...change, revertedBy: revert.id }];
  // Reverting a revert brings the first change back: it is no longer shown as reverted.
  const undone = change.reverts === undefined ? undefined : history.find((c) => c.id === change.reverts);
  if (undone?.revertedBy === change.id) {
    const { revertedBy: _, ...restored } = undone;
    records.push(restored);
  }
  await commitAll(ctx, await plan.writes(at), records);
  return revert;
}

function refuse(reason: string): never {
  throw new WorkspaceError(`This change can no longer be reverted: ${reason}.`);
}

async function planRevert(ctx: TreeContext, change: FileChange, later: FileChange[]): Promise<Plan> {
  const edit = change.edit;
  switch (edit.kind) {
    case 'hunk':
      return planHunk(ctx, change.path, edit, later);
    case 'create':
      return planCreate(ctx, change.path, edit, later);
    case 'delete':
      return planDelete(ctx, change.path, edit);
    case 'rename':
      return planRename(ctx, change.path, edit.from);
  }
}

/**
 * Where a file went after a change, and the hunks made to it since; `broken` if it was
 * deleted or replaced. A later change undone by a revert also later cancels out with
 * it: both are passed over (the final check of the text guards the offset either way).
 */
function follow(
  path: string,
  later: readonly FileChange[],
): { path: string; hunks: Hunk[]; broken?: string } {
  const ids = new Set(later.map((change) => change.id));
  const cancelled = new Set<string>();
  for (const change of later) {
    if (change.reverts !== undefined && ids.has(change.reverts)) cancelled.add(change.id).add(change.reverts);
  }
  let at = path;
  const hunks: Hunk[] = [];
  for (const change of later) {
    if (cancelled.has(change.id)) continue;
    if (change.edit.kind === 'rename' && change.edit.from === at) {
      at = change.path;
      continue;
    }
    if (change.path !== at) continue;
    if (change.edit.kind === 'hunk') hunks.push(change.edit);
    else if (change.edit.kind === 'delete') return { path: at, hunks, broken: 'the file was deleted since' };
    else return { path: at, hunks, broken: 'the file was replaced since' };
  }
  return { path: at, hunks };
}

async function planHunk(ctx: TreeContext, path: string, hunk: Hunk, later: FileChange[]): Promise<Plan> {
  const trail = follow(path, later);
  if (trail.broken) refuse(trail.broken);
  let start = hunk.start;
  for (const next of trail.hunks) {
    const moved = shiftThrough(start, hunk.inserted.length, next);
    if (moved === undefined) refuse('the file has changed there since');
    start = moved;
  }
  const file = await readText(ctx, trail.path);
  if (!hunkStillApplied(file.text, start, hunk.inserted)) refuse('the file has changed there since');
  const inverse = invertHunk(file.text, hunk, start);
  const bytes = file.meta.size + utf8Length(hunk.removed) - utf8Length(hunk.inserted);
  await checkLimits(ctx, trail.path, bytes, bytes > file.meta.size);
  const text = applyHunk(file.text, inverse);
  return {
    path: trail.path,
    edit: inverse,
    writes: async (at) => [textWrite(ctx, file.meta, text, bytes, at)],
  };
}

async function planCreate(
  ctx: TreeContext,
  path: string,
  edit: Extract<FileEdit, { kind: 'create' }>,
  later: FileChange[],
): Promise<Plan> {
  const trail = follow(path, later);
  const file = await ctx.store.read(ctx.key, trail.path);
  if (!file) refuse('the file was deleted since');
  if (edit.text === null) {
    // An upload's bytes cannot be compared here: it is undone only if nothing touched it since.
    if (trail.broken || trail.hunks.length > 0 || !file.body.binary) refuse('the file has changed since');
  } else if (file.body.binary || file.body.text !== edit.text) refuse('the file has changed since');
  const current = file.body.binary ? null : file.body.text;
  if (edit.replaced === undefined)
    return {
      path: trail.path,
      edit: { kind: 'delete', text: current },
      writes: async () => [deletionOf(trail.path)],
    };
  const replaced = edit.replaced;
  if (replaced === null) refuse('the file it replaced was a binary file, which cannot be brought back');
  const bytes = utf8Length(replaced);
  await checkLimits(ctx, trail.path, bytes, bytes > file.meta.size);
  const meta = file.body.binary ? { ...file.meta, mediaType: textMediaType(trail.path) } : file.meta;
  return {
    path: trail.path,
    edit: { kind: 'create', text: replaced, replaced: current },
    writes: async (at) => [textWrite(ctx, meta, replaced, bytes, at)],
  };
}

async function planDelete(
  ctx: TreeContext,
  path: string,
  edit: Extract<FileEdit, { kind: 'delete' }>,
): Promise<Plan> {
  const text = edit.text;
  if (text === null) refuse('a deleted binary file cannot be brought back');
  const files = await ctx.store.list(ctx.key);
  const kind = pathKind(files, path, treeDir(ctx));
  if (kind.kind === 'file' || kind.kind === 'directory') refuse(`${path} exists again`);
  if (kind.kind === 'under-file') refuse(`${kind.file} is a file now`);
  const bytes = utf8Length(text);
  const limit = limitError(files, path, bytes, ctx.scope);
  if (limit) throw new WorkspaceError(limit);
  return {
    path,
    edit: { kind: 'create', text },
    writes: async (at) => {
      const body: FileBody = { binary: false, text };
      return [writeOf(fileMeta(ctx, path, body, bytes, textMediaType(path), at), body)];
    },
  };
}

async function planRename(ctx: TreeContext, path: string, from: string): Promise<Plan> {
  const file = await ctx.store.read(ctx.key, path);
  if (!file) refuse(`there is no file at ${path} any more`);
  const files = await ctx.store.list(ctx.key);
  const kind = pathKind(files, from, treeDir(ctx));
  if (kind.kind === 'file' || kind.kind === 'directory') refuse(`${from} is taken`);
  if (kind.kind === 'under-file') refuse(`${kind.file} is a file now`);
  return {
    path: from,
    edit: { kind: 'rename', from: path },
    writes: async (at) =>
      (await moveRecords(ctx, [file.meta], path, from, { kind: 'user', action: 'revert' }, at)).writes,
  };
}

async function readText(ctx: TreeContext, path: string): Promise<{ meta: FileMeta; text: string }> {
  const file = await ctx.store.read(ctx.key, path);
  if (!file) refuse('the file was deleted since');
  if (file.body.binary) refuse('the file was replaced since');
  return { meta: file.meta, text: file.body.text };
}

async function checkLimits(ctx: TreeContext, path: string, bytes: number, grows: boolean): Promise<void> {
  const files = grows ? await ctx.store.list(ctx.key) : undefined;
  const limit = limitError(files, path, bytes, ctx.scope);
  if (limit) throw new WorkspaceError(limit);
}

function textWrite(ctx: TreeContext, meta: FileMeta, text: string, bytes: number, at: number): FileWrite {
  const body: FileBody = { binary: false, text };
  return writeOf(fileMeta(ctx, meta.path, body, bytes, meta.mediaType, at), body);
}
