/**
 * Switch model: the open session's next request goes to the model chosen for it, over
 * real HTTP to the mock API, and the choice is stored with the session's header.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type SessionHarness, startSessionHarness } from '../../testing/sessionHarness';

let h: SessionHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('AgentSession.setModel', () => {
  it('sends the next request to the chosen model and keeps it in the header', async () => {
    // The app's rule: a session's own model, once it has one (sessionModel.ts).
    h = await startSessionHarness({ modelForSession: (own) => own || 'claude-test-model' });
    await h.session.prompt('First');
    const before = h.mock.messageRequests()[0]?.body.model;
    h.session.setModel('  claude-chosen-model ');
    expect(h.session.header.model).toBe('claude-chosen-model');
    await h.session.prompt('Second');
    expect(h.mock.messageRequests()[1]?.body.model).toBe('claude-chosen-model');
    expect(before).not.toBe('claude-chosen-model');
    // A blank choice changes nothing.
    h.session.setModel('   ');
    expect(h.session.header.model).toBe('claude-chosen-model');
  });
});
