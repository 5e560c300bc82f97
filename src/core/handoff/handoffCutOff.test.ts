/**
 * A handoff document cut off at the output limit (stop_reason max_tokens) is half a
 * document (issue 27, finding 7a): the handoff fails with the sentence that says so and
 * what to do, nothing is captured, and the old session stays where it was.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { recordEvents } from '../../../testing/events';
import { textReply } from '../../../testing/mockModel';
import { type SessionHarness, startSessionHarness } from '../../../testing/sessionHarness';
import type { SessionEvent } from '../agentSession';
import { HANDOFF_CUT_OFF, handoffFailedMessage } from './handoffMachine';

let h: SessionHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const HALF_DOCUMENT =
  '## Goal\nShip the billing API.\n\n## Constraints & Preferences\nTypeScript, no new dep';

describe('handoff: a document cut off at max_tokens', () => {
  it('fails with the sentence, captures nothing and switches to nothing', async () => {
    h = await startSessionHarness();
    h.mock.script(textReply('Sure, the plan is ready.'));
    await h.session.prompt('Build the billing API');
    const parentId = h.session.header.id;
    const events = recordEvents<SessionEvent>((listener) => h!.session.subscribe(listener));
    h.mock.script({
      kind: 'reply',
      reply: { blocks: [{ type: 'text', text: HALF_DOCUMENT }], stopReason: 'max_tokens' },
    });

    const result = await h.session.handoff();

    expect(result).toEqual({ status: 'failed', reason: HANDOFF_CUT_OFF });
    expect(handoffFailedMessage(HANDOFF_CUT_OFF)).toMatch(
      /^Handoff failed: the document was cut off at the output limit before it was finished, so it was not used\. Raise "Max output tokens" in Settings/,
    );
    expect(events.events.some((event) => event.type === 'handoff_document_captured')).toBe(false);
    await h.queue.flush();
    expect(h.session.header.id).toBe(parentId);
    expect(h.session.header.children).toEqual([]);
    expect((await h.stored.headers()).map((header) => header.id)).toEqual([parentId]);
    expect(h.session.isBusy).toBe(false);
  });

  it('a document that ends on its own (end_turn) is still taken whole', async () => {
    h = await startSessionHarness();
    h.mock.script(textReply('Sure, the plan is ready.'));
    await h.session.prompt('Build the billing API');
    h.mock.script({
      kind: 'reply',
      reply: { blocks: [{ type: 'text', text: `${HALF_DOCUMENT}endencies.` }] },
    });
    const result = await h.session.handoff();
    expect(result.status).toBe('done');
  });
});
