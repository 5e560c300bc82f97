// @vitest-environment jsdom
/**
 * Sessions named by the model after their first exchange (nameSession.ts, wired by
 * afterReply.ts's nameAfterFirstExchange) through the real app in Node: the store, the
 * live session, the write queue, IndexedDB and the mock API over HTTP.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AppHarness, appsPerTest } from '../../../testing/appHarness';
import { TEST_MODEL, textReply } from '../../../testing/mockModel';

const start = appsPerTest();
const ON = { nameSessions: true };
const QUESTION = 'Why does my sourdough collapse in the oven?';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Sends the first message and returns its session's id, the first reply finished. */
async function firstExchange(app: AppHarness): Promise<string> {
  await app.composer.submitComposer(QUESTION);
  const id = app.state().activeSessionId;
  if (!id) throw new Error('No session is open');
  return id;
}

const titleOf = (app: AppHarness, id: string) => app.state().sessions.find((h) => h.id === id)?.title;

/** Lets an answer that arrived be acted on (or not): a title that is not stored by then never is. */
async function settle(app: AppHarness): Promise<void> {
  await vi.waitFor(() => expect(app.mock.requests[1]?.answeredAt).toBeDefined());
  await new Promise((resolve) => setTimeout(resolve, 300));
  await app.flush();
}

describe('a session named by the model', () => {
  it('asks once after the first reply, with the session’s model, and stores the title', async () => {
    const app = await start(ON);
    app.mock.script(textReply('Feed your starter more.'), textReply('"Collapsing sourdough loaves."'));
    const id = await firstExchange(app);
    await app.until((s) => s.sessions.some((h) => h.title === 'Collapsing sourdough loaves'), 'the title');

    const [reply, title] = app.mock.messageRequests();
    expect(title?.body).toMatchObject({ model: TEST_MODEL, max_tokens: 30 });
    expect(title?.body.tools).toBeUndefined();
    expect(JSON.stringify(title?.body.messages)).toContain(QUESTION);
    expect(JSON.stringify(title?.body.messages)).toContain('Feed your starter more.');
    expect(reply?.body.max_tokens).not.toBe(30);
    await app.flush();
    expect((await app.stored.header(id))?.title).toBe('Collapsing sourdough loaves');
    // The next exchange asks nothing more.
    await app.composer.submitComposer('And the oven temperature?');
    await app.flush();
    expect(app.mock.messageRequests()).toHaveLength(3);
  });

  it('lands on the session even when the user has opened another one meanwhile', async () => {
    const app = await start(ON);
    app.mock.script(textReply('Feed your starter more.'), {
      ...textReply('Sourdough troubles'),
      firstByteDelayMs: 300,
    });
    const id = await firstExchange(app);
    await app.sessions.newSession();
    expect(app.state().activeSessionId).not.toBe(id);
    await app.until(() => titleOf(app, id) === 'Sourdough troubles', 'the title in the list');
    await app.flush();
    expect((await app.stored.header(id))?.title).toBe('Sourdough troubles');
  });

  it("keeps the user's rename made while the title was being asked for", async () => {
    const app = await start(ON);
    app.mock.script(textReply('Feed your starter more.'), {
      ...textReply('Sourdough troubles'),
      firstByteDelayMs: 300,
    });
    const id = await firstExchange(app);
    app.sessions.renameSession(id, 'Bread notes');
    await settle(app);
    expect(titleOf(app, id)).toBe('Bread notes');
    expect((await app.stored.header(id))?.title).toBe('Bread notes');
  });

  it('asks nothing for a session the user renamed while its first reply was written in the background', async () => {
    const app = await start(ON);
    app.mock.script(textReply('Feed your starter more.', 60));
    const sending = app.composer.submitComposer(QUESTION);
    const id = (await app.until((s) => s.isStreaming, 'the reply under way')).activeSessionId ?? '';
    await app.sessions.newSession();
    // The rename reaches the live session's own header, which its next writes keep.
    app.sessions.renameSession(id, 'Bread notes');
    await sending;
    await new Promise((resolve) => setTimeout(resolve, 300));
    await app.flush();
    expect(app.mock.messageRequests()).toHaveLength(1);
    expect(titleOf(app, id)).toBe('Bread notes');
    expect((await app.stored.header(id))?.title).toBe('Bread notes');
  });

  it('keeps the first message’s title, with no notice, when the title request fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const app = await start(ON);
    app.mock.script(textReply('Feed your starter more.'), { kind: 'status', status: 529 });
    const id = await firstExchange(app);
    await settle(app);
    // One attempt: a title is not worth the SDK's retries (nor their "Retrying" status).
    expect(app.mock.messageRequests()).toHaveLength(2);
    expect(titleOf(app, id)).toBe(QUESTION);
    expect(app.notices()).toEqual([]);
    expect(app.state().retryStatus).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('asks nothing in demo mode (no key): the demo keeps the first message’s title', async () => {
    const app = await start({ ...ON, apiKey: '' });
    const id = await firstExchange(app);
    await vi.waitFor(() => expect(app.state().isStreaming).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await app.flush();
    expect(app.mock.requests).toEqual([]);
    expect(titleOf(app, id)).toBe(QUESTION);
  });

  it('asks nothing with the setting off', async () => {
    const app = await start({ nameSessions: false });
    const id = await firstExchange(app);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await app.flush();
    expect(app.mock.messageRequests()).toHaveLength(1);
    expect(titleOf(app, id)).toBe(QUESTION);
  });

  it('asks nothing after a stopped first reply', async () => {
    const app = await start(ON);
    app.mock.script(textReply('Feed your starter more and more and more.', 80));
    const sending = app.composer.submitComposer(QUESTION);
    await vi.waitFor(() => expect(app.mock.messageRequests()).toHaveLength(1));
    await app.until((s) => s.streaming !== null, 'the reply under way');
    app.composer.stop();
    await sending;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(app.mock.messageRequests()).toHaveLength(1);
  });
});
