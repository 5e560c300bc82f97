/**
 * The session's exclusive hold as AgentSession uses it: a reply or a handoff starts only
 * once the hold is granted, is refused whole when another holder has it, and the session
 * counts as busy while the answer is pending (so text typed then is queued).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sentTexts } from '../../../testing/mockModel';
import { type SessionHarness, startSessionHarness } from '../../../testing/sessionHarness';
import { HANDOFF_REFUSED_WHILE_STREAMING, HandoffRefused } from '../handoff/handoffMachine';
import { HANDOFF_PROMPT_MARKER } from '../handoff/handoffPrompt';
import { BUSY_IN_ANOTHER_TAB, type Exclusive, SessionBusyElsewhereError } from './exclusiveAccess';

let h: SessionHarness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A hold another tab has: every request is refused, after `answer` resolves. */
function heldElsewhere(answer: Promise<void> = Promise.resolve()): Exclusive & { asked: string[] } {
  const asked: string[] = [];
  const exclusive = async (sessionId: string, _run: unknown, onDecided: () => void) => {
    asked.push(sessionId);
    await answer;
    onDecided();
    return { acquired: false as const };
  };
  return Object.assign(exclusive as Exclusive, { asked });
}

describe('AgentSession with an exclusive hold', () => {
  it('sends nothing and appends nothing when another holder has the session', async () => {
    const exclusive = heldElsewhere();
    h = await startSessionHarness({ exclusive });
    await expect(h.session.prompt('Hello')).rejects.toBeInstanceOf(SessionBusyElsewhereError);
    expect(exclusive.asked).toEqual([h.session.header.id]);
    expect(h.mock.requests).toHaveLength(0);
    expect(h.session.log.getBranch()).toHaveLength(0);
  });

  it('refuses a handoff the way the handoff says its other refusals', async () => {
    let allow = true;
    const exclusive: Exclusive = async (_id, run, onDecided) => {
      onDecided();
      return allow ? { acquired: true, value: await run() } : { acquired: false };
    };
    h = await startSessionHarness({ exclusive });
    await h.session.prompt('Hello');
    allow = false;
    const refused = h.session.handoff();
    await expect(refused).rejects.toBeInstanceOf(HandoffRefused);
    await expect(refused).rejects.toThrow(BUSY_IN_ANOTHER_TAB);
    expect(h.mock.requests.some((r) => sentTexts(r).at(-1)?.startsWith(HANDOFF_PROMPT_MARKER))).toBe(false);
  });

  it('is busy while the hold is being asked for, and not after the answer', async () => {
    let answer: () => void = () => {};
    const exclusive = heldElsewhere(new Promise<void>((resolve) => (answer = resolve)));
    h = await startSessionHarness({ exclusive });
    const sending = h.session.prompt('Hello');
    expect(h.session.isBusy).toBe(true);
    answer();
    await expect(sending).rejects.toBeInstanceOf(SessionBusyElsewhereError);
    expect(h.session.isBusy).toBe(false);
  });
});

describe('AgentSession refusals come before the hold', () => {
  it('refuses a handoff while its own reply streams with that reason, without asking for the hold', async () => {
    const asked: string[] = [];
    const exclusive: Exclusive = async (id, run, onDecided) => {
      asked.push(id);
      onDecided();
      return { acquired: true, value: await run() };
    };
    h = await startSessionHarness({ exclusive });
    await h.session.prompt('Hello');
    h.mock.script({ kind: 'hang' });
    const streaming = h.session.prompt('Second');
    await h.mock.waitForRequests(2);
    const before = asked.length;
    await expect(h.session.handoff()).rejects.toThrow(HANDOFF_REFUSED_WHILE_STREAMING);
    expect(asked).toHaveLength(before);
    h.session.abort();
    await streaming;
  });
});
