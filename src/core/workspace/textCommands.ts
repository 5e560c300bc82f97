/**
 * The text side of the commands, on strings only: where old_str occurs, where an insert
 * goes, which lines a view shows. The tools' wording lives in their texts modules; the
 * files and their history in the executor.
 */
import { type Hunk, hunkAt } from './hunks';
import { VIEW_MAX_CHARACTERS } from './viewLimits';

/**
 * Every offset where `needle` starts in `text`, overlapping ones included: "aa" in "aaa"
 * is two matches, since replacing "the" one would be a guess.
 */
export function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) found.push(at);
  return found;
}

/** The 1-based line number of offset `index` in `text`. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at >= 0 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/** The 1-based line numbers of several offsets, in one pass (offsets ascending). */
export function linesAt(text: string, offsets: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let newline = text.indexOf('\n');
  for (const offset of offsets) {
    while (newline >= 0 && newline < offset) {
      line++;
      newline = text.indexOf('\n', newline + 1);
    }
    lines.push(line);
  }
  return lines;
}

/**
 * The lines from `context` lines before the one holding offset `start` to `context`
 * lines after the one holding `end`, found by offset (a 1 MB file is not split whole).
 * `startLine` is the number of the line holding `start`.
 */
export function linesAround(
  text: string,
  start: number,
  end: number,
  startLine: number,
  context: number,
): { lines: string[]; first: number } {
  let from = start <= 0 ? 0 : text.lastIndexOf('\n', start - 1) + 1;
  let back = 0;
  while (back < context && from > 0) {
    from = from - 1 <= 0 ? 0 : text.lastIndexOf('\n', from - 2) + 1;
    back++;
  }
  let to = end;
  for (let ahead = 0; ahead <= context; ahead++) {
    const newline = text.indexOf('\n', to);
    if (newline < 0) {
      to = text.length;
      break;
    }
    to = newline + (ahead < context ? 1 : 0);
  }
  return { lines: text.slice(from, to).split('\n'), first: startLine - back };
}

/** Lines as the insert command counts them: split on newlines, so "a\n" is two lines, the second empty. */
export function lineCount(text: string): number {
  let count = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/**
 * The hunk that inserts `insertText` as a line after line `insertLine` (0: before the
 * first). One trailing newline of the text is the line's own end, so inserting "x\n" and
 * "x" both add the one line "x". Undefined when `insertLine` is outside [0, lines].
 */
export function insertionHunk(text: string, insertLine: number, insertText: string): Hunk | undefined {
  const lines = lineCount(text);
  if (insertLine < 0 || insertLine > lines) return undefined;
  const line = insertText.endsWith('\n') ? insertText.slice(0, -1) : insertText;
  if (insertLine === lines) return hunkAt(text, text.length, '', `\n${line}`);
  let offset = 0;
  for (let passed = 0; passed < insertLine; passed++) offset = text.indexOf('\n', offset) + 1;
  return hunkAt(text, offset, '', `${line}\n`);
}

export interface ViewSlice {
  /** The lines shown, without their newlines. */
  lines: string[];
  /** The number of the first line shown. */
  first: number;
  /** The file's lines in all. */
  total: number;
  /** Set when the view stopped early at VIEW_MAX_CHARACTERS: the last line shown. */
  truncatedAt?: number;
}

export type ViewRangeResult = { ok: true; slice: ViewSlice } | { ok: false; error: string };

/** The lines a view shows: all of them or `range` ([start, end], end -1 for the last), within the character cap. */
export function viewSlice(text: string, range?: [number, number]): ViewRangeResult {
  const all = text.split('\n');
  const total = all.length;
  let first = 1;
  let last = total;
  if (range) {
    const [start, end] = range;
    if (start < 1 || start > total)
      return {
        ok: false,
        error: `Invalid \`view_range\`: its first line, ${start}, should be within [1, ${total}].`,
      };
    if (end !== -1 && (end < start || end > total))
      return {
        ok: false,
        error: `Invalid \`view_range\`: its last line, ${end}, should be within [${start}, ${total}], or -1 for the end.`,
      };
    first = start;
    last = end === -1 ? total : end;
  }
  const lines: string[] = [];
  let chars = 0;
  for (let n = first; n <= last; n++) {
    const line = all[n - 1] ?? '';
    chars += line.length + 1;
    if (chars > VIEW_MAX_CHARACTERS && lines.length > 0)
      return { ok: true, slice: { lines, first, total, truncatedAt: n - 1 } };
    lines.push(line.length > VIEW_MAX_CHARACTERS ? line.slice(0, VIEW_MAX_CHARACTERS) : line);
  }
  return { ok: true, slice: { lines, first, total } };
}

/** The note after a view cut short at the character cap. */
export function truncationNote(slice: ViewSlice): string {
  return slice.truncatedAt === undefined
    ? ''
    : `\n[Shown up to line ${slice.truncatedAt} of ${slice.total}: a view shows at most ${VIEW_MAX_CHARACTERS.toLocaleString('en-US')} characters. Use view_range to see the lines after it.]`;
}
