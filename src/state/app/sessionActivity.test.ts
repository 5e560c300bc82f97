import { describe, expect, it } from 'vitest';
import { SessionActivity } from './sessionActivity';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SessionActivity', () => {
  it('is active while tracked work runs, and returns what the work returns', async () => {
    const activity = new SessionActivity();
    expect(activity.active).toBe(false);
    const work = deferred<string>();
    const tracked = activity.track(work.promise);
    expect(activity.active).toBe(true);
    work.resolve('reply');
    await expect(tracked).resolves.toBe('reply');
    expect(activity.active).toBe(false);
  });

  it('runs the settled listeners once the last of several works settles, not before', async () => {
    const activity = new SessionActivity();
    let settledCount = 0;
    activity.onSettled(() => {
      settledCount += 1;
    });
    const send = deferred();
    const handoff = deferred();
    const first = activity.track(send.promise);
    const second = activity.track(handoff.promise);
    send.resolve();
    await first;
    expect(settledCount).toBe(0);
    expect(activity.active).toBe(true);
    handoff.resolve();
    await second;
    expect(settledCount).toBe(1);
  });

  it('settles after failed work too, and the failure reaches the caller', async () => {
    const activity = new SessionActivity();
    let settled = false;
    activity.onSettled(() => {
      settled = true;
    });
    await expect(activity.track(Promise.reject(new Error('send failed')))).rejects.toThrow('send failed');
    expect(settled).toBe(true);
    expect(activity.active).toBe(false);
  });

  it('the work that settled last resolves only once what its listeners started is done', async () => {
    const activity = new SessionActivity();
    const followUp = deferred();
    const log: string[] = [];
    const stop = activity.onSettled(() => {
      stop();
      // A queued follow-up goes out: tracked too, so the app stays active for it.
      return activity.track(followUp.promise.then(() => void log.push('follow-up done')));
    });
    const send = activity.track(Promise.resolve()).then(() => log.push('send resolved'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log).toEqual([]);
    expect(activity.active).toBe(true);
    followUp.resolve();
    await send;
    expect(log).toEqual(['follow-up done', 'send resolved']);
    expect(activity.active).toBe(false);
  });

  it('an unsubscribed listener is not called again; others still are', async () => {
    const activity = new SessionActivity();
    const calls: string[] = [];
    const stopA = activity.onSettled(() => void calls.push('a'));
    activity.onSettled(() => void calls.push('b'));
    await activity.track(Promise.resolve());
    stopA();
    await activity.track(Promise.resolve());
    expect(calls).toEqual(['a', 'b', 'b']);
  });
});
