import { describe, expect, it } from 'vitest';
import { restoreSettings } from './settings';

const price = { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 };

describe('restoreSettings: priceOverrides', () => {
  it('keeps whole prices, rebuilt from their four numbers only', () => {
    const stored = { priceOverrides: { 'claude-sonnet-4-6': { ...price, note: 'extra', input: 2 } } };
    const restored = restoreSettings(stored).priceOverrides;
    expect(restored).toEqual({ 'claude-sonnet-4-6': { ...price, input: 2 } });
    expect(restored['claude-sonnet-4-6']).not.toBe(stored.priceOverrides['claude-sonnet-4-6']);
  });

  it('drops prices that are missing a number, negative, not finite or not numbers, and empty ids', () => {
    const stored = {
      priceOverrides: {
        missing: { input: 1, output: 1, cacheWrite: 1 },
        negative: { ...price, cacheRead: -1 },
        infinite: { ...price, output: Number.POSITIVE_INFINITY },
        text: { ...price, input: '3' },
        null: null,
        ' ': price,
        kept: price,
      },
    };
    expect(restoreSettings(stored).priceOverrides).toEqual({ kept: price });
  });

  it('gives no prices for anything but an object of prices', () => {
    expect(restoreSettings({ priceOverrides: [price] }).priceOverrides).toEqual({});
    expect(restoreSettings({ priceOverrides: 'cheap' }).priceOverrides).toEqual({});
    expect(restoreSettings({}).priceOverrides).toEqual({});
  });

  it('keeps a model id such as __proto__ as an ordinary key', () => {
    const stored = JSON.parse(`{"priceOverrides": {"__proto__": ${JSON.stringify(price)}}}`) as unknown;
    const restored = restoreSettings(stored).priceOverrides;
    expect(Object.hasOwn(restored, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(restored)).toBe(Object.prototype);
  });
});

describe('restoreSettings: nameSessions', () => {
  it('is on unless stored as false, so settings from before it have it on', () => {
    expect(restoreSettings({}).nameSessions).toBe(true);
    expect(restoreSettings({ nameSessions: true }).nameSessions).toBe(true);
    expect(restoreSettings({ nameSessions: 'no' }).nameSessions).toBe(true);
    expect(restoreSettings({ nameSessions: false }).nameSessions).toBe(false);
  });
});
