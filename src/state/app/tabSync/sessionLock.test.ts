import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSessionBeingWritten, sessionLockName, withSessionLock } from './sessionLock';

/**
 * Web Locks as far as the lock uses them (Node has none): exclusive locks by name,
 * `ifAvailable` answering null at once when held, and a query of the held ones.
 */
function fakeLocks() {
  const held = new Set<string>();
  const locks = {
    async request<T>(
      name: string,
      options: { ifAvailable?: boolean },
      callback: (lock: { name: string } | null) => Promise<T>,
    ): Promise<T> {
      if (!options.ifAvailable) throw new Error('the session lock never waits');
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
    async query() {
      return { held: [...held].map((name) => ({ name, mode: 'exclusive' })) };
    },
  };
  vi.stubGlobal('navigator', { locks });
  return held;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

afterEach(() => vi.unstubAllGlobals());

describe('withSessionLock', () => {
  it('runs the work holding the session’s lock, and lets it go after', async () => {
    const held = fakeLocks();
    const decided = vi.fn();
    const outcome = await withSessionLock(
      's1',
      async () => {
        expect(held.has(sessionLockName('s1'))).toBe(true);
        expect(decided).toHaveBeenCalledTimes(1);
        return 'reply';
      },
      decided,
    );
    expect(outcome).toEqual({ acquired: true, value: 'reply' });
    expect(held.size).toBe(0);
  });

  it('a second writer of the same session is told at once that it is busy, and does not run', async () => {
    fakeLocks();
    const release = deferred();
    const first = withSessionLock(
      's1',
      () => release.promise,
      () => undefined,
    );
    const run = vi.fn(async () => 'never');
    const decided = vi.fn();
    await expect(withSessionLock('s1', run, decided)).resolves.toEqual({ acquired: false });
    expect(run).not.toHaveBeenCalled();
    expect(decided).toHaveBeenCalledTimes(1);
    // Another session is not held up.
    await expect(
      withSessionLock(
        's2',
        async () => 2,
        () => undefined,
      ),
    ).resolves.toEqual({
      acquired: true,
      value: 2,
    });
    release.resolve();
    await first;
    await expect(
      withSessionLock(
        's1',
        async () => 'now',
        () => undefined,
      ),
    ).resolves.toEqual({
      acquired: true,
      value: 'now',
    });
  });

  it('lets the lock go when the work fails, and the failure reaches the caller', async () => {
    const held = fakeLocks();
    await expect(
      withSessionLock(
        's1',
        async () => Promise.reject(new Error('the reply failed')),
        () => undefined,
      ),
    ).rejects.toThrow('the reply failed');
    expect(held.size).toBe(0);
  });

  it('without Web Locks (an old browser) runs unguarded', async () => {
    vi.stubGlobal('navigator', {});
    const decided = vi.fn();
    await expect(withSessionLock('s1', async () => 1, decided)).resolves.toEqual({
      acquired: true,
      value: 1,
    });
    expect(decided).toHaveBeenCalledTimes(1);
  });
});

describe('isSessionBeingWritten', () => {
  it('holds while a tab holds the session’s lock', async () => {
    fakeLocks();
    expect(await isSessionBeingWritten('s1')).toBe(false);
    const release = deferred();
    const writing = withSessionLock(
      's1',
      () => release.promise,
      () => undefined,
    );
    expect(await isSessionBeingWritten('s1')).toBe(true);
    expect(await isSessionBeingWritten('s2')).toBe(false);
    release.resolve();
    await writing;
    expect(await isSessionBeingWritten('s1')).toBe(false);
  });

  it('is false without Web Locks', async () => {
    vi.stubGlobal('navigator', {});
    expect(await isSessionBeingWritten('s1')).toBe(false);
  });

  it('names each session’s lock after the session', () => {
    expect(sessionLockName('abc')).toBe('baton-session-abc');
    expect(sessionLockName('a')).not.toBe(sessionLockName('b'));
  });
});
