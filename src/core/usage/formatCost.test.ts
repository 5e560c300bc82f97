import { describe, expect, it } from 'vitest';
import { costSummary, formatTokenCount, formatUsd } from './formatCost';

const usage = (input: number) => ({ input, output: 0, cacheRead: 0, cacheWrite: 0 });

describe('formatUsd', () => {
  it('writes cents from a dollar up, with thousands grouped', () => {
    expect(formatUsd(1)).toBe('$1.00');
    expect(formatUsd(12.345)).toBe('$12.35');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });

  it('gives small sums about two significant digits, at most four decimals', () => {
    expect(formatUsd(0.5)).toBe('$0.50');
    expect(formatUsd(0.123)).toBe('$0.12');
    expect(formatUsd(0.0423)).toBe('$0.042');
    expect(formatUsd(0.00423)).toBe('$0.0042');
    expect(formatUsd(0.00042)).toBe('$0.0004');
  });

  it('writes nothing spent as $0.00 and a sliver as less than the smallest shown', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(0.00001)).toBe('< $0.0001');
  });
});

describe('costSummary', () => {
  it('is the cost, marked as a lower bound when partial, or the tokens when nothing is priced', () => {
    expect(costSummary({ usage: usage(5), lines: [], cost: 0.042, partial: false, unreadable: 0 })).toBe(
      '$0.042',
    );
    expect(costSummary({ usage: usage(5), lines: [], cost: 0.042, partial: true, unreadable: 0 })).toBe(
      '≥ $0.042',
    );
    expect(costSummary({ usage: usage(12_345), lines: [], partial: false, unreadable: 0 })).toBe(
      '12,345 tokens',
    );
  });

  it('counts one token in the singular', () => {
    expect(formatTokenCount(1)).toBe('1 token');
    expect(formatTokenCount(0)).toBe('0 tokens');
  });
});
