import { beforeEach, describe, expect, it } from 'vitest';
import {
  failRuntime,
  getRuntime,
  hasRuntime,
  type Runtime,
  setRuntime,
  whenRuntime,
} from '../../app/runtime';
import { batonStore, resetBatonStore } from '../../store/store';
import { initialRuntimeState } from './initialState';

// Only identity matters here; nothing of the runtime is called.
const fakeRuntime = { repository: {}, queue: {}, session: {} } as unknown as Runtime;

beforeEach(() => resetBatonStore());

describe('runtime slice', () => {
  it('starts with nothing live: no runtime, no failure, no model client chunk, no switch asked for', async () => {
    const { switchesQueued, ...rest } = initialRuntimeState;
    expect(rest).toEqual({ runtime: null, runtimeFailure: null, modelClients: null });
    await expect(switchesQueued).resolves.toBeUndefined();
    expect(hasRuntime()).toBe(false);
    expect(() => getRuntime()).toThrow('Baton has not finished loading yet.');
  });

  it('holds the runtime in the store; a reset store (a new app, the next test) starts without it', () => {
    setRuntime(fakeRuntime);
    expect(batonStore.getState().runtime).toBe(fakeRuntime);
    expect(getRuntime()).toBe(fakeRuntime);
    resetBatonStore();
    expect(hasRuntime()).toBe(false);
  });

  it('an action waiting for the runtime gets it once set, and one asking later gets it at once', async () => {
    const waiting = whenRuntime();
    setRuntime(fakeRuntime);
    await expect(waiting).resolves.toBe(fakeRuntime);
    await expect(whenRuntime()).resolves.toBe(fakeRuntime);
  });

  it('a start-up failure reaches every waiter, and later ones too', async () => {
    const first = whenRuntime();
    const second = whenRuntime();
    failRuntime(new Error('IndexedDB is gone'));
    await expect(first).rejects.toThrow('IndexedDB is gone');
    await expect(second).rejects.toThrow('IndexedDB is gone');
    await expect(whenRuntime()).rejects.toThrow('IndexedDB is gone');
  });

  it('a failure after the runtime was made is not start-up’s: the runtime stays', async () => {
    setRuntime(fakeRuntime);
    failRuntime(new Error('late'));
    expect(batonStore.getState().runtimeFailure).toBeNull();
    await expect(whenRuntime()).resolves.toBe(fakeRuntime);
  });
});
