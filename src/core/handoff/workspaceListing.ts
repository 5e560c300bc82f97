/**
 * The workspace files named in a handoff (issue 26): the instruction lists them so the
 * document can refer to them by path instead of copying them, and the new session's first
 * context names them, since the successor works on the same files. Read before the request
 * (the workspace is asynchronous storage); the machine waits for it.
 */
import { formatBytes } from '../attachments/attachmentLimits';
import { inlineText } from '../untrusted/inlineText';
import type { FileMeta } from '../workspace/fileStore';

/** What a listed file shows: its path, size and last change. */
export type ListedFile = Pick<FileMeta, 'path' | 'size' | 'modifiedAt'>;

/** Files named one by one; a larger workspace is named by its first ones and a count. */
export const LISTED_FILES_MAX = 100;

/** `- /notes.md (2 KB, changed 2026-12-07 01:40 UTC)`, by path, at most LISTED_FILES_MAX of them. */
export function workspaceFileLines(files: readonly ListedFile[]): string[] {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const lines = sorted
    .slice(0, LISTED_FILES_MAX)
    .map(
      (file) =>
        `- ${inlineText(file.path)} (${formatBytes(file.size)}, changed ${changedAt(file.modifiedAt)})`,
    );
  const more = sorted.length - LISTED_FILES_MAX;
  if (more > 0) lines.push(`- and ${more} more`);
  return lines;
}

/** For the handoff instruction: the files stay; the document should point at them. */
export function workspaceInstructionLines(files: readonly ListedFile[]): string[] {
  if (files.length === 0) return [];
  return [
    'The workspace holds these files; the new session works on the same files:',
    ...workspaceFileLines(files),
    'Refer to them by path where they matter (what each holds, what is left to do in it); do not copy their contents.',
  ];
}

/** For the new session's first context, after the document. */
export function workspaceContextText(files: readonly ListedFile[]): string {
  return [
    'Your workspace (str_replace_based_edit_tool) holds these files from the earlier session:',
    ...workspaceFileLines(files),
  ].join('\n');
}

/** Minutes in UTC: the same text on every device, whatever its time zone. */
function changedAt(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
