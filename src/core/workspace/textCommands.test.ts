/**
 * The text side of the commands: occurrences, line numbers, where an insert goes, which
 * lines a view and a str_replace snippet show.
 */
import { describe, expect, it } from 'vitest';
import { applyHunk } from './hunks';
import {
  insertionHunk,
  lineAt,
  lineCount,
  linesAround,
  linesAt,
  occurrences,
  viewSlice,
} from './textCommands';

describe('textCommands', () => {
  it('finds every occurrence, overlapping ones too, and their lines', () => {
    expect(occurrences('abcabc', 'bc')).toEqual([1, 4]);
    expect(occurrences('aaaa', 'aa')).toEqual([0, 1, 2]);
    expect(occurrences('abc', 'x')).toEqual([]);
    expect(linesAt('a\nb x\nc\nx', [3, 8])).toEqual([2, 4]);
    expect(lineAt('a\nb\nc', 4)).toBe(3);
    expect(lineCount('')).toBe(1);
    expect(lineCount('a\n')).toBe(2);
  });

  it('inserts a line after line n, as splitting on newlines counts lines', () => {
    const insert = (text: string, line: number, add: string) => {
      const hunk = insertionHunk(text, line, add);
      return hunk && applyHunk(text, hunk);
    };
    expect(insert('a\nb\n', 0, 'x')).toBe('x\na\nb\n');
    expect(insert('a\nb\n', 1, 'x\n')).toBe('a\nx\nb\n');
    expect(insert('a\nb\n', 2, 'x')).toBe('a\nb\nx\n');
    expect(insert('a\nb\n', 3, 'x')).toBe('a\nb\n\nx');
    expect(insert('', 0, 'x')).toBe('x\n');
    expect(insert('a\nb\n', 4, 'x')).toBeUndefined();
    expect(insert('a', -1, 'x')).toBeUndefined();
  });

  it('shows the lines around a change, by offset', () => {
    const text = 'l1\nl2\nl3\nl4\nl5\nl6\nl7\n';
    const at = text.indexOf('l4');
    expect(linesAround(text, at, at + 2, 4, 2)).toEqual({ lines: ['l2', 'l3', 'l4', 'l5', 'l6'], first: 2 });
    expect(linesAround(text, 0, 2, 1, 2)).toEqual({ lines: ['l1', 'l2', 'l3'], first: 1 });
    const last = text.indexOf('l7');
    expect(linesAround(text, last, last + 2, 7, 2)).toEqual({ lines: ['l5', 'l6', 'l7', ''], first: 5 });
    const two = text.indexOf('l3');
    expect(linesAround(text, two, two + 5, 3, 1)).toEqual({ lines: ['l2', 'l3', 'l4', 'l5'], first: 2 });
  });

  it('views all lines or a range', () => {
    expect(viewSlice('a\nb\nc', [2, 2])).toEqual({ ok: true, slice: { lines: ['b'], first: 2, total: 3 } });
    expect(viewSlice('a\nb\nc')).toEqual({ ok: true, slice: { lines: ['a', 'b', 'c'], first: 1, total: 3 } });
    expect(viewSlice('a', [0, 1]).ok).toBe(false);
  });
});
