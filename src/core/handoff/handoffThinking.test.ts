/**
 * The handoff turn and extended thinking: the document request keeps the session's
 * thinking (its tool_choice is the conversation's), the conversation's signed thinking
 * goes back with it, the document is the reply's text only, and the new session thinks
 * as the old one did.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { signedThinking } from '../../../e2e/mock/thinkingRules';
import { type SessionHarness, startSessionHarness } from '../../../testing/sessionHarness';
import type { ThinkingSetting } from '../types/thinking';

let h: SessionHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const ON: ThinkingSetting = { enabled: true, budgetTokens: 2048, effort: 'medium' };
const DOC =
  '## Goal\nShip it.\n\n## Constraints & Preferences\nNone.\n\n## Progress\nStarted.\n\n## Key Decisions\nNone.\n\n## Critical Context\nNone.\n\n## Next Steps\n1. Go on.';

describe('handoff with thinking on', () => {
  it('keeps thinking for the document turn and hands the setting on', async () => {
    h = await startSessionHarness();
    h.session.setThinking(ON);
    await h.session.prompt('Start the work');
    const thoughtBefore = h.mock.messageRequests()[0];
    // An unknown model (the test's) takes adaptive thinking, without an effort.
    expect(thoughtBefore?.body.thinking).toEqual({ type: 'adaptive' });

    h.mock.script({
      kind: 'reply',
      reply: { blocks: [signedThinking('What matters for the next session?'), { type: 'text', text: DOC }] },
    });
    const result = await h.session.handoff();
    expect(result.status).toBe('done');
    if (result.status !== 'done') return;
    const request = h.mock.messageRequests()[1];
    expect(request?.body.tool_choice).toEqual({ type: 'auto' });
    expect(request?.body.thinking).toEqual({ type: 'adaptive' });
    // The first reply's signed thinking went back with the conversation (the mock checked it).
    expect(JSON.stringify(request?.body.messages)).toContain('Mock thinking about: Start the work');
    // The document is what the model wrote, not what it thought.
    expect(result.document).toBe(DOC);
    expect(h.session.header.thinking).toEqual(ON);
  });

  it('follows the Settings default in a session that did not choose', async () => {
    h = await startSessionHarness({ defaultThinking: ON });
    await h.session.prompt('Start');
    expect(h.mock.messageRequests()[0]?.body.thinking).toEqual({ type: 'adaptive' });
    h.session.setThinking({ ...ON, enabled: false });
    await h.session.prompt('Again');
    expect('thinking' in (h.mock.messageRequests()[1]?.body ?? {})).toBe(false);
  });
});
