import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DOCUMENT_TOKENS,
  DEFAULT_OUTPUT_TOKENS,
  expectedDocumentTokens,
  expectedOutputTokens,
} from './allowances';

describe('expectedOutputTokens', () => {
  it('is the mean of the last five replies’ reported output', () => {
    // The first reply (90,000) is past the five: (1,000 + 2,000 + 3,000 + 4,000 + 5,000) / 5.
    expect(expectedOutputTokens([90_000, 1_000, 2_000, 3_000, 4_000, 5_000])).toBe(3_000);
    expect(expectedOutputTokens([700])).toBe(700);
  });

  it('leaves out replies that reported nothing, and falls back before any reply', () => {
    expect(expectedOutputTokens([1_200, 0, Number.NaN, 800])).toBe(1_000);
    expect(expectedOutputTokens([])).toBe(DEFAULT_OUTPUT_TOKENS);
    expect(expectedOutputTokens([0])).toBe(DEFAULT_OUTPUT_TOKENS);
  });
});

describe('expectedDocumentTokens', () => {
  it('is the mean of the chain’s last three documents, or the default before the first', () => {
    // (3,000 + 1,500 + 1,800) / 3 = 2,100; the 9,000 is older than the three.
    expect(expectedDocumentTokens([9_000, 3_000, 1_500, 1_800])).toBe(2_100);
    expect(expectedDocumentTokens([])).toBe(DEFAULT_DOCUMENT_TOKENS);
  });
});
