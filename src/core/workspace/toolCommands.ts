/**
 * The commands both tools share: view, create, str_replace and insert, run against one
 * tree. Each reads what it needs, answers in its tool's words (ToolTexts), and writes
 * through one commit with the change that records it. Expected refusals are results;
 * a storage failure rejects with a WorkspaceError the caller turns into one.
 */
import type { ToolExecutionResult } from '../tools/tool';
import type { FileCommand } from './commandInput';
import { listingText, pathKind } from './directoryListing';
import { utf8Length } from './fileSizes';
import type { ChangeOrigin, FileBody, FileEdit, FileMeta } from './fileStore';
import { FILE_LIMITS } from './fileStore';
import { type Hunk, hunkAt } from './hunks';
import { textMediaType } from './mediaTypes';
import {
  insertionHunk,
  lineAt,
  lineCount,
  linesAround,
  linesAt,
  occurrences,
  viewSlice,
} from './textCommands';
import { binaryContentError } from './textGuards';
import { errorText, type ToolTexts } from './toolTexts';
import { changeOf, commitAll, fileMeta, limitError, type TreeContext, treeDir, writeOf } from './treeContext';
import { MAX_VIEW_LINES } from './viewLimits';
import { normalizePath } from './workspacePaths';

/** Lines of context a str_replace's snippet shows around the new text (the memory tool's). */
const SNIPPET_CONTEXT = 2;

export async function viewCommand(
  ctx: TreeContext,
  texts: ToolTexts,
  command: Extract<FileCommand, { command: 'view' }>,
): Promise<ToolExecutionResult> {
  const normal = normalizePath(command.path, ctx.scope);
  if (!normal.ok) return failure(errorText(normal.error));
  const file = await ctx.store.read(ctx.key, normal.path);
  if (file) {
    if (file.body.binary) return failure(binaryFileError(command.path, file.meta));
    if (lineCount(file.body.text) > MAX_VIEW_LINES) return failure(texts.tooManyLines(command.path));
    const slice = viewSlice(file.body.text, command.viewRange);
    if (!slice.ok) return failure(errorText(slice.error));
    return { content: texts.fileView(command.path, slice.slice) };
  }
  const files = await ctx.store.list(ctx.key);
  if (pathKind(files, normal.path, treeDir(ctx)).kind !== 'directory')
    return failure(texts.viewMissing(command.path));
  if (command.viewRange)
    return failure(errorText(`\`view_range\` applies to files, and ${command.path} is a directory.`));
  return { content: listingText(normal.path, files) };
}

export async function createCommand(
  ctx: TreeContext,
  texts: ToolTexts,
  command: Extract<FileCommand, { command: 'create' }>,
  origin: ChangeOrigin,
): Promise<ToolExecutionResult> {
  const normal = normalizePath(command.path, ctx.scope);
  if (!normal.ok) return failure(errorText(normal.error));
  const binary = binaryContentError(command.fileText, 'file_text');
  if (binary) return failure(errorText(binary));
  // A 50 MB text is refused on its length alone: no counting, no listing, nothing stored.
  if (command.fileText.length > FILE_LIMITS.fileBytes)
    return failure(
      errorText(limitError(undefined, normal.path, command.fileText.length, ctx.scope, false) ?? ''),
    );
  const files = await ctx.store.list(ctx.key);
  const kind = pathKind(files, normal.path, treeDir(ctx));
  if (kind.kind === 'directory')
    return failure(errorText(`${command.path} is a directory; create needs the path of a file.`));
  if (kind.kind === 'under-file')
    return failure(errorText(`${kind.file} is a file, so nothing can be created inside it.`));
  const bytes = utf8Length(command.fileText);
  const limit = limitError(files, normal.path, bytes, ctx.scope);
  if (limit) return failure(errorText(limit));
  const existing = kind.kind === 'file' ? await ctx.store.read(ctx.key, normal.path) : undefined;
  if (existing && !existing.body.binary && existing.body.text === command.fileText)
    return { content: texts.created(command.path) };
  const edit: FileEdit = existing
    ? { kind: 'create', text: command.fileText, replaced: existing.body.binary ? null : existing.body.text }
    : { kind: 'create', text: command.fileText };
  const mediaType = existing && !existing.body.binary ? existing.meta.mediaType : textMediaType(normal.path);
  await putText(ctx, normal.path, command.fileText, bytes, mediaType, origin, edit);
  return { content: texts.created(command.path) };
}

