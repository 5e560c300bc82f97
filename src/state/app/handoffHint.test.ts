// @vitest-environment jsdom
/**
 * The model's side of "suggest a handoff when it pays" through the real app wiring: in
 * "Ask" mode a reply past the user's triggers leaves the model one hidden note for its
 * next request, so its handoff tool can propose one; "Do nothing" and "Auto" leave none.
 */
import { describe, expect, it } from 'vitest';
import type { MockStep } from '../../../e2e/mock/mockApi';
import { appsPerTest } from '../../../testing/appHarness';
import { textReply } from '../../../testing/mockModel';

const start = appsPerTest();

/** A 200,000-token window (the override) and a 50% threshold: 120,000 tokens cross it. */
const WINDOW = { contextThreshold: 0.5, contextWindowOverride: 200_000 } as const;
const NOTE = 'passed the point at which the user asked to be offered a handoff';

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

const notesIn = (body: { messages?: unknown }) => JSON.stringify(body.messages).split(NOTE).length - 1;

describe('the handoff note to the model', () => {
  it('"Ask": the request after the crossing carries it once, the next ones keep it in place but add none', async () => {
    const app = await start({ ...WINDOW, autoHandoff: 'ask' });
    app.mock.script(
      replyUsing('Small.', 1_000),
      replyUsing('Big.', 120_000),
      textReply('Still big.'),
      textReply('More.'),
    );
    await app.composer.submitComposer('One');
    await app.composer.submitComposer('Two');
    await app.composer.submitComposer('Three');
    await app.composer.submitComposer('Four');
    const requests = app.mock.messageRequests();
    expect(requests.map((r) => notesIn(r.body))).toEqual([0, 0, 1, 1]);
    // Hidden from the transcript: only what the user and the model wrote is shown.
    expect(app.state().entries.filter((e) => e.type === 'message')).toHaveLength(8);
    const third = JSON.stringify(requests[2]?.body.messages);
    expect(third).toContain('120,010 tokens (60% of the window)');
    expect(third.indexOf(NOTE)).toBeLessThan(third.indexOf('Three'));
  });

  it('"Do nothing" and "Auto" tell the model nothing', async () => {
    for (const autoHandoff of ['off', 'auto'] as const) {
      const app = await start({ ...WINDOW, autoHandoff });
      // "Auto" hands off after the big reply (the document is the second reply) instead.
      app.mock.script(replyUsing('Big.', 120_000), textReply('## Goal\nShip.'), textReply('Next.'));
      await app.composer.submitComposer('One');
      await app.composer.submitComposer('Two');
      const requests = app.mock.messageRequests();
      expect(requests.length).toBeGreaterThanOrEqual(2);
      expect(requests.map((r) => notesIn(r.body)).every((n) => n === 0)).toBe(true);
      expect(JSON.stringify(requests.at(-1)?.body.messages)).toContain('Two');
    }
  });
});
