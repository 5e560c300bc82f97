/** The run's last reply, announced before it is recorded (what the handoff captures its document by). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AgentHarness, startAgentHarness } from '../../../testing/agentHarness';
import { nextEvent } from '../../../testing/events';
import { textReply, toolUseReply } from '../../../testing/mockModel';
import type { Message } from '../types/message';
import { MAX_REFUSED_TOOL_ROUNDS, userMessage } from './agent';
import type { AgentEvent } from './agentEvents';

let h: AgentHarness;
beforeEach(async () => {
  h = await startAgentHarness();
});
afterEach(async () => {
  await h.close();
});

const PLAN = { todos: [{ content: 'Write the tests', status: 'in_progress' }] };

/** Runs `text`, noting each onLastReply call and the events recorded by then. */
async function runNoting(text: string, options: Parameters<typeof h.agent.prompt>[1] = {}) {
  const calls: Array<{ reply: Message; eventsBefore: string[] }> = [];
  await h.agent.prompt(userMessage(text), {
    ...options,
    onLastReply: (reply) => calls.push({ reply, eventsBefore: h.recorded.types() }),
  });
  return calls;
}

const textOfReply = (reply: Message | undefined) =>
  reply?.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');

describe('Agent: onLastReply', () => {
  it('is called once, with the reply the run ends on, before its message_end', async () => {
    h.mock.script(textReply('The whole answer.'));
    const calls = await runNoting('Hello');
    expect(calls).toHaveLength(1);
    expect(textOfReply(calls[0]?.reply)).toBe('The whole answer.');
    expect(calls[0]?.reply.stopReason).toBe('end_turn');
    // The reply had started and streamed, but had not ended yet.
    expect(calls[0]?.eventsBefore.filter((t) => t === 'message_end')).toHaveLength(1); // the user's message only
    expect(h.recorded.types().slice(-3)).toEqual(['message_end', 'turn_end', 'agent_end']);
  });

  it('waits for the reply after the tools ran, not the one that called them', async () => {
    h.mock.script(toolUseReply('toolu_1', 'todo_write', PLAN), textReply('Planned.'));
    const calls = await runNoting('Plan it');
    expect(calls.map((c) => textOfReply(c.reply))).toEqual(['Planned.']);
  });

  it('in a run that refuses tools, is the reply after the refused calls', async () => {
    h.mock.script(toolUseReply('toolu_1', 'todo_write', PLAN), textReply('The document.'));
    const calls = await runNoting('Write it', { refuseToolsWith: 'No tools now.' });
    expect(calls.map((c) => textOfReply(c.reply))).toEqual(['The document.']);
    expect(h.todos()).toEqual([]);
  });

  it(`in a run that refuses tools, is the last call once ${MAX_REFUSED_TOOL_ROUNDS} rounds were refused`, async () => {
    const steps = Array.from({ length: MAX_REFUSED_TOOL_ROUNDS + 1 }, (_, i) =>
      toolUseReply(`toolu_${i}`, 'todo_write', PLAN, `Try ${i}`),
    );
    h.mock.script(...steps);
    const calls = await runNoting('Write it', { refuseToolsWith: 'No tools now.' });
    expect(calls.map((c) => textOfReply(c.reply))).toEqual([`Try ${MAX_REFUSED_TOOL_ROUNDS}`]);
  });

  it('is not called when the reply fails or is stopped', async () => {
    h.mock.script({ kind: 'status', status: 529 });
    expect(await runNoting('Hello')).toEqual([]);
    h.mock.script(textReply('A long answer that is stopped', 40, 3));
    const streaming = nextEvent<AgentEvent, 'message_update'>((l) => h.agent.subscribe(l), 'message_update');
    const stopped = runNoting('Again');
    await streaming;
    h.agent.abort();
    expect(await stopped).toEqual([]);
  });
});
