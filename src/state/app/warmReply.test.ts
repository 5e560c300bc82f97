/**
 * Focusing the Message box starts loading what a reply needs: the client chunk once,
 * kept in the store, and a failed load is left for the request to report and retry.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batonStore, resetBatonStore } from '../store/store';
import { ModelClientCache } from './modelClients';
import { warmReply } from './warmReply';

beforeEach(() => resetBatonStore());
afterEach(() => {
  vi.doUnmock('./modelClients');
  vi.resetModules();
});

describe('warmReply', () => {
  it('starts loading the client chunk, held in the store, and a later focus finds it loading or loaded', async () => {
    expect(batonStore.getState().modelClients).toBeNull();
    warmReply();
    const loading = batonStore.getState().modelClients;
    expect(loading).not.toBeNull();
    warmReply();
    expect(batonStore.getState().modelClients).toBe(loading);
    await expect(loading).resolves.toBeInstanceOf(ModelClientCache);
  });

  it('a chunk that fails to load is not reported here, and the next focus loads it again', async () => {
    vi.resetModules();
    vi.doMock('./modelClients', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const store = await import('../store/store');
    const { warmReply: warm } = await import('./warmReply');
    warm();
    const failed = store.batonStore.getState().modelClients;
    expect(failed).not.toBeNull();
    await expect(failed).rejects.toThrow();
    // The store lets go of the failed load, so the request that needs the chunk tries again.
    await vi.waitFor(() => expect(store.batonStore.getState().modelClients).toBeNull());
    warm();
    expect(store.batonStore.getState().modelClients).not.toBeNull();
    expect(store.batonStore.getState().modelClients).not.toBe(failed);
    await store.batonStore.getState().modelClients?.catch(() => undefined);
  });
});
