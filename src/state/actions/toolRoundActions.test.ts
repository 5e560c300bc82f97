// @vitest-environment jsdom
/**
 * The Continue / Stop answer to a run paused at its bound on tool rounds, through the
 * real app wiring in Node: the store, the agent session and storage over fake-indexeddb,
 * the SDK against the mock Messages API (issue 27, finding 4).
 */
import { describe, expect, it } from 'vitest';
import { appsPerTest } from '../../../testing/appHarness';
import { textReply, toolUseReply } from '../../../testing/mockModel';

const start = appsPerTest();

const call = (n: number) =>
  toolUseReply(`toolu_${n}`, 'todo_write', { todos: [{ content: `Step ${n}`, status: 'pending' }] });

describe('tool round actions', () => {
  it('the store shows the pause; Continue runs as many rounds again, Stop clears the question', async () => {
    const app = await start({ maxToolRounds: 2 });
    // Loaded after the app, so it shares the app's store and runtime.
    const { continueToolRounds, stopToolRounds } = await import('./toolRoundActions');
    app.mock.script(call(1), call(2), call(3), call(4), textReply('Done.'));

    app.type('Plan it');
    await app.composer.submitComposer('Plan it');
    await app.until((s) => s.toolRounds?.paused === true && !s.isStreaming, 'the pause');
    expect(app.state().toolRounds).toEqual({ done: 2, limit: 2, paused: true });
    expect(app.mock.messageRequests()).toHaveLength(2);

    await continueToolRounds();
    await app.until((s) => s.toolRounds?.paused === true && !s.isStreaming, 'the second pause');
    expect(app.state().toolRounds).toEqual({ done: 4, limit: 4, paused: true });
    expect(app.mock.messageRequests()).toHaveLength(4);

    stopToolRounds();
    expect(app.state().toolRounds).toBeNull();
    expect(app.mock.messageRequests()).toHaveLength(4);
  });
});