export async function strReplaceCommand(
  ctx: TreeContext,
  texts: ToolTexts,
  command: Extract<FileCommand, { command: 'str_replace' }>,
  origin: ChangeOrigin,
): Promise<ToolExecutionResult> {
  const opened = await openText(ctx, texts, command.path, 'str_replace');
  if (!opened.ok) return opened.result;
  const { path, meta, text } = opened;
  if (command.oldStr === '')
    return failure(
      errorText('`old_str` is empty: give the exact text to replace, with enough around it to be unique.'),
    );
  const binary = binaryContentError(command.newStr, 'new_str');
  if (binary) return failure(errorText(binary));
  const found = occurrences(text, command.oldStr);
  if (found.length === 0) return failure(texts.noMatch(command.path, command.oldStr));
  if (found.length > 1)
    return failure(texts.severalMatches(command.path, command.oldStr, linesAt(text, found)));
  const at = found[0] ?? 0;
  const hunk = hunkAt(text, at, command.oldStr, command.newStr);
  const next = text.slice(0, at) + command.newStr + text.slice(at + command.oldStr.length);
  if (command.newStr !== command.oldStr) {
    const written = await writeHunk(ctx, path, meta, next, hunk, origin);
    if (written) return failure(errorText(written));
  }
  const snippet = linesAround(next, at, at + command.newStr.length, lineAt(text, at), SNIPPET_CONTEXT);
  return { content: texts.replaced(command.path, snippet) };
}

export async function insertCommand(
  ctx: TreeContext,
  texts: ToolTexts,
  command: Extract<FileCommand, { command: 'insert' }>,
  origin: ChangeOrigin,
): Promise<ToolExecutionResult> {
  const opened = await openText(ctx, texts, command.path, 'insert');
  if (!opened.ok) return opened.result;
  const { path, meta, text } = opened;
  const binary = binaryContentError(command.insertText, 'insert_text');
  if (binary) return failure(errorText(binary));
  const hunk = insertionHunk(text, command.insertLine, command.insertText);
  if (!hunk) return failure(texts.insertLineOutOfRange(command.insertLine, lineCount(text)));
  const next = text.slice(0, hunk.start) + hunk.inserted + text.slice(hunk.start);
  const written = await writeHunk(ctx, path, meta, next, hunk, origin);
  if (written) return failure(errorText(written));
  return { content: texts.inserted(command.path) };
}

/** Writes a text file whole, with its change, in one commit. */
export async function putText(
  ctx: TreeContext,
  path: string,
  text: string,
  bytes: number,
  mediaType: string,
  origin: ChangeOrigin,
  edit: FileEdit,
): Promise<void> {
  const at = ctx.now();
  const body: FileBody = { binary: false, text };
  const meta = fileMeta(ctx, path, body, bytes, mediaType, at);
  await commitAll(ctx, [writeOf(meta, body)], [changeOf(ctx, path, at, origin, edit)]);
}

/**
 * Writes a file's new text after one hunk; the size follows from the hunk, so a 1 MB
 * file is not measured again, and the tree is listed only when the file grows (to check
 * the tree's total). Returns the limit refused, if one was.
 */
async function writeHunk(
  ctx: TreeContext,
  path: string,
  meta: FileMeta,
  next: string,
  hunk: Hunk,
  origin: ChangeOrigin,
): Promise<string | undefined> {
  const bytes = meta.size + utf8Length(hunk.inserted) - utf8Length(hunk.removed);
  const files = bytes > meta.size ? await ctx.store.list(ctx.key) : undefined;
  const limit = limitError(files, path, bytes, ctx.scope);
  if (limit) return limit;
  await putText(ctx, path, next, bytes, meta.mediaType, origin, hunk);
  return undefined;
}

type Opened =
  | { ok: true; path: string; meta: FileMeta; text: string }
  | { ok: false; result: ToolExecutionResult };

/** The text file a str_replace or insert edits, or the result refusing it. */
async function openText(
  ctx: TreeContext,
  texts: ToolTexts,
  rawPath: string,
  command: 'str_replace' | 'insert',
): Promise<Opened> {
  const normal = normalizePath(rawPath, ctx.scope);
  if (!normal.ok) return { ok: false, result: failure(errorText(normal.error)) };
  const file = await ctx.store.read(ctx.key, normal.path);
  if (!file) return { ok: false, result: failure(texts.editMissing(command, rawPath)) };
  if (file.body.binary) return { ok: false, result: failure(binaryFileError(rawPath, file.meta)) };
  return { ok: true, path: normal.path, meta: file.meta, text: file.body.text };
}

function binaryFileError(path: string, meta: FileMeta): string {
  return errorText(`${path} is a binary file (${meta.mediaType}); the tools view and edit text files only.`);
}

export function failure(content: string): ToolExecutionResult {
  return { content, isError: true };
}
