// @vitest-environment jsdom
/**
 * The opt-in auto-handoff through the real app wiring: it triggers after a reply past the
 * threshold, sends "Continue with the next steps." only when work was left, stops at the
 * user's limit with a notice, and a typed message starts the count again.
 */
import { describe, expect, it } from 'vitest';
import type { MockStep } from '../../../e2e/mock/mockApi';
import { appsPerTest } from '../../../testing/appHarness';
import { textReply } from '../../../testing/mockModel';
import { AUTO_CONTINUE_MESSAGE, autoHandoffLimitNotice } from '../../core/handoff/autoHandoff';

const start = appsPerTest();

/** A 200,000-token window (the override) and a 10% threshold: 30,000 tokens cross it. */
const AUTO = { autoHandoff: 'auto', contextThreshold: 0.1, contextWindowOverride: 200_000 } as const;

function replyUsing(text: string, inputTokens: number): MockStep {
  return {
    kind: 'reply',
    reply: {
      blocks: [{ type: 'text', text }],
      usage: {
        input_tokens: inputTokens,
        output_tokens: 10,
        cache_read_input_tokens: 0,
        cache_creation_input_tokens: 0,
      },
    },
  };
}

const WITH_NEXT_STEPS = '## Goal\nShip the parser.\n\n## Next Steps\n- Write the error paths.';
const FINISHED = '## Goal\nShip the parser.\n\n## Progress\nAll done.\n\n## Next Steps\n';

describe('auto-handoff', () => {
  it('hands off after a reply past the threshold; with nothing left to do it sends no continue message', async () => {
    const app = await start({ ...AUTO, autoHandoffLimit: 3 });
    app.mock.script(replyUsing('Done with it all.', 30_000), textReply(FINISHED));
    await app.composer.submitComposer('Finish the parser');
    await app.until((s) => !s.isStreaming && s.handoff.status === 'done', 'the handoff done');
    expect(app.mock.messageRequests()).toHaveLength(2);
    expect(app.runtime.session.header.parentSession).toBeDefined();
    expect(app.state().entries.map((e) => e.type)).toEqual(['custom_message']);
  });

  it('below the threshold, or with "ask", nothing happens', async () => {
    const app = await start({ ...AUTO, autoHandoff: 'ask' });
    app.mock.script(replyUsing('Big.', 30_000));
    await app.composer.submitComposer('Go');
    expect(app.mock.messageRequests()).toHaveLength(1);
    expect(app.runtime.session.header.parentSession).toBeUndefined();
  });

  it('continues with the next steps, stops at the limit with a notice, and a typed message resets the count', async () => {
    const app = await start({ ...AUTO, autoHandoffLimit: 1 });
    app.mock.script(
      replyUsing('Part one.', 30_000),
      textReply(WITH_NEXT_STEPS),
      replyUsing('Part two.', 30_000),
    );
    await app.composer.submitComposer('Build the parser');
    const requests = app.mock.messageRequests();
    expect(requests).toHaveLength(3);
    expect(JSON.stringify(requests[2]?.body.messages)).toContain(AUTO_CONTINUE_MESSAGE);
    const second = app.runtime.session.header.id;
    // The sentence stays with the session the chain ended in, not as a passing notice (issue 27, finding 6).
    expect(app.state().autoHandoffStop).toEqual({ sessionId: second, text: autoHandoffLimitNotice(1) });

    // The user types: a new chain, which may hand off once more.
    // The document says all done, but the todo carried into this session from the first
    // document ("Write the error paths.") was never completed: work is left, so it goes on.
    app.mock.script(
      replyUsing('Part three.', 30_000),
      textReply(FINISHED),
      textReply('Writing the error paths.'),
    );
    await app.composer.submitComposer('Go on please');
    const after = app.mock.messageRequests();
    expect(after).toHaveLength(6);
    expect(JSON.stringify(after[5]?.body.messages)).toContain(AUTO_CONTINUE_MESSAGE);
    expect(app.runtime.session.header.parentSession).toBe(second);
    // A message typed answers it: the sentence goes.
    expect(app.state().autoHandoffStop).toBeNull();
  });
});
