// @vitest-environment jsdom
/**
 * A test's write faults reach the app's file store (testHooks.ts, fileFaults.ts): a commit
 * refused as a full disk lands nothing, and the next one goes through.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { appsPerTest } from '../../../testing/appHarness';

const start = appsPerTest();

afterEach(() => {
  window.__batonTestHooks = undefined;
});

describe("the app's file store under a test's write faults", () => {
  it('fails a commit as a full disk would, writing nothing, then writes again', async () => {
    window.__batonTestHooks = {};
    const app = await start();
    const tree = app.runtime.workspace.workspaceTree('s-faults');
    window.__batonTestHooks.failWrites = 1;
    await expect(tree.writeText('/a.md', 'text')).rejects.toThrow("The browser's storage is full");
    expect(await tree.list()).toEqual([]);
    expect(await tree.history()).toEqual([]);
    await tree.writeText('/a.md', 'text');
    expect((await tree.list()).map((file) => file.path)).toEqual(['/a.md']);
  });
});
