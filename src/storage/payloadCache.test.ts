import { describe, expect, it } from 'vitest';
import { PayloadCache } from './payloadCache';

const text = (chars: number) => ({ kind: 'text' as const, text: 'x'.repeat(chars) });

describe('PayloadCache', () => {
  it('counts each id once, however often it is set', () => {
    const cache = new PayloadCache(100);
    cache.set('a', text(10));
    cache.set('a', text(30));
    cache.set('b', text(5));
    expect(cache.totalChars).toBe(35);
    expect(cache.get('a')).toEqual(text(30));
  });

  it('drops least recently used payloads until the rest fit, never going over the bound', () => {
    const cache = new PayloadCache(25);
    cache.set('a', text(10));
    cache.set('b', text(10));
    cache.get('a');
    cache.set('c', text(10));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.totalChars).toBe(20);

    cache.set('d', text(25)); // exactly the bound: everything else goes
    expect(cache.totalChars).toBe(25);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('d')).toBeDefined();
  });

  it('keeps nothing of a payload over the bound, and what it held stays', () => {
    const cache = new PayloadCache(25);
    cache.set('a', text(10));
    cache.set('huge', text(26));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.totalChars).toBe(10);
  });
});
