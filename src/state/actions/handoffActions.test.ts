// @vitest-environment jsdom
/**
 * startHandoff and its review, through the real app wiring in Node: how each way a
 * handoff ends reaches the user (notices, the message box, the open session) and storage.
 */
import { describe, expect, it } from 'vitest';
import {
  type AppHarness,
  appsPerTest,
  lastUserText,
  mockTokenCount,
  transcript,
} from '../../../testing/appHarness';
import { sentTexts, textReply } from '../../../testing/mockModel';
import { isMessageEntry } from '../../core/types/entry';
import { textOf } from '../../core/types/messageText';

const start = appsPerTest();

const NEW_SESSION = { kind: 'info', text: 'New session started with handoff context' };
const DOCUMENT = '## Goal\nShip the parser.\n\n## Next Steps\nWrite the error paths.';

/** A reply slow enough to act on while it streams (one SSE event every 20 ms). */
const slowReply = (text: string) => textReply(text, 20, 4);

/** One exchange, so there is something to hand off; returns the session's id. */
async function oneExchange(app: AppHarness): Promise<string> {
  await app.composer.submitComposer('Plan the parser');
  const id = app.state().activeSessionId;
  if (!id) throw new Error('No session is open');
  return id;
}

const PENDING = 'Which invoices failed the rate check last night, and why did they fail?';

/** A long first exchange, then PENDING refused for length by the mock. */
async function refusedForLength(app: AppHarness): Promise<void> {
  // Long enough that a new session (the document, its framing and the tools a handoff
  // session has, recall included) with the pending request fits where this one did not.
  await app.composer.submitComposer('Summarise the ledger rules. '.repeat(120));
  app.mock.limitContext(mockTokenCount(app.mock.messageRequests()[0]?.body ?? {}) + 40);
  await app.composer.submitComposer(PENDING);
  const last = app.state().entries.at(-1);
  if (!last || !isMessageEntry(last) || !last.message.contextOverflow)
    throw new Error('The mock did not refuse');
}

