import { describe, expect, it } from 'vitest';
import { OpenQueue, STALE_OPEN } from './openQueue';

/** A read the test finishes when it likes. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('OpenQueue', () => {
  it('runs an open and resolves once it has run; settled() follows it', async () => {
    const queue = new OpenQueue();
    const opened: string[] = [];
    await queue.open('a', async (id, unlessStale) => {
      opened.push(await unlessStale(Promise.resolve(id)));
    });
    expect(opened).toEqual(['a']);
    expect(queue.isWanted('a')).toBe(true);
    await expect(queue.settled()).resolves.toBeUndefined();
  });

  it('runs opens one after the other, never two at once', async () => {
    const queue = new OpenQueue();
    const log: string[] = [];
    const first = deferred<void>();
    const started = deferred<void>();
    const a = queue.open('a', async () => {
      log.push('a starts');
      started.resolve();
      await first.promise;
      log.push('a ends');
    });
    await started.promise;
    // b is asked for while a runs: it waits for a.
    const b = queue.open('b', async () => {
      log.push('b starts');
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log).toEqual(['a starts']);
    first.resolve();
    await Promise.all([a, b]);
    // a's own reads were not wrapped in unlessStale, so it ran to its end.
    expect(log).toEqual(['a starts', 'a ends', 'b starts']);
  });

  it('opens asked for while one runs: only the newest of them runs after it', async () => {
    const queue = new OpenQueue();
    const gate = deferred<void>();
    const started = deferred<void>();
    const ran: string[] = [];
    const open = async (id: string) => {
      ran.push(id);
      if (id === 'a') {
        started.resolve();
        await gate.promise;
      }
    };
    const a = queue.open('a', open);
    await started.promise;
    const b = queue.open('b', open);
    const c = queue.open('c', open);
    expect(queue.isWanted('c')).toBe(true);
    expect(queue.isWanted('b')).toBe(false);
    gate.resolve();
    await Promise.all([a, b, c]);
    expect(ran).toEqual(['a', 'c']);
  });

  it('opens asked for in one go (before any has started): only the last runs', async () => {
    const queue = new OpenQueue();
    const ran: string[] = [];
    const open = async (id: string) => {
      ran.push(id);
    };
    await Promise.all([queue.open('a', open), queue.open('b', open), queue.open('c', open)]);
    expect(ran).toEqual(['c']);
  });

  it('leaves a read under way behind at once when another session is asked for', async () => {
    const queue = new OpenQueue();
    const slowRead = deferred<string>();
    let outcome: unknown;
    const a = queue.open('a', async (_id, unlessStale) => {
      try {
        outcome = await unlessStale(slowRead.promise);
      } catch (error) {
        outcome = error;
      }
    });
    await Promise.resolve();
    const b = queue.open('b', async () => undefined);
    // b runs without waiting for a's read, which is never finished here.
    await Promise.all([a, b]);
    expect(outcome).toBe(STALE_OPEN);
  });

  it('a read that finishes after the session stopped being wanted is stale too', async () => {
    const queue = new OpenQueue();
    const read = deferred<string>();
    let outcome: unknown;
    let started!: () => void;
    const reading = new Promise<void>((r) => {
      started = r;
    });
    const a = queue.open('a', async (_id, unlessStale) => {
      started();
      const pending = unlessStale(read.promise);
      try {
        outcome = await pending;
      } catch (error) {
        outcome = error;
      }
    });
    await reading;
    read.resolve('late');
    queue.open('b', async () => undefined);
    await a;
    expect(outcome).toBe(STALE_OPEN);
  });

  it('an open of the same session again runs again', async () => {
    const queue = new OpenQueue();
    let runs = 0;
    const open = async () => {
      runs += 1;
    };
    await queue.open('a', open);
    await queue.open('a', open);
    expect(runs).toBe(2);
  });

  it('a failed open rejects to its caller and does not stop the next', async () => {
    const queue = new OpenQueue();
    const failed = queue.open('a', async () => {
      throw new Error('read failed');
    });
    await expect(failed).rejects.toThrow('read failed');
    await expect(queue.settled()).resolves.toBeUndefined();
    const ran: string[] = [];
    await queue.open('b', async (id) => {
      ran.push(id);
    });
    expect(ran).toEqual(['b']);
  });
});
