import { describe, expect, it } from 'vitest';
import { modelFacts } from '../models/modelTable';
import { basePriceFor, priceFor, priceSource, withPriceOverride } from './modelPrice';

const price = (input: number) => ({
  input,
  output: input * 5,
  cacheWrite: input * 1.25,
  cacheRead: input / 10,
});

describe('priceFor', () => {
  it("uses the table's price for a model it knows, including a dated id of a known family", () => {
    expect(priceFor('claude-sonnet-4-6', {})).toEqual({
      input: 3,
      output: 15,
      cacheWrite: 3.75,
      cacheRead: 0.3,
    });
    expect(priceFor('claude-sonnet-4-6-20260101', {})).toEqual(modelFacts('claude-sonnet-4-6').price);
  });

  it('has no price for a model the table does not know, nor for the demo', () => {
    expect(priceFor('my-gateway-alias', {})).toBeUndefined();
    expect(priceFor('baton-demo', {})).toBeUndefined();
    expect(priceFor('', {})).toBeUndefined();
  });

  it("the user's price for the exact id wins over the family's, which wins over the table's", () => {
    const family = price(1);
    const exact = price(2);
    expect(priceFor('claude-sonnet-4-6-20260101', { 'claude-sonnet-4-6': family })).toEqual(family);
    expect(
      priceFor('claude-sonnet-4-6-20260101', {
        'claude-sonnet-4-6': family,
        'claude-sonnet-4-6-20260101': exact,
      }),
    ).toEqual(exact);
    expect(priceFor('my-gateway-alias', { 'my-gateway-alias': exact })).toEqual(exact);
  });

  it("does not find Object.prototype's members as prices", () => {
    expect(priceFor('constructor', {})).toBeUndefined();
    expect(priceFor('toString', {})).toBeUndefined();
  });
});

describe('priceSource', () => {
  it('says where the price comes from', () => {
    expect(priceSource('claude-sonnet-4-6', {})).toBe('table');
    expect(priceSource('gateway', {})).toBe('none');
    expect(priceSource('gateway', { gateway: price(1) })).toBe('own');
    expect(priceSource('claude-sonnet-4-6-2026', { 'claude-sonnet-4-6': price(1) })).toBe('family');
    expect(priceSource('claude-sonnet-4-6', { 'claude-sonnet-4-6': price(1) })).toBe('own');
  });
});

describe('withPriceOverride', () => {
  it('adds a copy of the price, leaving the given overrides untouched', () => {
    const before = { other: price(9) };
    const mine = price(1);
    const after = withPriceOverride(before, 'claude-sonnet-4-6', mine);
    expect(after).toEqual({ other: price(9), 'claude-sonnet-4-6': price(1) });
    expect(after['claude-sonnet-4-6']).not.toBe(mine);
    expect(before).toEqual({ other: price(9) });
  });

  it('removes the entry when given undefined or the price the model has anyway', () => {
    const overrides = { 'claude-sonnet-4-6': price(1), 'claude-sonnet-4-6-x': price(2) };
    expect(withPriceOverride(overrides, 'claude-sonnet-4-6', undefined)).toEqual({
      'claude-sonnet-4-6-x': price(2),
    });
    // The dated id's base is its family's price, here the user's.
    expect(withPriceOverride(overrides, 'claude-sonnet-4-6-x', price(1))).toEqual({
      'claude-sonnet-4-6': price(1),
    });
    expect(withPriceOverride({}, 'claude-sonnet-4-6', basePriceFor('claude-sonnet-4-6', {}))).toEqual({});
  });

  it('keeps a model id such as __proto__ as an ordinary key', () => {
    const after = withPriceOverride({}, '__proto__', price(1));
    expect(Object.hasOwn(after, '__proto__')).toBe(true);
    expect(priceFor('__proto__', after)).toEqual(price(1));
  });
});
