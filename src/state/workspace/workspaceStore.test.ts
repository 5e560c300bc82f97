import { describe, expect, it } from 'vitest';
import { MemoryFileStore } from '../../core/workspace/memoryFileStore';
import { OpenedOnUse } from './workspaceStore';

describe('OpenedOnUse', () => {
  it('opens the store once, at the first call, and tells watchers who came before of its commits', async () => {
    const inner = new MemoryFileStore();
    let opened = 0;
    const store = new OpenedOnUse(async () => {
      opened += 1;
      return inner;
    });
    const heard: string[] = [];
    store.watch((root) => heard.push(root));
    await store.commit('memory', [], []);
    await store.list('memory');
    expect(opened).toBe(1);
    expect(heard).toEqual(['memory']);
  });

  it('tries a failed opening again at the next call', async () => {
    let attempts = 0;
    const store = new OpenedOnUse(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('The database is blocked.');
      return new MemoryFileStore();
    });
    await expect(store.list('memory')).rejects.toThrow('The database is blocked.');
    expect(await store.list('memory')).toEqual([]);
  });
});
