import { describe, expect, it } from 'vitest';
import { BoundedCache } from './boundedCache';

function cache(maxEntries: number, maxWeight: number): BoundedCache<string> {
  return new BoundedCache<string>({
    maxEntries,
    maxWeight,
    weigh: (key, value) => key.length + value.length,
  });
}

describe('BoundedCache', () => {
  it('forgets the least recently used entry beyond its entry limit', () => {
    const c = cache(2, 1000);
    c.set('a', '1');
    c.set('b', '2');
    expect(c.get('a')).toBe('1'); // a is now the most recent
    c.set('c', '3');
    expect(c.peek('b')).toBeUndefined();
    expect(c.peek('a')).toBe('1');
    expect(c.peek('c')).toBe('3');
    expect(c.size).toBe(2);
  });

  it('forgets old entries beyond its weight limit and keeps the weight exact', () => {
    const c = cache(100, 10);
    c.set('aa', '123'); // 5
    c.set('bb', '123'); // 10
    expect(c.weight).toBe(10);
    c.set('cc', '1'); // 13 > 10: aa goes
    expect(c.peek('aa')).toBeUndefined();
    expect(c.weight).toBe(8);
    c.set('bb', '1'); // replaced: 3 + 5
    expect(c.weight).toBe(6);
    c.delete('cc');
    expect(c.weight).toBe(3);
    expect(c.size).toBe(1);
  });

  it('does not keep an entry heavier than the whole cache, nor evict others for it', () => {
    const c = cache(100, 10);
    c.set('a', '1');
    c.set('huge', 'x'.repeat(20));
    expect(c.peek('huge')).toBeUndefined();
    expect(c.peek('a')).toBe('1');
  });

  it('peek does not count as a use', () => {
    const c = cache(2, 1000);
    c.set('a', '1');
    c.set('b', '2');
    c.peek('a');
    c.set('c', '3');
    expect(c.peek('a')).toBeUndefined();
  });
});
