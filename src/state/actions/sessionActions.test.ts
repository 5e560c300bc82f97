// @vitest-environment jsdom
/**
 * The session list's actions (new, open, rename, delete) through the real app wiring
 * in Node: the store, the agent session and what IndexedDB holds afterwards.
 */
import { describe, expect, it, vi } from 'vitest';
import { type AppHarness, appsPerTest, transcript } from '../../../testing/appHarness';
import { sentTexts, textReply } from '../../../testing/mockModel';
import type { PendingAttachment } from '../attachments/pendingAttachment';

const start = appsPerTest();

/** Sends `text` in the open session and returns that session's id. */
async function exchange(app: AppHarness, text: string): Promise<string> {
  await app.composer.submitComposer(text);
  const id = app.state().activeSessionId;
  if (!id) throw new Error('No session is open');
  return id;
}

/** Two stored sessions, "First topic" then "Second topic" (open). */
async function twoSessions(app: AppHarness): Promise<{ first: string; second: string }> {
  const first = await exchange(app, 'First topic');
  await app.sessions.newSession();
  const second = await exchange(app, 'Second topic');
  await app.flush();
  return { first, second };
}

const ids = (headers: ReadonlyArray<{ id: string }>) => headers.map((h) => h.id).sort();
const BUSY = { kind: 'error', text: 'A reply is still being written. Stop it with Esc first.' };

/** A text file in the composer as the attachment code leaves it. */
function pendingText(name: string, text: string): PendingAttachment {
  const data = new Blob([text], { type: 'text/plain;charset=utf-8' });
  return {
    record: { id: `file-${name}`, kind: 'text', mediaType: 'text/plain', name, size: data.size, data },
  };
}

describe('drafts stay with their session (issue 27, finding 6)', () => {
  it('New session and Open leave the text and files behind, never send them elsewhere, and bring them back', async () => {
    const app = await start();
    const first = await exchange(app, 'First topic');
    app.type('Half-written question');
    app.setState({ pendingAttachments: [pendingText('plan.txt', 'The secret plan')] });

    await app.sessions.newSession();
    expect(app.state().composerText).toBe('');
    expect(app.state().pendingAttachments).toEqual([]);
    expect(app.notices()).toContainEqual({
      kind: 'info',
      text: 'Your unsent message stays with “First topic”: it is back in the message box when you open that session again.',
    });
    await app.composer.submitComposer('Unrelated question');
    const sent = JSON.stringify(app.mock.messageRequests().at(-1)?.body);
    expect(sent).not.toContain('plan.txt');
    expect(sent).not.toContain('The secret plan');
    expect(sent).not.toContain('Half-written');
    const second = app.state().activeSessionId ?? '';

    app.type('Draft of the second');
    await app.sessions.openSession(first);
    expect(app.state().composerText).toBe('Half-written question');
    expect(app.state().pendingAttachments.map((p) => p.record.name)).toEqual(['plan.txt']);
    await app.sessions.openSession(second);
    expect(app.state().composerText).toBe('Draft of the second');
    expect(app.state().pendingAttachments).toEqual([]);
    expect(Object.keys(app.state().drafts)).toEqual([first]);

    // A deleted session's draft goes with it.
    await app.sessions.deleteSession(first);
    expect(app.state().drafts).toEqual({});
    expect(app.state().composerText).toBe('Draft of the second');

    // Deleting the open session drops its draft: the next session opens with an empty box.
    await app.sessions.newSession();
    await app.composer.submitComposer('Third topic');
    app.type('Draft of the third');
    const third = app.state().activeSessionId ?? '';
    await app.sessions.deleteSession(third);
    expect(app.state().activeSessionId).toBe(second);
    expect(app.state().composerText).toBe('Draft of the second');
    expect(app.state().drafts).toEqual({});
  });
});

