// @vitest-environment jsdom
/**
 * Esc and the Stop button through the real app wiring: what stop() stops, in order (a
 * handoff being written, a live proposal, the reply), and that it says whether it used the key.
 */
import { describe, expect, it } from 'vitest';
import { appsPerTest } from '../../../testing/appHarness';
import { sentMessages, textReply, toolUseReply } from '../../../testing/mockModel';
import { HANDOFF_DECLINED_RESULT } from '../../core/handoff/handoffTool';
import { isMessageEntry } from '../../core/types/entry';
import { textOf } from '../../core/types/messageText';
import { stop } from './stopReply';

const start = appsPerTest();

describe('stop', () => {
  it('does nothing before start-up has made the runtime, and says it did not use the key', () => {
    // This copy of the module belongs to an app never started.
    expect(stop()).toBe(false);
  });

  it('with nothing running, leaves the key to others', async () => {
    const app = await start();
    expect(app.composer.stop()).toBe(false);
    await app.composer.submitComposer('Hi');
    expect(app.composer.stop()).toBe(false);
  });

  it('stops a reply being written: what came so far stays, marked as stopped', async () => {
    const app = await start();
    app.mock.script(textReply('A long reply that is written slowly, word by word, on and on.', 30, 4));
    const sending = app.composer.submitComposer('Write at length');
    await app.mock.waitForRequests(1);
    await app.until(
      (s) => JSON.stringify(s.streaming?.message.content ?? []).includes('A long'),
      'text shown',
    );
    expect(app.composer.stop()).toBe(true);
    await sending;
    expect(app.state().isStreaming).toBe(false);
    const last = app.state().entries.at(-1);
    expect(last && isMessageEntry(last) && last.message.role).toBe('assistant');
    expect(last && isMessageEntry(last) && last.message.stopReason).toBe('aborted');
    expect(last && isMessageEntry(last) && textOf(last.message)).toMatch(/^A long/);
    expect(app.mock.messageRequests()).toHaveLength(1);
  });

  it('with the model’s handoff proposal waiting, answers "Not now" and the chat goes on', async () => {
    const app = await start();
    app.mock.script(
      toolUseReply('toolu_p1', 'handoff', { reason: 'the context is nearly full' }),
      textReply('Going on here.'),
    );
    const sending = app.composer.submitComposer('Keep working');
    await app.until((s) => s.handoffProposal !== null, 'the proposal shown');
    expect(app.composer.stop()).toBe(true);
    await app.until((s) => s.handoffProposal === null && !s.isStreaming, 'the proposal answered');
    await sending;
    const requests = app.mock.messageRequests();
    expect(requests).toHaveLength(2);
    expect(sentMessages(requests[1]).at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_p1', content: HANDOFF_DECLINED_RESULT }],
    });
    // No handoff was started: the same session goes on.
    expect(app.runtime.session.header.parentSession).toBeUndefined();
    expect(app.state().handoff.status).toBe('idle');
  });
});