describe('startHandoff', () => {
  it('starts a new session from the document, linked to its parent in the store and in storage', async () => {
    const app = await start();
    const parentId = await oneExchange(app);
    app.mock.script(textReply(DOCUMENT));

    await app.handoff.startHandoff('  the error paths  ');

    const instruction = lastUserText(app.mock.messageRequests()[1]?.body ?? {});
    expect(instruction.endsWith('Additional focus: the error paths')).toBe(true);
    expect(app.notices()).toEqual([NEW_SESSION]);
    const state = app.state();
    const childId = state.activeSessionId ?? '';
    expect(childId).not.toBe(parentId);
    expect(state.handoff).toEqual({ status: 'done', document: DOCUMENT, newSessionId: childId });
    expect(transcript(state.entries)).toEqual(['custom handoff']);
    expect(state.entries[0]).toMatchObject({ details: { document: DOCUMENT, parentSession: parentId } });
    const child = state.sessions.find((h) => h.id === childId);
    expect(child).toMatchObject({ parentSession: parentId, title: 'Ship the parser · part 2' });
    expect(state.sessions.find((h) => h.id === parentId)?.children).toEqual([childId]);

    await app.flush();
    expect(await app.stored.header(childId)).toMatchObject({ parentSession: parentId });
    expect((await app.stored.header(parentId))?.children).toEqual([childId]);
    expect(transcript(await app.stored.branch(childId))).toEqual(['custom handoff']);
    expect(await app.stored.activeSessionId()).toBe(childId);
  });

  it('never draws the finished document into the old transcript, which the switch replaces (bench P2)', async () => {
    const app = await start();
    const parentId = await oneExchange(app);
    app.mock.script(textReply(DOCUMENT));
    let finishedInOld = false;
    const switched = app.until((state) => {
      const finished = state.entries.some(
        (entry) =>
          isMessageEntry(entry) &&
          entry.message.role === 'assistant' &&
          entry.message.stopReason !== 'streaming' &&
          textOf(entry.message) === DOCUMENT,
      );
      if (state.activeSessionId === parentId && finished) finishedInOld = true;
      return state.handoff.status === 'done';
    }, 'the switch');

    await app.handoff.startHandoff('');
    await switched;

    expect(finishedInOld).toBe(false);
    expect(transcript(app.state().entries)).toEqual(['custom handoff']);
  });

  it('says there is nothing to hand off in an empty session, and sends nothing', async () => {
    const app = await start();
    await app.handoff.startHandoff('');

    expect(app.notices()).toEqual([{ kind: 'info', text: 'Nothing to hand off (no messages yet)' }]);
    expect(app.mock.requests).toEqual([]);
    expect(app.state().handoff).toEqual({ status: 'idle' });
  });

  it('cancelled with stop() while the document is written: the status "Handoff cancelled", same session', async () => {
    const app = await start();
    const parentId = await oneExchange(app);
    app.mock.script(slowReply(DOCUMENT));
    const running = app.handoff.startHandoff('');
    await app.mock.waitForRequests(2);

    expect(app.composer.stop()).toBe(true);
    await running;

    expect(app.notices()).toEqual([{ kind: 'info', text: 'Handoff cancelled' }]);
    expect(app.state().handoff).toEqual({ status: 'cancelled' });
    expect(app.state().activeSessionId).toBe(parentId);
    expect(app.state().sessions.map((h) => h.id)).toEqual([parentId]);
    await app.flush();
    expect((await app.stored.headers()).map((h) => h.id)).toEqual([parentId]);
    expect((await app.stored.header(parentId))?.children).toEqual([]);
  });

  it('hands text queued during a cancelled handoff back to the box, sent nowhere', async () => {
    const app = await start();
    await oneExchange(app);
    app.mock.script(slowReply(DOCUMENT));
    const running = app.handoff.startHandoff('');
    await app.mock.waitForRequests(2);

    app.type('and the tests');
    await app.composer.submitComposer('and the tests');
    expect(app.state().queue.followUps).toEqual(['and the tests']);
    app.composer.stop();
    await running;

    expect(app.state().composerText).toBe('and the tests');
    expect(app.state().queue).toEqual({ steering: [], followUps: [] });
    expect(app.notices()).toEqual([
      { kind: 'info', text: 'Your queued message is back in the message box.' },
      { kind: 'info', text: 'Handoff cancelled' },
    ]);
    expect(app.mock.messageRequests()).toHaveLength(2);
  });

  it('that fails says "Handoff failed: …" as an error and leaves the session usable', async () => {
    const app = await start();
    const parentId = await oneExchange(app);
    app.mock.script({ kind: 'reply', reply: { blocks: [] } });

    await app.handoff.startHandoff('');

    expect(app.notices()).toEqual([
      { kind: 'error', text: 'Handoff failed: the model returned no handoff text' },
    ]);
    expect(app.state().handoff).toEqual({ status: 'failed', reason: 'the model returned no handoff text' });
    expect(app.state().activeSessionId).toBe(parentId);
    expect(app.state().sessions).toHaveLength(1);

    await app.composer.submitComposer('Carry on');
    expect(transcript(app.state().entries).at(-1)).toBe('assistant: Mock reply to: Carry on');
  });

  it('after a length refusal puts the unanswered request in the box, before what was typed', async () => {
    const app = await start();
    await refusedForLength(app);
    app.type('draft note');

    await app.handoff.startHandoff('');

    expect(app.notices().slice(-2)).toEqual([
      NEW_SESSION,
      { kind: 'info', text: 'Your unanswered request is in the message box, ready to send.' },
    ]);
    expect(app.state().composerText).toBe(`${PENDING}\n\ndraft note`);
    expect(transcript(app.state().entries)).toEqual(['custom handoff']);
    // The last request was the document's, naming the pending request; nothing was sent after.
    const instruction = lastUserText(app.mock.messageRequests().at(-1)?.body ?? {});
    expect(instruction).toContain(
      `Pending request (the user asked this and got no answer yet):\n<pending-request>\n${PENDING}\n</pending-request>`,
    );
  });

  it('after a length refusal, with "send my pending request" on, sends it at once in the new session', async () => {
    const app = await start({ sendPendingAfterHandoff: true });
    await refusedForLength(app);

    await app.handoff.startHandoff('');

    expect(app.notices().at(-1)).toEqual(NEW_SESSION);
    expect(app.state().composerText).toBe('');
    const entries = app.state().entries;
    expect(transcript(entries).slice(0, 2)).toEqual(['custom handoff', `user: ${PENDING}`]);
    expect(entries).toHaveLength(3);
    expect(entries[2]).toMatchObject({ message: { role: 'assistant', stopReason: 'end_turn' } });
    // Sent in the new session: after the handoff context, with nothing of the old conversation.
    const sent = sentTexts(app.mock.messageRequests().at(-1));
    expect(sent).toHaveLength(2);
    expect(sent[0]?.startsWith('<handoff-context>')).toBe(true);
    expect(sent[1]).toBe(PENDING);

    await app.flush();
    const childId = app.state().activeSessionId ?? '';
    expect(transcript(await app.stored.branch(childId))).toEqual(transcript(app.state().entries));
  });

  it('with review on, waits for the editor; the edited document starts the new session', async () => {
    const app = await start({ reviewHandoff: true });
    await oneExchange(app);
    app.mock.script(textReply(DOCUMENT));

    const running = app.handoff.startHandoff('');
    const reviewing = await app.until((s) => s.handoffReview !== null, 'the review editor');
    expect(reviewing.handoffReview).toEqual({ document: DOCUMENT });
    expect(reviewing.handoff).toEqual({ status: 'reviewing', document: DOCUMENT });

    app.handoff.finishHandoffReview(`${DOCUMENT}\nAlso: keep the old API.`);
    await running;

    expect(app.notices()).toEqual([NEW_SESSION]);
    expect(app.state().handoffReview).toBeNull();
    expect(app.state().entries[0]).toMatchObject({
      details: { document: `${DOCUMENT}\nAlso: keep the old API.` },
    });
  });
});