describe('text typed right after the click that switches sessions', () => {
  it('is for the session asked for: New session and Open keep it in the box, the session left gets no draft', async () => {
    const app = await start();
    const { newSession, openSession, submitComposer } = await import('./actions');
    const { setComposerText } = await import('../slices/composer/actions');
    const first = await exchange(app, 'First topic');
    // The click, then typing at once, before the engine has made the new session.
    const opening = newSession();
    setComposerText('For the new session');
    // Enter, a task later, while the new session may still be opening: it is sent there.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const sending = submitComposer('For the new session');
    await opening;
    await sending;
    const fresh = app.state().activeSessionId;
    expect(fresh).not.toBe(first);
    expect(app.state().composerText).toBe('');
    expect(app.state().drafts).toEqual({});
    expect(sentTexts(app.mock.messageRequests().at(-1))).toEqual(['For the new session']);
    expect(transcript(app.state().entries)).toEqual([
      'user: For the new session',
      'assistant: Mock reply to: For the new session',
    ]);

    // The same for a click on a stored session that has no draft of its own.
    const reading = openSession(first);
    setComposerText('More on the first');
    await reading;
    expect(app.state().activeSessionId).toBe(first);
    expect(app.state().composerText).toBe('More on the first');
    expect(app.state().drafts).toEqual({});

    // A session with a draft brings it back; what was typed stays with the session left, said so.
    app.type('Draft of the first');
    await newSession();
    const other = app.state().activeSessionId ?? '';
    await app.composer.submitComposer('Another topic');
    const back = openSession(first);
    setComposerText('Typed while it opened');
    await back;
    expect(app.state().composerText).toBe('Draft of the first');
    expect(app.state().drafts[other]?.text).toBe('Typed while it opened');
  });
});

