import { describe, expect, it, vi } from 'vitest';
import type { Runtime } from './runtime';

/** A fresh copy of the module for each test: the runtime is module state, set once per page. */
async function freshRuntimeModule() {
  vi.resetModules();
  return import('./runtime');
}

// Only identity matters here; nothing of the runtime is called.
const fakeRuntime = { repository: {}, queue: {}, session: {} } as unknown as Runtime;

describe('runtime', () => {
  it('lets an action taken during start-up wait for the runtime instead of failing', async () => {
    const runtime = await freshRuntimeModule();
    expect(runtime.hasRuntime()).toBe(false);
    const waiting = runtime.whenRuntime();
    runtime.setRuntime(fakeRuntime);
    await expect(waiting).resolves.toBe(fakeRuntime);
    expect(runtime.getRuntime()).toBe(fakeRuntime);
  });

  it('hands a start-up failure to whatever waits, rather than leaving it waiting forever', async () => {
    const runtime = await freshRuntimeModule();
    const waiting = runtime.whenRuntime();
    runtime.failRuntime(new Error('storage is gone'));
    await expect(waiting).rejects.toThrow('storage is gone');
    expect(() => runtime.getRuntime()).toThrow('Baton has not finished loading yet.');
  });
});
