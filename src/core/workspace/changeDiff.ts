/**
 * A change as the lines of a unified diff, for the Files panel: context lines around
 * removed lines followed by added ones. Built from the change record alone (a hunk keeps
 * a few lines of context for this), so a change shows the same whatever came after it.
 */
import type { FileChange } from './fileStore';
import { CONTEXT_LINES } from './hunks';

export interface DiffLine {
  kind: 'context' | 'added' | 'removed';
  text: string;
}

export function changeDiff(change: FileChange): DiffLine[] {
  const edit = change.edit;
  switch (edit.kind) {
    case 'create':
      if (edit.text === null) return [];
      return typeof edit.replaced === 'string'
        ? lineDiff(edit.replaced, edit.text)
        : splitLines(edit.text).map((text) => ({ kind: 'added', text }));
    case 'hunk': {
      const before = edit.context?.before ?? '';
      const after = edit.context?.after ?? '';
      return lineDiff(before + edit.removed + after, before + edit.inserted + after);
    }
    case 'delete':
      return edit.text === null ? [] : splitLines(edit.text).map((text) => ({ kind: 'removed', text }));
    case 'rename':
      return [];
  }
}

/**
 * The lines of `before` and `after` with their common first and last lines as context
 * (at most CONTEXT_LINES each side), the lines between as removed then added. One block:
 * enough for a hunk, which is one place by construction, and honest for a whole-file
 * replace (everything between the first and last difference is shown as changed).
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  // Texts that differ only in a final newline would show no difference line by line:
  // then the final empty line is shown as a line of its own.
  const lastNewlineOnly = before !== after && splitLines(before).join('\n') === splitLines(after).join('\n');
  const old = lastNewlineOnly ? before.split('\n') : splitLines(before);
  const next = lastNewlineOnly ? after.split('\n') : splitLines(after);
  let head = 0;
  while (head < old.length && head < next.length && old[head] === next[head]) head++;
  let tail = 0;
  while (
    tail < old.length - head &&
    tail < next.length - head &&
    old[old.length - 1 - tail] === next[next.length - 1 - tail]
  )
    tail++;
  const context = (lines: string[]): DiffLine[] => lines.map((text) => ({ kind: 'context', text }));
  return [
    ...context(old.slice(Math.max(0, head - CONTEXT_LINES), head)),
    ...old.slice(head, old.length - tail).map((text): DiffLine => ({ kind: 'removed', text })),
    ...next.slice(head, next.length - tail).map((text): DiffLine => ({ kind: 'added', text })),
    ...context(old.slice(old.length - tail, old.length - tail + CONTEXT_LINES)),
  ];
}

/** A text's lines; a final newline ends the last line rather than starting an empty one. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
