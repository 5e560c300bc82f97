import { describe, expect, it } from 'vitest';
import { createSessionHeader } from '../../core/session/sessionLog';
import type { SessionHeader } from '../../core/types/entry';
import { MemoryFileStore } from '../../core/workspace/memoryFileStore';
import { WorkspaceAccess } from './workspaceTrees';

const first = createSessionHeader({ id: 'first', model: 'm', now: 1 });
const second: SessionHeader = {
  ...createSessionHeader({ id: 'second', model: 'm', now: 2 }),
  workspace: 'first',
};

function access() {
  const store = new MemoryFileStore();
  const headers = new Map([first, second].map((header) => [header.id, header]));
  return { store, access: new WorkspaceAccess(store, (id) => headers.get(id)) };
}

describe('WorkspaceAccess', () => {
  it('gives every session of a chain the same tree, found by header or by id', () => {
    const { access: files } = access();
    const tree = files.workspaceTree(first);
    expect(tree.key).toBe('workspace:first');
    expect(files.workspaceTree(second)).toBe(tree);
    expect(files.workspaceTree('second')).toBe(tree);
  });

  it('gives a session it does not know its own workspace, and memory its own root', () => {
    const { access: files } = access();
    expect(files.workspaceTree('fresh').key).toBe('workspace:fresh');
    expect(files.memoryTree().key).toBe('memory');
    expect(files.memoryTree()).toBe(files.memoryTree());
  });

  it('tells a watcher of its own root only, until it unsubscribes', async () => {
    const { store, access: files } = access();
    const heard: string[] = [];
    const stop = files.watch('workspace:first', () => heard.push('first'));
    await store.commit('workspace:other', [], []);
    await store.commit('workspace:first', [], []);
    stop();
    await store.commit('workspace:first', [], []);
    expect(heard).toEqual(['first']);
  });

  it("gives a session's port the chain's tree, the memory directory and each root's commits heard of", async () => {
    const { store, access: files } = access();
    const port = files.port();
    expect(port.tree(second)).toBe(files.workspaceTree(first));
    expect(port.memory()).toBe(files.memoryTree());
    expect(port.commits('memory')).toBe(0);
    await store.commit('memory', [], []);
    await store.commit('memory', [], []);
    await store.commit('workspace:first', [], []);
    expect(port.commits('memory')).toBe(2);
    expect(port.commits('workspace:first')).toBe(1);
  });
});
