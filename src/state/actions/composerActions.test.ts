// @vitest-environment jsdom
/**
 * The composer's Enter, through the real app wiring in Node: the store, the agent
 * session and storage over fake-indexeddb, the SDK against the mock Messages API.
 */
import { describe, expect, it } from 'vitest';
import { appsPerTest, lastUserText, mockTokenCount, transcript } from '../../../testing/appHarness';
import { sentTexts, TEST_API_KEY, TEST_MODEL, textReply } from '../../../testing/mockModel';
import type { PendingAttachment } from '../attachments/pendingAttachment';

const start = appsPerTest();

/** A file in the composer as the attachment code leaves it: read, checked, ready to send. */
function pendingText(name: string, text: string): PendingAttachment {
  const data = new Blob([text], { type: 'text/plain;charset=utf-8' });
  return {
    record: { id: `file-${name}`, kind: 'text', mediaType: 'text/plain', name, size: data.size, data },
  };
}

/** The block types and texts of the newest user message of a request. */
function lastUserBlocks(request: { body: { messages?: Array<{ content: unknown }> } } | undefined) {
  const content = request?.body.messages?.at(-1)?.content as Array<{ type: string; text?: string }>;
  return content.map((block) => `${block.type}: ${block.text ?? ''}`);
}

/** A reply slow enough to act on while it streams (one SSE event every 20 ms). */
const slowReply = (text: string) => textReply(text, 20, 4);

/** The mock's sentence for a refused request, as the app words it. */
function overflowSentence(tokens: number, limit: number): string {
  const group = (n: number) => n.toLocaleString('en-US');
  return `This conversation no longer fits the model's context (${group(tokens)} of ${group(limit)} tokens).`;
}

