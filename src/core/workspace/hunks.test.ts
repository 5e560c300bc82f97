/**
 * Hunks: the smallest change between two texts, applying and inverting it, following a
 * place through later hunks; and the diff lines the panel shows for a change.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeDiff, type DiffLine, lineDiff, splitLines } from './changeDiff';
import type { FileChange, FileEdit } from './fileStore';
import {
  applyHunk,
  computeHunk,
  type Hunk,
  hunkAt,
  hunkStillApplied,
  invertHunk,
  shiftThrough,
} from './hunks';

describe('computeHunk', () => {
  it('keeps only what differs between the common start and end', () => {
    expect(computeHunk('hello world\n', 'hello there\n')).toMatchObject({
      kind: 'hunk',
      start: 6,
      removed: 'world',
      inserted: 'there',
    });
    expect(computeHunk('abc', 'abXc')).toMatchObject({ start: 2, removed: '', inserted: 'X' });
    expect(computeHunk('same', 'same')).toBeUndefined();
  });

  it('never cuts a surrogate pair in two', () => {
    const hunk = computeHunk('a😀b', 'a😃b');
    expect(hunk).toMatchObject({ start: 1, removed: '😀', inserted: '😃' });
  });

  it('keeps up to three lines of context each side, for the diff', () => {
    const before = 'l1\nl2\nl3\nl4\nold\nl6\nl7\nl8\nl9\n';
    const hunk = computeHunk(before, before.replace('old', 'new'));
    expect(hunk?.context).toEqual({ before: 'l2\nl3\nl4\n', after: '\nl6\nl7\nl8\n' });
  });

  it('applies and inverts: over generated texts, apply(hunk) gives the new text, apply(inverse) the old', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '\n', 'é', '😀'), maxLength: 30 });
    fc.assert(
      fc.property(text, text, (before, after) => {
        const hunk = computeHunk(before, after);
        if (!hunk) {
          expect(before).toBe(after);
          return;
        }
        const next = applyHunk(before, hunk);
        expect(next).toBe(after);
        expect(hunkStillApplied(next, hunk.start, hunk.inserted)).toBe(true);
        expect(applyHunk(next, invertHunk(next, hunk))).toBe(before);
        // Whole characters only: no lone surrogate on either side.
        expect(hunk.removed + hunk.inserted).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('shiftThrough', () => {
  const later = (start: number, removed: string, inserted: string): Hunk =>
    hunkAt('x'.repeat(100), start, removed, inserted);

  it('moves a place by an edit wholly before it, keeps it for one after, loses it on overlap', () => {
    expect(shiftThrough(10, 3, later(2, 'ab', 'abcd'))).toBe(12);
    expect(shiftThrough(10, 3, later(10, '', 'ins'))).toBe(13);
    expect(shiftThrough(10, 3, later(13, 'x', 'y'))).toBe(10);
    expect(shiftThrough(10, 3, later(11, 'x', 'y'))).toBeUndefined();
    expect(shiftThrough(10, 3, later(8, 'xxx', ''))).toBeUndefined();
  });
});

const change = (edit: FileEdit): FileChange => ({
  id: 'c',
  root: 'workspace:w',
  path: '/a.md',
  at: 1,
  origin: { kind: 'user', action: 'edit' },
  edit,
});
const lines = (diff: DiffLine[]) =>
  diff.map((line) => `${{ context: ' ', added: '+', removed: '-' }[line.kind]}${line.text}`);

describe('changeDiff', () => {
  it('shows a hunk as its lines with context, removed before added', () => {
    const before = 'one\ntwo\nthree\nfour\n';
    const hunk = computeHunk(before, before.replace('two', 'TWO\nand more'));
    if (!hunk) throw new Error('no hunk');
    expect(lines(changeDiff(change(hunk)))).toEqual([' one', '-two', '+TWO', '+and more', ' three', ' four']);
  });

  it('shows a create as added lines, a delete as removed ones, an overwrite as the lines that differ', () => {
    expect(lines(changeDiff(change({ kind: 'create', text: 'a\nb\n' })))).toEqual(['+a', '+b']);
    expect(lines(changeDiff(change({ kind: 'delete', text: 'a\nb' })))).toEqual(['-a', '-b']);
    expect(lines(changeDiff(change({ kind: 'create', text: 'a\nB\nc\n', replaced: 'a\nb\nc\n' })))).toEqual([
      ' a',
      '-b',
      '+B',
      ' c',
    ]);
  });

  it('shows nothing for a binary file or a rename (the panel says what happened)', () => {
    expect(changeDiff(change({ kind: 'create', text: null }))).toEqual([]);
    expect(changeDiff(change({ kind: 'delete', text: null }))).toEqual([]);
    expect(changeDiff(change({ kind: 'rename', from: '/b.md' }))).toEqual([]);
  });

  it('shows a change of the final newline alone as a line', () => {
    expect(lines(lineDiff('a\nb', 'a\nb\n'))).toEqual([' a', ' b', '+']);
  });

  it('limits a whole-file diff to three lines of context each side', () => {
    const old = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    const diff = lineDiff(old, old.replace('line 10', 'ten'));
    expect(lines(diff)).toEqual([
      ' line 7',
      ' line 8',
      ' line 9',
      '-line 10',
      '+ten',
      ' line 11',
      ' line 12',
      ' line 13',
    ]);
  });

  it('splits lines without an empty last one for a final newline', () => {
    expect(splitLines('a\nb\n')).toEqual(['a', 'b']);
    expect(splitLines('')).toEqual([]);
    expect(splitLines('\n')).toEqual(['']);
  });
});
