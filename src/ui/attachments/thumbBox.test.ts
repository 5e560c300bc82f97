import { describe, expect, it } from 'vitest';
import { thumbBox } from './thumbBox';

const MAX = { width: 240, height: 160 };

describe('thumbBox', () => {
  it('fits the image in the box, keeping its proportions', () => {
    expect(thumbBox(3000, 2000, MAX)).toEqual({ width: 240, height: 160 });
    expect(thumbBox(1000, 2000, MAX)).toEqual({ width: 80, height: 160 });
    expect(thumbBox(4000, 100, MAX)).toEqual({ width: 240, height: 6 });
  });

  it('never enlarges a small image', () => {
    expect(thumbBox(32, 16, MAX)).toEqual({ width: 32, height: 16 });
  });

  it('is a square of the box height without dimensions', () => {
    expect(thumbBox(undefined, undefined, MAX)).toEqual({ width: 160, height: 160 });
  });
});
