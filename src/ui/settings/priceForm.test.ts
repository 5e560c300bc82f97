import { describe, expect, it } from 'vitest';
import { modelChoices, type PriceTexts, parsePriceTexts, priceTexts } from './priceForm';

const texts = (input: string, output: string, cacheWrite: string, cacheRead: string): PriceTexts => ({
  input,
  output,
  cacheWrite,
  cacheRead,
});

describe('priceTexts', () => {
  it('writes each price plainly, without float noise, and nothing for no price', () => {
    expect(priceTexts({ input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.1 + 0.2 })).toEqual(
      texts('3', '15', '3.75', '0.3'),
    );
    expect(priceTexts(undefined)).toEqual(texts('', '', '', ''));
  });
});

describe('parsePriceTexts', () => {
  it('reads dollars with or without a $ and spaces', () => {
    expect(parsePriceTexts(texts(' 3 ', '$15', '3.75', '.3'), false)).toEqual({
      ok: true,
      price: { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 },
    });
    expect(parsePriceTexts(texts('0', '0.', '0', '0'), false)).toEqual({
      ok: true,
      price: { input: 0, output: 0, cacheWrite: 0, cacheRead: 0 },
    });
  });

  it('names each field that is not a price, and why', () => {
    const parsed = parsePriceTexts(texts('abc', '-1', '1,5', '1e3'), false);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.input).toBe(
      'Input price: “abc” is not a price. Enter dollars per million tokens, 0 or more, such as 3 or 0.30.',
    );
    expect(parsed.errors.output).toMatch(/^Output price: “-1” is not a price/);
    expect(parsed.errors.cacheWrite).toMatch(/^Cache write price: “1,5” is not a price/);
    expect(parsed.errors.cacheRead).toMatch(/^Cache read price: “1e3” is not a price/);
  });

  it('takes four empty fields as no price only where that is allowed', () => {
    expect(parsePriceTexts(texts('', '', '', ''), true)).toEqual({ ok: true, price: undefined });
    const required = parsePriceTexts(texts('', '', ' ', ''), false);
    expect(required.ok).toBe(false);
    if (!required.ok)
      expect(required.errors.input).toBe(
        'Input price: enter a price in dollars per million tokens, such as 3 or 0.30.',
      );
  });

  it('asks for all four or none when only some are filled', () => {
    const parsed = parsePriceTexts(texts('1', '5', '', ''), true);
    expect(parsed).toEqual({
      ok: false,
      errors: {
        cacheWrite: 'Cache write price: enter a price, or leave all four empty for no price.',
        cacheRead: 'Cache read price: enter a price, or leave all four empty for no price.',
      },
    });
  });
});

describe('modelChoices', () => {
  it('lists each model once, in its first group, without empty ids', () => {
    expect(modelChoices(['a', 'b', '', 'a'], ['b', 'c'], ['c', 'd'])).toEqual({
      session: ['a', 'b'],
      priced: ['c'],
      table: ['d'],
    });
  });
});
