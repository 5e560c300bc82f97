import { describe, expect, it } from 'vitest';
import { rowTarget } from './rowKeys';

describe('rowTarget', () => {
  it('moves by one within the list and stops at its ends', () => {
    expect(rowTarget('ArrowDown', 0, 3)).toBe(1);
    expect(rowTarget('ArrowDown', 2, 3)).toBe(2);
    expect(rowTarget('ArrowUp', 0, 3)).toBe(0);
    expect(rowTarget('ArrowUp', 2, 3)).toBe(1);
  });

  it('jumps to the ends with Home and End, and leaves other keys alone', () => {
    expect(rowTarget('Home', 2, 3)).toBe(0);
    expect(rowTarget('End', 0, 3)).toBe(2);
    expect(rowTarget('Enter', 1, 3)).toBeUndefined();
    expect(rowTarget('ArrowDown', 0, 0)).toBeUndefined();
  });
});
