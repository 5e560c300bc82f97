import { afterEach, describe, expect, it } from 'vitest';
import { nextEvent } from '../../../testing/events';
import { sentMessages, textReply, toolUseReply } from '../../../testing/mockModel';
import { type SessionHarness, startSessionHarness } from '../../../testing/sessionHarness';
import type { SessionEvent } from '../agentSession';
import {
  HANDOFF_ACCEPTED_RESULT,
  HANDOFF_DECLINED_RESULT,
  HANDOFF_TOOL_DESCRIPTION,
  HANDOFF_TOOL_NAME,
} from './handoffTool';

let h: SessionHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const proposalShown = (session: SessionHarness['session']) =>
  nextEvent<SessionEvent, 'handoff_proposal'>(
    (listener) => session.subscribe(listener),
    'handoff_proposal',
    (event) => event.proposal !== undefined,
  );

describe('the handoff tool', () => {
  it('is declared with its exact name, description and schema in every request', async () => {
    h = await startSessionHarness();
    h.mock.script(textReply('Hi.'));
    await h.session.prompt('Hello');
    const tools = (h.mock.requests[0]?.body.tools ?? []) as Array<{ name: string }>;
    const tool = tools.find((t) => t.name === HANDOFF_TOOL_NAME);
    expect(tool).toEqual({
      name: 'handoff',
      description: HANDOFF_TOOL_DESCRIPTION,
      input_schema: {
        type: 'object',
        properties: { reason: { type: 'string' }, focus: { type: 'string' } },
        required: ['reason'],
      },
    });
    expect(HANDOFF_TOOL_DESCRIPTION).toBe('propose starting a fresh session with a handoff document');
  });

  it('Not now answers the call with a refusal and the loop asks the model again', async () => {
    h = await startSessionHarness();
    const { session, mock } = h;
    mock.script(
      toolUseReply('toolu_h1', 'handoff', { reason: 'context nearly full', focus: 'the parser' }),
      textReply('Fine, going on here.'),
    );
    const shown = proposalShown(session);
    const run = session.prompt('Please go on');
    const { proposal } = await shown;
    expect(proposal).toMatchObject({
      toolUseId: 'toolu_h1',
      reason: 'context nearly full',
      focus: 'the parser',
    });
    // The run stays open while the user decides.
    expect(session.isBusy).toBe(true);
    expect(mock.requests).toHaveLength(1);

    await session.answerHandoffProposal({ accepted: false });
    await run;
    expect(mock.requests).toHaveLength(2);
    expect(sentMessages(mock.requests[1]).at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_h1', content: HANDOFF_DECLINED_RESULT }],
    });
    expect(session.handoffProposal).toBeUndefined();
    expect(session.takeAcceptedHandoff()).toBeUndefined();
  });

  it('Esc (stop) while the proposal waits is Not now: the chat goes on', async () => {
    h = await startSessionHarness();
    const { session, mock } = h;
    mock.script(toolUseReply('toolu_h2', 'handoff', { reason: 'long work' }), textReply('Continuing.'));
    const shown = proposalShown(session);
    const run = session.prompt('Work');
    await shown;
    session.abort();
    await run;
    expect(mock.requests).toHaveLength(2);
    expect(JSON.stringify(sentMessages(mock.requests[1]))).toContain(HANDOFF_DECLINED_RESULT);
  });

  it('Hand off ends the run without asking the model again, then the handoff runs with the edited focus', async () => {
    h = await startSessionHarness();
    const { session, mock, stored } = h;
    mock.script(
      textReply('Sure.'),
      toolUseReply('toolu_h3', 'handoff', { reason: 'you asked', focus: 'billing' }),
    );
    await session.prompt('Hi');
    const shown = proposalShown(session);
    const run = session.prompt('Hand this off');
    await shown;
    await session.answerHandoffProposal({ accepted: true, focus: 'billing and invoices' });
    await run;
    // No third request: the accepted answer is stored, not sent on.
    expect(mock.requests).toHaveLength(2);
    const oldId = session.header.id;
    await h.queue.flush();
    const last = (await stored.entries(oldId)).at(-1);
    expect(last).toMatchObject({
      message: {
        role: 'toolResult',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_h3', content: HANDOFF_ACCEPTED_RESULT }],
      },
    });

    const focus = session.takeAcceptedHandoff();
    expect(focus).toBe('billing and invoices');
    expect(session.takeAcceptedHandoff()).toBeUndefined();
    mock.script(textReply('## Goal\nShip billing\n## Next Steps\n- invoices'));
    const result = await session.handoff(focus);
    expect(result.status).toBe('done');
    expect(JSON.stringify(mock.requests[2]?.body)).toContain('Additional focus: billing and invoices');
    expect(session.header.parentSession).toBe(oldId);
  });

  it('a proposal left unanswered by a reload is shown again; Not now then answers it and the model goes on', async () => {
    h = await startSessionHarness();
    const { session, mock } = h;
    mock.script(toolUseReply('toolu_h4', 'handoff', { reason: 'nearly full', focus: 'tests' }));
    const shown = proposalShown(session);
    const run = session.prompt('Go');
    await shown;
    await h.queue.flush();
    // The page closes while the card waits: a second session reads what storage holds.
    const reopened = await h.reopen(session.header.id);
    try {
      expect(reopened.session.handoffProposal).toMatchObject({
        toolUseId: 'toolu_h4',
        reason: 'nearly full',
        focus: 'tests',
        restored: true,
      });
      mock.script(textReply('Going on.'));
      await reopened.session.answerHandoffProposal({ accepted: false });
      const sent = sentMessages(mock.requests.at(-1));
      expect(sent.at(-1)).toEqual({
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_h4', content: HANDOFF_DECLINED_RESULT }],
      });
      expect(reopened.session.handoffProposal).toBeUndefined();
    } finally {
      reopened.close();
      session.abort();
      await run;
    }
  });
});
