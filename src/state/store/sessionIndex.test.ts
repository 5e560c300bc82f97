import { describe, expect, it } from 'vitest';
import type { SessionHeader } from '../../core/types/entry';
import { sessionById, sessionModels } from './sessionIndex';

const header = (id: string, model: string): SessionHeader => ({
  id,
  title: id,
  createdAt: 0,
  updatedAt: 0,
  model,
  leafId: null,
  children: [],
});

describe('sessionIndex', () => {
  it('finds a header by id, and nothing for a missing or null id', () => {
    const sessions = [header('a', 'm1'), header('b', 'm2')];
    expect(sessionById(sessions, 'b')?.title).toBe('b');
    expect(sessionById(sessions, 'z')).toBeUndefined();
    expect(sessionById(sessions, null)).toBeUndefined();
  });

  it('indexes each array on its own: a new array is a new index', () => {
    const before = [header('a', 'm1')];
    const after = [header('b', 'm1')];
    expect(sessionById(before, 'a')).toBeDefined();
    expect(sessionById(after, 'a')).toBeUndefined();
  });

  it('lists the distinct models in order, the same array for the same sessions', () => {
    const sessions = [header('a', 'm2'), header('b', 'm1'), header('c', 'm2')];
    expect(sessionModels(sessions)).toEqual(['m2', 'm1']);
    expect(sessionModels(sessions)).toBe(sessionModels(sessions));
  });
});
