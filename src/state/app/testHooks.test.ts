/**
 * The e2e hooks: without `window.__batonTestHooks` the app writes straight through its
 * backend; with it set before start, through the fault decorator, which reads the hooks
 * afresh on every write.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplyResult, ChangeWriter } from '../../storage/backend';
import { testStreamIdleTimeoutMs, testWriteIntervalMs, withTestFaults } from './testHooks';

afterEach(() => {
  vi.unstubAllGlobals();
});

function countingWriter(): ChangeWriter & { calls: number } {
  const writer = {
    calls: 0,
    apply: async (): Promise<ApplyResult> => {
      writer.calls += 1;
      return { refusedSessionIds: [] };
    },
  };
  return writer;
}

describe('withTestFaults', () => {
  it('returns the backend itself when no test set the hooks (no window, or no global)', async () => {
    const writer = countingWriter();
    expect(await withTestFaults(writer)).toBe(writer);
    vi.stubGlobal('window', {});
    expect(await withTestFaults(writer)).toBe(writer);
  });

  it('wraps the backend when the hooks were set, and reads them at each write', async () => {
    const page: { __batonTestHooks?: { failWrites?: number } } = { __batonTestHooks: {} };
    vi.stubGlobal('window', page);
    const writer = countingWriter();
    const wrapped = await withTestFaults(writer);
    expect(wrapped).not.toBe(writer);
    await wrapped.apply({ put: [] });
    expect(writer.calls).toBe(1);
    // Armed later, and with a new object, as the end-to-end specs do.
    page.__batonTestHooks = { failWrites: 1 };
    await expect(wrapped.apply({ put: [] })).rejects.toMatchObject({ name: 'QuotaExceededError' });
    await wrapped.apply({ put: [] });
    expect(writer.calls).toBe(2);
  });
});

describe('the plain readers', () => {
  it('read the write interval and a positive idle timeout, undefined otherwise', () => {
    expect(testWriteIntervalMs()).toBeUndefined();
    expect(testStreamIdleTimeoutMs()).toBeUndefined();
    vi.stubGlobal('window', { __batonTestHooks: { writeIntervalMs: 600_000, streamIdleTimeoutMs: 0 } });
    expect(testWriteIntervalMs()).toBe(600_000);
    expect(testStreamIdleTimeoutMs()).toBeUndefined();
    vi.stubGlobal('window', { __batonTestHooks: { streamIdleTimeoutMs: 1500 } });
    expect(testStreamIdleTimeoutMs()).toBe(1500);
  });
});
