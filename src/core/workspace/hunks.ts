/**
 * Hunks: a text change as "at offset `start`, `removed` became `inserted`". The smallest
 * record that both shows a change and undoes it, whatever the file's size: a 1 MB file's
 * one-line edit is stored as that line, not as two copies of the file.
 */
import type { FileEdit } from './fileStore';

export type Hunk = Extract<FileEdit, { kind: 'hunk' }>;

/** Lines of context kept around a hunk for its diff (display only). */
export const CONTEXT_LINES = 3;
/** A bound on each side's context, so a long single-line file does not copy itself into it. */
const CONTEXT_CHARS = 600;

/**
 * The hunk that turns `before` into `after`: their common start and end left out, so a
 * hand edit of one word is one word's hunk. Undefined when the two are equal. The cut
 * never falls inside a surrogate pair, so both sides stay whole characters.
 */
export function computeHunk(before: string, after: string): Hunk | undefined {
  if (before === after) return undefined;
  const most = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < most && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  if (prefix > 0 && isHighSurrogate(before.charCodeAt(prefix - 1))) prefix--;
  let suffix = 0;
  while (
    suffix < most - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  )
    suffix++;
  if (suffix > 0 && isLowSurrogate(before.charCodeAt(before.length - suffix))) suffix--;
  return hunkAt(
    before,
    prefix,
    before.slice(prefix, before.length - suffix),
    after.slice(prefix, after.length - suffix),
  );
}

/** A hunk replacing `removed` (which must be at `start` in `text`) with `inserted`, with its context. */
export function hunkAt(text: string, start: number, removed: string, inserted: string): Hunk {
  return {
    kind: 'hunk',
    start,
    removed,
    inserted,
    context: contextAround(text, start, start + removed.length),
  };
}

/** `text` with the hunk applied; the caller has checked that `removed` is where the hunk says. */
export function applyHunk(text: string, hunk: Pick<Hunk, 'start' | 'removed' | 'inserted'>): string {
  return text.slice(0, hunk.start) + hunk.inserted + text.slice(hunk.start + hunk.removed.length);
}

/** The text at the hunk's place in `text` is what it inserted (so undoing it is safe). */
export function hunkStillApplied(text: string, start: number, inserted: string): boolean {
  return start >= 0 && start + inserted.length <= text.length && text.startsWith(inserted, start);
}

/**
 * The hunk that undoes `hunk` in `text` (the current text, where the hunk's inserted text
 * now sits at `start`): `inserted` becomes `removed` again.
 */
export function invertHunk(text: string, hunk: Hunk, start: number = hunk.start): Hunk {
  return hunkAt(text, start, hunk.inserted, hunk.removed);
}

/**
 * Where a later hunk on the same file moves the place `[start, start + length)`: it
 * shifts when the later hunk lies wholly before it (an insertion right at `start`
 * included), stays when wholly after, and is gone (undefined) when the two overlap: the
 * text there has changed since.
 */
export function shiftThrough(start: number, length: number, later: Hunk): number | undefined {
  if (later.start + later.removed.length <= start)
    return start + later.inserted.length - later.removed.length;
  if (later.start >= start + length) return start;
  return undefined;
}

/**
 * Up to CONTEXT_LINES whole lines before `start` and after `end`, plus the rest of the
 * lines the hunk starts and ends in, each side bounded by CONTEXT_CHARS.
 */
function contextAround(text: string, start: number, end: number): { before: string; after: string } {
  let from = startOfLine(text, start);
  for (let lines = 0; lines < CONTEXT_LINES && from > 0; lines++) from = startOfLine(text, from - 1);
  let to = end > 0 && text[end - 1] !== '\n' ? endOfLine(text, end) : end;
  for (let lines = 0; lines < CONTEXT_LINES && to < text.length; lines++) to = endOfLine(text, to);
  from = Math.max(from, start - CONTEXT_CHARS);
  to = Math.min(to, end + CONTEXT_CHARS);
  return { before: text.slice(from, start), after: text.slice(end, to) };
}

/** The offset where the line holding offset `index` starts. */
function startOfLine(text: string, index: number): number {
  return index <= 0 ? 0 : text.lastIndexOf('\n', index - 1) + 1;
}

/** The offset just past the end of the line holding `index` (its newline included). */
function endOfLine(text: string, index: number): number {
  const newline = text.indexOf('\n', index);
  return newline < 0 ? text.length : newline + 1;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