describe('session actions', () => {
  it('newSession opens an empty session beside the old one, stored from its first message', async () => {
    const app = await start();
    const first = await exchange(app, 'First topic');

    await app.sessions.newSession();
    const fresh = app.state().activeSessionId ?? '';
    expect(fresh).not.toBe(first);
    expect(app.state().entries).toEqual([]);
    expect(ids(app.state().sessions)).toEqual([first, fresh].sort());
    expect(app.runtime.session.header.id).toBe(fresh);
    await app.flush();
    expect(await app.stored.activeSessionId()).toBe(fresh);
    expect(await app.stored.header(fresh)).toBeUndefined();

    // An empty session is new enough: no second one.
    await app.sessions.newSession();
    expect(app.state().activeSessionId).toBe(fresh);
    expect(app.state().sessions).toHaveLength(2);

    await app.composer.submitComposer('Second topic');
    await app.flush();
    expect((await app.stored.header(fresh))?.title).toBe('Second topic');
    expect(sentTexts(app.mock.messageRequests().at(-1))).toEqual(['Second topic']);
  });

  it('openSession switches the entries, the stored pointer and the conversation the model sees', async () => {
    const app = await start();
    const { first } = await twoSessions(app);

    await app.sessions.openSession(first);
    expect(app.state().activeSessionId).toBe(first);
    expect(transcript(app.state().entries)).toEqual([
      'user: First topic',
      'assistant: Mock reply to: First topic',
    ]);
    await app.flush();
    expect(await app.stored.activeSessionId()).toBe(first);

    await app.composer.submitComposer('More on the first');
    expect(sentTexts(app.mock.messageRequests().at(-1))).toEqual([
      'First topic',
      'Mock reply to: First topic',
      'More on the first',
    ]);
  });

  it('a click on another session leaves a slow read behind at once, never waiting for it', async () => {
    const app = await start();
    const { first, second } = await twoSessions(app);
    await app.sessions.newSession();
    await exchange(app, 'Third topic');
    await app.flush();
    // The first session's full read never ends (a long session on a slow disk).
    const repository = app.runtime.repository;
    const read = repository.loadEntries.bind(repository);
    repository.loadEntries = (id, options) => (id === first ? new Promise(() => {}) : read(id, options));

    const slow = app.sessions.openSession(first);
    await vi.waitFor(() => expect(app.state().activeSessionId).toBe(first)); // its newest page shows
    await app.sessions.openSession(second);
    await slow;
    expect(app.state().activeSessionId).toBe(second);
    expect(app.runtime.session.header.id).toBe(second);
    expect(transcript(app.state().entries)).toEqual([
      'user: Second topic',
      'assistant: Mock reply to: Second topic',
    ]);
    expect(app.state().notices.filter((notice) => notice.kind === 'error')).toEqual([]);
  });

  it('openSession of a session that is gone says so and stays', async () => {
    const app = await start();
    const { second } = await twoSessions(app);

    await app.sessions.openSession('no-such-session');
    expect(app.notices()).toEqual([{ kind: 'error', text: 'That session no longer exists.' }]);
    expect(app.state().activeSessionId).toBe(second);
    expect(transcript(app.state().entries)[0]).toBe('user: Second topic');
  });

  it('renameSession stores the trimmed title, for another session and for the open one', async () => {
    const app = await start();
    const { first, second } = await twoSessions(app);

    app.sessions.renameSession(first, '  Ledger work  ');
    app.sessions.renameSession(second, 'Parser work');
    app.sessions.renameSession(second, '   ');

    const title = (id: string) => app.state().sessions.find((h) => h.id === id)?.title;
    expect(title(first)).toBe('Ledger work');
    expect(title(second)).toBe('Parser work');
    await app.flush();
    expect((await app.stored.header(first))?.title).toBe('Ledger work');
    expect((await app.stored.header(second))?.title).toBe('Parser work');
  });

  it('deleteSession of another session removes it from the list and from storage', async () => {
    const app = await start();
    const { first, second } = await twoSessions(app);

    await app.sessions.deleteSession(first);

    expect(app.notices()).toEqual([{ kind: 'info', text: 'Session deleted' }]);
    expect(ids(app.state().sessions)).toEqual([second]);
    expect(app.state().activeSessionId).toBe(second);
    expect(ids(await app.stored.headers())).toEqual([second]);
    expect(await app.stored.entryCount(first)).toBe(0);
  });

  it('deleteSession of the open session opens the next one, which takes messages', async () => {
    const app = await start();
    const { first, second } = await twoSessions(app);

    await app.sessions.deleteSession(second);

    expect(app.notices()).toEqual([{ kind: 'info', text: 'Session deleted' }]);
    expect(app.state().activeSessionId).toBe(first);
    expect(ids(app.state().sessions)).toEqual([first]);
    expect(transcript(app.state().entries)[0]).toBe('user: First topic');
    expect(ids(await app.stored.headers())).toEqual([first]);
    expect(await app.stored.entryCount(second)).toBe(0);

    await app.composer.submitComposer('Back to the first');
    expect(transcript(app.state().entries).at(-1)).toBe('assistant: Mock reply to: Back to the first');
    await app.flush();
    expect(await app.stored.entryCount(first)).toBe(4);
    expect(await app.stored.entryCount(second)).toBe(0);
  });

  it('deleteSession of the only session leaves a fresh empty one that takes messages', async () => {
    const app = await start();
    const only = await exchange(app, 'Only topic');
    await app.flush();

    await app.sessions.deleteSession(only);

    const fresh = app.state().activeSessionId ?? '';
    expect(fresh).not.toBe(only);
    expect(app.state().entries).toEqual([]);
    expect(ids(app.state().sessions)).toEqual([fresh]);
    expect(await app.stored.headers()).toEqual([]);

    await app.composer.submitComposer('Starting over');
    await app.flush();
    expect(ids(await app.stored.headers())).toEqual([fresh]);
    expect(transcript(await app.stored.branch(fresh))).toEqual([
      'user: Starting over',
      'assistant: Mock reply to: Starting over',
    ]);
  });

  it('while a reply streams, new and open go ahead and the reply goes on in its own session; deleting it is refused', async () => {
    const app = await start();
    const { first, second } = await twoSessions(app);
    app.mock.script(textReply('A slow answer.', 20, 4));
    const reply = app.composer.submitComposer('One more');
    await app.mock.waitForRequests(3);

    await app.sessions.deleteSession(second);
    expect(app.notices()).toEqual([BUSY]);
    await app.sessions.newSession();
    expect(app.state().activeSessionId).not.toBe(second);
    expect(app.state().entries).toEqual([]);
    await app.sessions.openSession(first);
    expect(app.state().activeSessionId).toBe(first);
    expect(app.state().isStreaming).toBe(false);

    await reply;
    // Back in the session that was writing: its reply is there, finished and stored.
    await app.sessions.openSession(second);
    expect(app.state().activeSessionId).toBe(second);
    expect(transcript(app.state().entries).at(-1)).toBe('assistant: A slow answer.');
  });
});