describe('submitComposer', () => {
  it('keeps what the user typed while the send waited for the engine: only the sent text leaves the box', async () => {
    const app = await start();
    const { submitComposer } = await import('./actions');
    const { setComposerText } = await import('../slices/composer/actions');
    app.type('Plan the parser');
    // Enter, then the next message typed at once: the send clears the box only after
    // the engine answers, and must not take the new text with it.
    const sending = submitComposer('Plan the parser');
    setComposerText('And then the tests');
    await sending;
    await app.flush();
    expect(app.state().composerText).toBe('And then the tests');
    expect(lastUserText(app.mock.messageRequests().at(-1)?.body ?? {})).toBe('Plan the parser');
    // Nothing typed since: the box empties as ever.
    await app.composer.submitComposer('And then the tests');
    expect(app.state().composerText).toBe('');
  });

  it('sends the message on Enter; the reply lands in entries, the session list and storage', async () => {
    const app = await start();
    app.type('Plan the parser');
    await app.composer.submitComposer('Plan the parser');

    const [request, ...more] = app.mock.messageRequests();
    expect(more).toEqual([]);
    // The key restored from the settings record reached the request.
    expect(request?.headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
    expect(request?.body.model).toBe(TEST_MODEL);
    expect(sentTexts(request)).toEqual(['Plan the parser']);

    const state = app.state();
    expect(state.composerText).toBe('');
    expect(state.isStreaming).toBe(false);
    expect(transcript(state.entries)).toEqual([
      'user: Plan the parser',
      'assistant: Mock reply to: Plan the parser',
    ]);
    expect(state.sessions.map((h) => h.title)).toEqual(['Plan the parser']);
    expect(state.sessions[0]?.id).toBe(state.activeSessionId);
    expect(app.notices()).toEqual([]);

    await app.flush();
    const id = state.activeSessionId ?? '';
    expect(transcript(await app.stored.branch(id))).toEqual(transcript(state.entries));
    expect((await app.stored.header(id))?.title).toBe('Plan the parser');
  });

  it('keeps an unknown /command in the box, says so and sends nothing', async () => {
    const app = await start();
    app.type('/nosuch thing');
    await app.composer.submitComposer('/nosuch thing');

    expect(app.state().composerText).toBe('/nosuch thing');
    expect(app.notices()).toEqual([
      {
        kind: 'error',
        text: 'Unknown command: /nosuch. Type / to see the commands, or start with // to send it as text.',
      },
    ]);
    expect(app.mock.requests).toEqual([]);
    expect(app.state().entries).toEqual([]);
  });

  it('queues text sent while a reply streams as a follow-up and sends it after the reply', async () => {
    const app = await start();
    app.mock.script(slowReply('The first answer, written slowly.'));
    const first = app.composer.submitComposer('first question');
    await app.mock.waitForRequests(1);

    app.type('second question');
    await app.composer.submitComposer('second question');
    expect(app.state().composerText).toBe('');
    expect(app.state().queue).toEqual({ steering: [], followUps: ['second question'] });
    expect(app.mock.messageRequests()).toHaveLength(1);

    await first;
    const requests = app.mock.messageRequests();
    expect(requests).toHaveLength(2);
    expect(sentTexts(requests[1])).toEqual([
      'first question',
      'The first answer, written slowly.',
      'second question',
    ]);
    expect(app.state().queue).toEqual({ steering: [], followUps: [] });
    expect(app.state().isStreaming).toBe(false);
    expect(transcript(app.state().entries)).toEqual([
      'user: first question',
      'assistant: The first answer, written slowly.',
      'user: second question',
      'assistant: Mock reply to: second question',
    ]);
  });

  it('refuses a message over the length limit with its sentence and sends nothing', async () => {
    const app = await start();
    await app.composer.submitComposer('x'.repeat(500_001));

    expect(app.notices()).toEqual([
      {
        kind: 'error',
        text: 'That text would make the message 500,001 characters long; the limit is 500,000. Nothing was added: paste a smaller part.',
      },
    ]);
    expect(app.mock.requests).toEqual([]);
    expect(app.state().entries).toEqual([]);
    expect(app.state().isStreaming).toBe(false);
  });

  it('after a length refusal keeps the next message in the box with the sentence, unsent', async () => {
    const app = await start();
    await app.composer.submitComposer('Summarise the ledger rules. '.repeat(60));
    const limit = mockTokenCount(app.mock.messageRequests()[0]?.body ?? {}) + 40;
    app.mock.limitContext(limit);

    await app.composer.submitComposer(
      'Which invoices failed the rate check last night, and why did they fail?',
    );
    const refused = app.mock.messageRequests()[1];
    const tokens = mockTokenCount(refused?.body ?? {});
    expect(tokens).toBeGreaterThan(limit);
    const sentence = overflowSentence(tokens, limit);
    // Said in the reply (ReplyError), not in a notice as well.
    expect(app.notices()).toEqual([]);
    expect(app.state().entries.at(-1)).toMatchObject({
      message: { role: 'assistant', errorMessage: sentence, contextOverflow: { tokens, limit } },
    });

    app.type('third message');
    await app.composer.submitComposer('third message');
    expect(app.state().composerText).toBe('third message');
    expect(app.notices().at(-1)).toEqual({
      kind: 'error',
      text: `${sentence} Hand off to continue; your message is still in the box.`,
    });
    expect(app.mock.messageRequests()).toHaveLength(2);
    expect(app.state().entries).toHaveLength(4);
    expect(app.state().isStreaming).toBe(false);
  });

  it('/handoff with a focus clears the box and hands off with that focus', async () => {
    const app = await start();
    await app.composer.submitComposer('Plan the parser');
    const parentId = app.state().activeSessionId;
    app.mock.script(textReply('## Goal\nShip the parser.'));

    app.type('/handoff the error paths');
    await app.composer.submitComposer('/handoff the error paths');

    expect(app.state().composerText).toBe('');
    const instruction = lastUserText(app.mock.messageRequests()[1]?.body ?? {});
    expect(instruction.startsWith('[Baton handoff request]')).toBe(true);
    expect(instruction.endsWith('Additional focus: the error paths')).toBe(true);
    expect(app.notices()).toEqual([{ kind: 'info', text: 'New session started with handoff context' }]);
    const state = app.state();
    expect(state.activeSessionId).not.toBe(parentId);
    expect(transcript(state.entries)).toEqual(['custom handoff']);
    expect(state.handoff).toMatchObject({ status: 'done', document: '## Goal\nShip the parser.' });
  });

  it('/handoff while a reply streams keeps the text in the box and says why', async () => {
    const app = await start();
    app.mock.script(slowReply('An answer that takes a while.'));
    const reply = app.composer.submitComposer('Plan the parser');
    await app.mock.waitForRequests(1);

    app.type('/handoff the error paths');
    await app.composer.submitComposer('/handoff the error paths');
    expect(app.state().composerText).toBe('/handoff the error paths');
    expect(app.notices()).toEqual([
      {
        kind: 'info',
        text: 'Cannot hand off while a reply is being written. Stop it with Esc first, then hand off.',
      },
    ]);

    await reply;
    expect(app.mock.messageRequests()).toHaveLength(1);
    expect(app.state().handoff).toEqual({ status: 'idle' });
    expect(app.state().sessions).toHaveLength(1);
    expect(transcript(app.state().entries)).toEqual([
      'user: Plan the parser',
      'assistant: An answer that takes a while.',
    ]);
    expect(app.state().composerText).toBe('/handoff the error paths');
  });
  it('sends the files in the box before the text, and empties the box once the message is accepted', async () => {
    const app = await start();
    app.setState({ pendingAttachments: [pendingText('a.md', 'alpha'), pendingText('b.csv', 'x,y')] });
    app.type('Compare them');
    await app.composer.submitComposer('Compare them');

    expect(lastUserBlocks(app.mock.messageRequests()[0])).toEqual([
      'text: <attached-file name="a.md">\nalpha\n</attached-file>',
      'text: <attached-file name="b.csv">\nx,y\n</attached-file>',
      'text: Compare them',
    ]);
    expect(app.state().pendingAttachments).toEqual([]);
    expect(app.state().composerText).toBe('');
  });

  it('sends files without text', async () => {
    const app = await start();
    app.setState({ pendingAttachments: [pendingText('only.txt', 'just this')] });
    await app.composer.submitComposer('');
    expect(lastUserBlocks(app.mock.messageRequests()[0])).toEqual([
      'text: <attached-file name="only.txt">\njust this\n</attached-file>',
    ]);
  });

  it('a refused send gives back the text and the files, with the reason', async () => {
    const app = await start();
    await app.composer.submitComposer('Summarise the ledger rules. '.repeat(60));
    app.mock.limitContext(mockTokenCount(app.mock.messageRequests()[0]?.body ?? {}) + 40);
    await app.composer.submitComposer('Which invoices failed the rate check last night, and why?');
    expect(app.mock.messageRequests()).toHaveLength(2);

    app.setState({ pendingAttachments: [pendingText('ledger.csv', 'id,total')] });
    app.type('Look at this');
    await app.composer.submitComposer('Look at this');

    expect(app.mock.messageRequests()).toHaveLength(2);
    expect(app.state().composerText).toBe('Look at this');
    expect(app.state().pendingAttachments.map((p) => p.record.name)).toEqual(['ledger.csv']);
    expect(app.notices().at(-1)?.text).toMatch(/your message is still in the box\.$/);
  });

  it('keeps the files and the text in the box while a reply streams, and says why', async () => {
    const app = await start();
    app.mock.script(slowReply('The first answer, written slowly.'));
    const first = app.composer.submitComposer('first question');
    await app.mock.waitForRequests(1);

    app.setState({ pendingAttachments: [pendingText('later.md', 'later')] });
    app.type('with this file');
    await app.composer.submitComposer('with this file');
    expect(app.state().composerText).toBe('with this file');
    expect(app.state().pendingAttachments).toHaveLength(1);
    expect(app.state().queue).toEqual({ steering: [], followUps: [] });
    expect(app.notices()).toEqual([{ kind: 'info', text: app.composer.FILES_WAIT_FOR_REPLY }]);
    await first;
    expect(app.mock.messageRequests()).toHaveLength(1);
  });
});
