import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../testing/mockModel';
import { type SessionHarness, startSessionHarness } from '../../../testing/sessionHarness';
import { followRunEnds, liveSession } from './liveSession';

let h: SessionHarness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('liveSession', () => {
  it('holds the session with idle activity and a fresh chain of automatic handoffs', async () => {
    h = await startSessionHarness();
    const live = liveSession(h.session);
    expect(live.session).toBe(h.session);
    expect(live.activity.active).toBe(false);
    expect(live.autoHandoffs.count).toBe(0);
    // Each live session has its own bookkeeping.
    expect(liveSession(h.session).activity).not.toBe(live.activity);
  });
});

describe('followRunEnds', () => {
  it('follows a run once it has ended and the app’s work in the session has settled', async () => {
    h = await startSessionHarness();
    const harness = h;
    const live = liveSession(harness.session);
    const seen: Array<{ streaming: boolean; active: boolean }> = [];
    followRunEnds(live, async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      seen.push({ streaming: harness.session.isStreaming, active: live.activity.active });
    });
    harness.mock.script(textReply('Hello.'));
    await live.activity.track(harness.session.prompt('Hi'));
    // Run once, with the session idle; its own work is tracked as activity.
    expect(seen).toEqual([{ streaming: false, active: true }]);
    expect(live.activity.active).toBe(false);
  });

  it('calls atEnd at the run’s end itself, before the app’s work in the session has settled', async () => {
    h = await startSessionHarness();
    const harness = h;
    const live = liveSession(harness.session);
    const atEnd: boolean[] = [];
    let followed = false;
    followRunEnds(
      live,
      async () => {
        followed = true;
      },
      () => atEnd.push(live.activity.active && !followed),
    );
    harness.mock.script(textReply('Hello.'));
    await live.activity.track(harness.session.prompt('Hi'));
    // Once, while the send was still tracked (nothing had settled, nothing followed yet).
    expect(atEnd).toEqual([true]);
    expect(followed).toBe(true);
  });

  it('does not follow work that ran no agent turn, nor the same run twice', async () => {
    h = await startSessionHarness();
    const harness = h;
    const live = liveSession(harness.session);
    let follows = 0;
    followRunEnds(live, async () => {
      follows += 1;
    });
    await live.activity.track(Promise.resolve());
    expect(follows).toBe(0);
    harness.mock.script(textReply('One.'));
    await live.activity.track(harness.session.prompt('First'));
    await live.activity.track(Promise.resolve());
    expect(follows).toBe(1);
  });

  it('stops following once unsubscribed', async () => {
    h = await startSessionHarness();
    const harness = h;
    const live = liveSession(harness.session);
    let follows = 0;
    const stop = followRunEnds(live, async () => {
      follows += 1;
    });
    stop();
    harness.mock.script(textReply('Hello.'));
    await live.activity.track(harness.session.prompt('Hi'));
    expect(follows).toBe(0);
  });
});
