import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupThousands } from './groupThousands';

describe('groupThousands', () => {
  it('groups like en-US for typical counts', () => {
    expect(groupThousands(0)).toBe('0');
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(1000)).toBe('1,000');
    expect(groupThousands(500_001)).toBe('500,001');
    expect(groupThousands(-1_234_567)).toBe('-1,234,567');
  });

  it('agrees with toLocaleString("en-US") for every safe integer', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
  });
});
