// @vitest-environment jsdom
/**
 * The offline send queue (issue 29). A message sent to the real API while the browser is
 * offline is held, survives a reload, and is sent exactly once when the connection
 * returns, even with two copies of the app following the connection (two tabs, or a
 * page and the one that replaced it); a cancelled one goes back to the box instead.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appsPerTest, transcript } from '../../../testing/appHarness';
import { sentTexts } from '../../../testing/mockModel';
import type { LiveSession } from '../app/liveSession';
import type { Runtime } from '../app/runtime';

let online = true;
const stops: Array<() => void> = [];
beforeEach(() => {
  online = true;
  localStorage.clear();
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.restoreAllMocks();
});

function goOnline(): void {
  online = true;
  window.dispatchEvent(new Event('online'));
}

/** One copy of the app's offline code, over its own store, as a page load has it. */
async function loadPage(sessionId: string) {
  vi.resetModules();
  const [held, store] = await Promise.all([import('./heldMessages'), import('../store/store')]);
  const live = { session: { header: { id: sessionId } } } as unknown as LiveSession;
  const runtime = { current: live, opening: { settled: () => Promise.resolve() } } as unknown as Runtime;
  store.batonStore.setState({ runtime, activeSessionId: sessionId });
  const sent: string[] = [];
  /** Sent off screen, as "<session>: <text>". */
  const sentElsewhere: string[] = [];
  const follow = () =>
    stops.push(
      held.followConnection({
        send: async (to, text) => {
          expect(to).toBe(live);
          sent.push(text);
        },
        sendElsewhere: async (to, text) => {
          sentElsewhere.push(`${to.session.header.id}: ${text}`);
        },
        runElsewhere: (id, work) => work({ session: { header: { id } } } as unknown as LiveSession),
      }),
    );
  return { held, state: () => store.batonStore.getState(), sent, sentElsewhere, follow };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('messages held while offline', () => {
  it('survive a reload and are sent once, in order, when the connection returns', async () => {
    online = false;
    const before = await loadPage('s1');
    expect(before.held.holdIfOffline('s1', 'First, on the train')).toBe(true);
    expect(before.held.holdIfOffline('s1', 'Second, in the tunnel')).toBe(true);
    expect(before.state().heldOffline.map((m) => m.text)).toEqual([
      'First, on the train',
      'Second, in the tunnel',
    ]);

    // The page is reloaded, still offline: the new page shows what is held, and sends nothing.
    const after = await loadPage('s1');
    after.follow();
    await settle();
    expect(after.state().heldOffline.map((m) => m.text)).toEqual([
      'First, on the train',
      'Second, in the tunnel',
    ]);
    expect(after.sent).toEqual([]);

    goOnline();
    await settle();
    expect(after.sent).toEqual(['First, on the train', 'Second, in the tunnel']);
    expect(after.state().heldOffline).toEqual([]);
    // Another online event, another reload: nothing is sent a second time.
    goOnline();
    const again = await loadPage('s1');
    again.follow();
    await settle();
    expect([...after.sent, ...again.sent]).toEqual(['First, on the train', 'Second, in the tunnel']);
  });

  it('two pages following the connection send a held message once between them', async () => {
    online = false;
    const one = await loadPage('s1');
    one.follow();
    one.held.holdIfOffline('s1', 'Only once, please');
    const two = await loadPage('s1');
    two.follow();
    goOnline();
    await settle();
    expect([...one.sent, ...two.sent]).toEqual(['Only once, please']);
  });

  it('are sent in the session they were held for: one not on screen sends them off screen', async () => {
    online = false;
    const page = await loadPage('s1');
    page.held.holdIfOffline('s2', 'For the other session');
    page.held.holdIfOffline('s2', 'And its follow-up');
    page.follow();
    await settle();
    expect(page.sentElsewhere).toEqual([]);
    goOnline();
    await settle();
    expect(page.sent).toEqual([]);
    expect(page.sentElsewhere).toEqual(['s2: For the other session', 's2: And its follow-up']);
    expect(page.state().heldOffline).toEqual([]);
    goOnline();
    await settle();
    expect(page.sentElsewhere).toHaveLength(2);
  });

  it('a cancelled message is not sent and goes back to the message box', async () => {
    online = false;
    const page = await loadPage('s1');
    page.follow();
    page.held.holdIfOffline('s1', 'Never mind');
    const [held] = page.state().heldOffline;
    await page.held.cancelHeld(held?.id ?? '');
    expect(page.state().heldOffline).toEqual([]);
    expect(page.state().composerText).toBe('Never mind');
    goOnline();
    await settle();
    expect(page.sent).toEqual([]);
  });

  it('online, nothing is held', async () => {
    const page = await loadPage('s1');
    expect(page.held.holdIfOffline('s1', 'Straight out')).toBe(false);
    expect(page.state().heldOffline).toEqual([]);
  });
});

describe('the composer offline, through the real app and the mock API', () => {
  const start = appsPerTest();

  it('holds the message instead of sending it, and the API gets it once when back online', async () => {
    const app = await start();
    online = false;
    window.dispatchEvent(new Event('offline'));
    app.type('Sent from a tunnel');
    await app.composer.submitComposer('Sent from a tunnel');
    expect(app.mock.messageRequests()).toEqual([]);
    expect(app.state().composerText).toBe('');
    expect(app.state().heldOffline.map((m) => m.text)).toEqual(['Sent from a tunnel']);
    expect(transcript(app.state().entries)).toEqual([]);

    goOnline();
    await app.until((s) => transcript(s.entries).length === 2 && !s.isStreaming, 'the held message answered');
    goOnline();
    await settle();
    const requests = app.mock.messageRequests();
    expect(requests.map((request) => sentTexts(request).at(-1))).toEqual(['Sent from a tunnel']);
    expect(transcript(app.state().entries)).toEqual([
      'user: Sent from a tunnel',
      'assistant: Mock reply to: Sent from a tunnel',
    ]);
    expect(app.state().heldOffline).toEqual([]);
  });

  it('a message held in a session the user has left is sent there, off screen, when back online', async () => {
    const app = await start();
    await app.composer.submitComposer('First topic');
    const first = app.state().activeSessionId ?? '';
    online = false;
    window.dispatchEvent(new Event('offline'));
    app.type('Held for the first');
    await app.composer.submitComposer('Held for the first');
    expect(app.state().heldOffline.map((m) => m.text)).toEqual(['Held for the first']);
    await app.sessions.newSession();
    const second = app.state().activeSessionId ?? '';
    app.type('Writing here meanwhile');
    expect(app.state().heldOffline).toEqual([]);

    goOnline();
    await app.until(
      () => app.mock.messageRequests().length === 2,
      'the held message sent in its own session',
    );
    const request = app.mock.messageRequests().at(-1);
    expect(sentTexts(request)).toEqual(['First topic', 'Mock reply to: First topic', 'Held for the first']);
    // The user stays where they are, with what they were typing.
    expect(app.state().activeSessionId).toBe(second);
    expect(app.state().entries).toEqual([]);
    expect(app.state().composerText).toBe('Writing here meanwhile');
    await app.until((s) => s.backgroundSessionIds.length === 0, 'the session off screen done writing');
    await app.flush();
    expect(await app.stored.activeSessionId()).toBe(second);

    // Its reply is there when the user goes back, and nothing is sent twice.
    await app.sessions.openSession(first);
    expect(transcript(app.state().entries)).toEqual([
      'user: First topic',
      'assistant: Mock reply to: First topic',
      'user: Held for the first',
      'assistant: Mock reply to: Held for the first',
    ]);
    goOnline();
    await settle();
    expect(app.mock.messageRequests()).toHaveLength(2);
  });

  it('the demo model needs no network: offline, it answers at once', async () => {
    const app = await start({ apiKey: '' });
    online = false;
    await app.composer.submitComposer('Demo while offline');
    await app.until((s) => transcript(s.entries).length === 2 && !s.isStreaming, 'the demo answered');
    expect(app.state().heldOffline).toEqual([]);
  });
});
