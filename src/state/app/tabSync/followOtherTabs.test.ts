/**
 * Tab following over the change feed: one tab's committed change sets reach the other on
 * the BroadcastChannel as summaries (kinds and ids, never contents), and the other re-reads
 * the sessions they touched from storage. Two repositories on one database stand for two tabs.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeHeader, makeMessageEntry, uniqueDbName } from '../../../../testing/fixtures/storageTestFixtures';
import { SessionRepository } from '../../../storage/sessionRepository';
import { batonStore } from '../../store/store';
import type { Runtime } from '../runtime';
import { followOtherTabs, TAB_CHANNEL_NAME } from './followOtherTabs';

let here: SessionRepository;
let there: SessionRepository;
let stops: Array<() => void>;

/** A tab's runtime with an idle session open on `openId`: enough for following. */
function runtimeOf(repository: SessionRepository, openId: string): Runtime {
  const fake = {
    repository,
    queue: { flush: async () => {} },
    session: { header: makeHeader(openId), isBusy: false, open: vi.fn(async () => {}) },
  };
  return fake as unknown as Runtime; // Only these members are used while following.
}

beforeEach(async () => {
  const name = uniqueDbName();
  here = await SessionRepository.open(name);
  there = await SessionRepository.open(name);
  stops = [];
  batonStore.setState({ sessions: [] });
});
afterEach(() => {
  for (const stop of stops) stop();
  here.close();
  there.close();
});

describe('followOtherTabs', () => {
  it("shows the other tab's new session, read from storage after its change set is announced", async () => {
    stops.push(followOtherTabs(runtimeOf(here, 'mine')), followOtherTabs(runtimeOf(there, 'theirs')));
    await there.createSession(makeHeader('new', { updatedAt: 5 }), [makeMessageEntry('new', 'n1', 1)]);
    await expect
      .poll(() => batonStore.getState().sessions.map((header) => header.id))
      .toEqual(['mine', 'new']);
  });

  it('announces each committed change set as its summary, settings-only ones too', async () => {
    stops.push(followOtherTabs(runtimeOf(here, 'mine')));
    const heard: unknown[] = [];
    const listener = new BroadcastChannel(TAB_CHANNEL_NAME);
    listener.onmessage = (event: MessageEvent<unknown>) => heard.push(event.data);
    stops.push(() => listener.close());
    const { committed } = await here.writeBatch({
      headers: [],
      entries: [],
      settings: [['x', 'secret value']],
    });
    await expect.poll(() => heard).toEqual([committed]);
    expect(JSON.stringify(heard)).not.toContain('secret value');
  });

  it('re-reads nothing for a settings-only change set or a message it cannot read', async () => {
    const reads = vi.spyOn(here, 'loadHeaders');
    stops.push(followOtherTabs(runtimeOf(here, 'mine')), followOtherTabs(runtimeOf(there, 'theirs')));
    const poster = new BroadcastChannel(TAB_CHANNEL_NAME);
    stops.push(() => poster.close());
    poster.postMessage({ kind: 'sessions-changed', sessionIds: 7 });
    poster.postMessage({ seq: 1, put: [{ kind: 'header' }], deleted: [] });
    await there.setSetting('theme', 'dark');
    // A write that does concern a session, last: once it is heard, the ones before were too.
    await there.putHeader(makeHeader('later'));
    await expect.poll(() => reads.mock.calls.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toHaveBeenCalledTimes(1);
  });
});
