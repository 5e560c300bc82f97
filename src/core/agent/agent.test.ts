import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AgentHarness, startAgentHarness, TEST_SYSTEM_PROMPT } from '../../../testing/agentHarness';
import { text, toolResult, toolUse } from '../../../testing/entryBuilders';
import { nextEvent } from '../../../testing/events';
import {
  mockTokenCount,
  sentMessages,
  TEST_MODEL,
  textReply,
  toolUseReply,
} from '../../../testing/mockModel';
import type { CustomContextMessage } from '../types/agentMessage';
import { AgentBusyError, MAX_PAUSE_CONTINUATIONS, userMessage } from './agent';
import type { AgentEvent } from './agentEvents';
import { ModelError } from './types';

let h: AgentHarness;

beforeEach(async () => {
  h = await startAgentHarness();
});
afterEach(async () => {
  await h.close();
});

/** Event types in order, with runs of message_update folded into one. */
/**
 * The event types without message_update: how many updates a reply makes depends on how
 * its events arrive (a burst in one network chunk makes one or none), not on the agent.
 */
function foldedTypes(events: AgentEvent[]): string[] {
  return events.map((event) => event.type).filter((type) => type !== 'message_update');
}

const onEvent = <T extends AgentEvent['type']>(
  type: T,
  matches?: (event: Extract<AgentEvent, { type: T }>) => boolean,
) => nextEvent<AgentEvent, T>((listener) => h.agent.subscribe(listener), type, matches);

const PLAN = { todos: [{ content: 'Write the tests', status: 'in_progress' }] };

describe('Agent: one reply', () => {
  it('streams the reply and emits the events in order', async () => {
    // A pause between events, as over a real network: each one arrives in its own task.
    h.mock.script(textReply('Hello there, this reply arrives in several pieces.', 5));
    await h.agent.prompt(userMessage('Hi'));

    expect(foldedTypes(h.recorded.events)).toEqual([
      'agent_start',
      'message_start',
      'message_end',
      'message_start',
      'message_end',
      'turn_end',
      'agent_end',
    ]);
    expect(h.recorded.ofType('message_update').length).toBeGreaterThan(3);
    const [userStart, replyStart] = h.recorded.ofType('message_start');
    expect(userStart?.message).toEqual(userMessage('Hi'));
    expect(replyStart?.message).toMatchObject({ role: 'assistant', content: [], stopReason: 'streaming' });

    const reply = {
      role: 'assistant',
      content: [text('Hello there, this reply arrives in several pieces.')],
      stopReason: 'end_turn',
      model: TEST_MODEL,
      // The mock's count of the request: too short for its prompt cache, so all of it input.
      usage: {
        input: mockTokenCount(h.mock.messageRequests()[0]?.body ?? {}),
        output: 13,
        cacheRead: 0,
        cacheWrite: 0,
      },
    };
    expect(h.recorded.ofType('message_end').map((e) => e.message)).toEqual([userMessage('Hi'), reply]);
    expect(h.recorded.ofType('turn_end')[0]).toEqual({ type: 'turn_end', message: reply, toolResults: [] });
    expect(h.recorded.ofType('agent_end')[0]).toEqual({
      type: 'agent_end',
      messages: [userMessage('Hi'), reply],
      aborted: false,
    });
    expect(h.agent.messages).toEqual([userMessage('Hi'), reply]);
    expect(h.agent.isStreaming).toBe(false);
  });

  it('sends the system prompt, model, limits, the tools and the conversation', async () => {
    await h.agent.prompt(userMessage('First'));
    await h.agent.prompt(userMessage('Second'));
    const [first, second] = h.mock.requests;
    expect(first?.body).toMatchObject({
      model: TEST_MODEL,
      max_tokens: 1024,
      stream: true,
      system: TEST_SYSTEM_PROMPT,
      tool_choice: { type: 'auto' },
    });
    expect(first?.body.tools).toEqual([expect.objectContaining({ name: 'todo_write' })]);
    expect(sentMessages(first)).toEqual([{ role: 'user', content: [text('First')] }]);
    expect(sentMessages(second)).toEqual([
      { role: 'user', content: [text('First')] },
      { role: 'assistant', content: [text('Mock reply to: First')] },
      { role: 'user', content: [text('Second')] },
    ]);
  });

  it('refuses a second prompt while one runs, and the first still completes', async () => {
    h.mock.script(textReply('A slow reply to the first prompt.', 10));
    const first = h.agent.prompt(userMessage('one'));
    expect(h.agent.isStreaming).toBe(true);
    await expect(h.agent.prompt(userMessage('two'))).rejects.toBeInstanceOf(AgentBusyError);
    await first;
    expect(h.mock.requests).toHaveLength(1);
    expect(h.agent.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(h.recorded.ofType('agent_start')).toHaveLength(1);
  });
});

describe('Agent: tools', () => {
  it('runs a tool call, sends its result back and continues until the model stops', async () => {
    h.mock.script(toolUseReply('toolu_1', 'todo_write', PLAN, 'Let me plan.'), textReply('Planned.'));
    await h.agent.prompt(userMessage('Plan the work'));

    expect(h.mock.requests).toHaveLength(2);
    const result = h.agent.messages[2];
    expect(result).toEqual({
      role: 'toolResult',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_1',
          content: expect.stringContaining('[~] Write the tests'),
        },
      ],
    });
    expect(h.todos()).toEqual([{ id: 'todo-1', content: 'Write the tests', status: 'in_progress' }]);
    expect(sentMessages(h.mock.requests[1])).toEqual([
      { role: 'user', content: [text('Plan the work')] },
      { role: 'assistant', content: [text('Let me plan.'), toolUse('toolu_1', 'todo_write', PLAN)] },
      { role: 'user', content: [result?.role === 'toolResult' ? result.content[0] : undefined] },
    ]);
    expect(h.agent.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'toolResult', 'assistant']);

    const turns = h.recorded.ofType('turn_end');
    expect(turns).toHaveLength(2);
    expect(turns[0]?.toolResults).toEqual([result]);
    expect(turns[1]?.toolResults).toEqual([]);
    expect(foldedTypes(h.recorded.events)).toEqual([
      'agent_start',
      'message_start', // user
      'message_end',
      'message_start', // assistant with the call
      'message_end',
      'message_start', // tool result
      'message_end',
      'turn_end',
      'message_start', // final assistant
      'message_end',
      'turn_end',
      'agent_end',
    ]);
  });

  it('answers a call to an unknown tool with an error result', async () => {
    h.mock.script(toolUseReply('toolu_9', 'rm_rf', { path: '/' }), textReply('Sorry.'));
    await h.agent.prompt(userMessage('Do it'));
    expect(h.agent.messages[2]).toEqual({
      role: 'toolResult',
      content: [{ ...toolResult('toolu_9', 'Unknown tool: rm_rf'), is_error: true }],
    });
    expect(sentMessages(h.mock.requests[1]).at(-1)?.content[0]).toMatchObject({ is_error: true });
  });

  it('does not run a tool the model called although this run forbade tool use', async () => {
    h.mock.script(toolUseReply('toolu_2', 'todo_write', PLAN));
    await h.agent.prompt(userMessage('Write the document'), { toolChoice: 'none' });

    expect(h.mock.requests).toHaveLength(1);
    expect(h.mock.requests[0]?.body.tool_choice).toEqual({ type: 'none' });
    expect(h.mock.requests[0]?.body.tools).toHaveLength(1);
    expect(h.todos()).toEqual([]);
    expect(h.agent.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(h.recorded.ofType('agent_end')[0]?.messages).toHaveLength(2);
  });
});

describe('Agent: abort', () => {
  it('keeps the partial text, marks it aborted and takes no delta after the stop', async () => {
    const full = 'This is a long reply that streams slowly, one small piece after another, for a while.';
    h.mock.script(textReply(full, 15, 5));
    let seenAtAbort = '';
    const updates: string[] = [];
    const unsubscribe = h.agent.subscribe((event) => {
      if (event.type !== 'message_update') return;
      const current = event.message.content[0]?.type === 'text' ? event.message.content[0].text : '';
      updates.push(current);
      if (updates.length === 4) {
        seenAtAbort = current;
        h.agent.abort();
      }
    });
    await h.agent.prompt(userMessage('Tell me a lot'));
    unsubscribe();

    expect(updates).toHaveLength(4);
    const reply = h.agent.messages[1];
    expect(reply).toMatchObject({ role: 'assistant', stopReason: 'aborted', content: [text(seenAtAbort)] });
    expect(seenAtAbort.length).toBeGreaterThan(0);
    expect(seenAtAbort.length).toBeLessThan(full.length);
    expect(h.recorded.ofType('agent_end')[0]).toMatchObject({ aborted: true });
    expect(h.recorded.ofType('agent_end')[0]?.error).toBeUndefined();
    expect(h.agent.isStreaming).toBe(false);

    // The stopped reply stays in the conversation the next prompt sends.
    await h.agent.prompt(userMessage('Go on'));
    expect(sentMessages(h.mock.requests[1])).toEqual([
      { role: 'user', content: [text('Tell me a lot')] },
      { role: 'assistant', content: [text(seenAtAbort)] },
      { role: 'user', content: [text('Go on')] },
    ]);
  });

  it('stops a request that has not answered yet, leaving an empty aborted reply out of the next request', async () => {
    h.mock.script({ kind: 'hang' });
    const running = h.agent.prompt(userMessage('Hello?'));
    await h.mock.waitForRequests(1);
    h.agent.abort();
    await running;
    expect(h.agent.messages[1]).toMatchObject({ role: 'assistant', content: [], stopReason: 'aborted' });
    await h.agent.prompt(userMessage('Hello again'));
    expect(sentMessages(h.mock.requests[1])).toEqual([
      { role: 'user', content: [text('Hello?'), text('Hello again')] },
    ]);
  });

  it('does not run the tools of a reply stopped mid-call', async () => {
    h.mock.script({ ...toolUseReply('toolu_3', 'todo_write', PLAN, 'Planning now.'), delayMsPerEvent: 15 });
    const unsubscribe = h.agent.subscribe((event) => {
      if (event.type === 'message_update' && event.message.content.some((b) => b.type === 'tool_use'))
        h.agent.abort();
    });
    await h.agent.prompt(userMessage('Plan'));
    unsubscribe();
    expect(h.mock.requests).toHaveLength(1);
    expect(h.todos()).toEqual([]);
    expect(h.agent.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(h.agent.messages[1]).toMatchObject({ stopReason: 'aborted', content: [text('Planning now.')] });
  });
});

describe('Agent: queues', () => {
  it('delivers a steering message with the tool results of the next turn', async () => {
    h.mock.script(
      { ...toolUseReply('toolu_1', 'todo_write', PLAN, 'Planning.'), delayMsPerEvent: 5 },
      textReply('Ok.'),
    );
    const steered = onEvent('message_update').then(() => h.agent.steer('Also add docs'));
    await h.agent.prompt(userMessage('Plan'));
    await steered;

    expect(h.mock.requests).toHaveLength(2);
    const lastTurn = sentMessages(h.mock.requests[1]).at(-1);
    expect(lastTurn?.role).toBe('user');
    expect(lastTurn?.content.map((b) => b.type)).toEqual(['tool_result', 'text']);
    expect(lastTurn?.content[1]).toEqual(text('Also add docs'));
    expect(h.agent.steeringQueue).toEqual([]);
  });

  it('starts another turn for a steering message that arrived during a plain reply', async () => {
    h.mock.script(textReply('First answer, streamed slowly.', 5), textReply('Second answer.'));
    const steered = onEvent('message_update').then(() => h.agent.steer('Actually, be brief'));
    await h.agent.prompt(userMessage('Explain'));
    await steered;

    expect(h.mock.requests).toHaveLength(2);
    expect(sentMessages(h.mock.requests[1])).toEqual([
      { role: 'user', content: [text('Explain')] },
      { role: 'assistant', content: [text('First answer, streamed slowly.')] },
      { role: 'user', content: [text('Actually, be brief')] },
    ]);
    expect(h.recorded.ofType('agent_start')).toHaveLength(1);
    expect(h.recorded.ofType('turn_end')).toHaveLength(2);
  });

  it('leaves steering queued in a run that does not take it', async () => {
    h.mock.script(textReply('The document, slowly.', 5));
    const steered = onEvent('message_update').then(() => h.agent.steer('typed meanwhile'));
    await h.agent.prompt(userMessage('Write'), { takeSteering: false });
    await steered;
    expect(h.mock.requests).toHaveLength(1);
    expect(h.agent.steeringQueue).toEqual(['typed meanwhile']);
  });

  it('keeps follow-ups queued for the owner, with a queue_update for each change', async () => {
    h.agent.followUp('first');
    h.agent.followUp('second');
    h.agent.followUp('third');
    h.agent.steer('steer');
    expect(h.agent.followUpQueue).toEqual(['first', 'second', 'third']);
    expect(h.recorded.ofType('queue_update')).toHaveLength(4);

    // A run does not consume follow-ups: they go after it, sent by the session.
    await h.agent.prompt(userMessage('Hi'), { takeSteering: false });
    expect(h.mock.requests).toHaveLength(1);
    expect(h.agent.followUpQueue).toEqual(['first', 'second', 'third']);

    expect(h.agent.removeQueued('followUp', 1)).toBe('second');
    expect(h.agent.takeNextFollowUp()).toBe('first');
    expect(h.agent.followUpQueue).toEqual(['third']);
    h.agent.addPendingNextTurn({ role: 'custom', customType: 'x', content: 'ctx', display: false });
    expect(h.agent.clearQueues()).toEqual({ steering: ['steer'], followUps: ['third'] });
    expect(h.agent.followUpQueue).toEqual([]);
    expect(h.agent.steeringQueue).toEqual([]);
    expect(h.agent.pendingNextTurnMessages).toEqual([]);
    expect(h.agent.takeNextFollowUp()).toBeUndefined();
    expect(h.recorded.ofType('queue_update')).toHaveLength(7);
  });

  it('attaches a pending next-turn message to the next request, before the prompt', async () => {
    const reminder: CustomContextMessage = {
      role: 'custom',
      customType: 'todo_reminder',
      content: '<system-reminder>open todos</system-reminder>',
      display: false,
    };
    h.agent.addPendingNextTurn(reminder);
    await h.agent.prompt(userMessage('Continue'));

    expect(sentMessages(h.mock.requests[0])).toEqual([
      { role: 'user', content: [text('<system-reminder>open todos</system-reminder>'), text('Continue')] },
    ]);
    expect(h.agent.pendingNextTurnMessages).toEqual([]);
    expect(h.agent.messages.slice(0, 2)).toEqual([reminder, userMessage('Continue')]);
    expect(h.recorded.ofType('message_end')[0]?.message).toEqual(reminder);

    // Sent once: the following request carries it as history only.
    await h.agent.prompt(userMessage('More'));
    const blocks = sentMessages(h.mock.requests[1]).flatMap((t) => t.content);
    expect(blocks.filter((b) => b.type === 'text' && b.text === reminder.content)).toHaveLength(1);
  });
});

describe('Agent: API errors', () => {
  it.each([
    [401, 'auth', 'The API key was rejected. Check it in Settings.'],
    [529, 'overloaded', 'The model is overloaded right now. Try again in a moment.'],
  ] as const)('a %i ends the run with a ModelError and an errored reply', async (status, kind, sentence) => {
    h.mock.script({ kind: 'status', status });
    await h.agent.prompt(userMessage('Hi'));

    const end = h.recorded.ofType('agent_end')[0];
    expect(end?.error).toBeInstanceOf(ModelError);
    expect(end?.error).toMatchObject({ kind, message: sentence, status });
    expect(end?.aborted).toBe(false);
    expect(h.agent.messages[1]).toEqual({
      role: 'assistant',
      content: [],
      stopReason: 'error',
      errorMessage: sentence,
      errorKind: kind,
      model: TEST_MODEL,
    });
    expect(h.mock.requests).toHaveLength(1);
    expect(h.agent.isStreaming).toBe(false);
    expect(foldedTypes(h.recorded.events)).toEqual([
      'agent_start',
      'message_start',
      'message_end',
      'message_start',
      'message_end',
      'turn_end',
      'agent_end',
    ]);
  });

  it('keeps the text that streamed before a mid-stream error', async () => {
    h.mock.script({ kind: 'stream-error', afterText: 'Half of the' });
    await h.agent.prompt(userMessage('Hi'));
    expect(h.recorded.ofType('agent_end')[0]?.error?.kind).toBe('overloaded');
    expect(h.agent.messages[1]).toMatchObject({
      stopReason: 'error',
      content: [text('Half of the')],
      errorMessage: 'The model is overloaded right now. Try again in a moment.',
    });
  });

  it('reports a connection dropped mid-reply as a failure, not a stop', async () => {
    h.mock.script({ kind: 'drop', afterText: 'Cut off here', dropDelayMs: 20 });
    await h.agent.prompt(userMessage('Hi'));
    const end = h.recorded.ofType('agent_end')[0];
    expect(end?.aborted).toBe(false);
    expect(end?.error?.kind).toBe('connection_dropped');
    expect(h.agent.messages[1]).toMatchObject({ stopReason: 'error', content: [text('Cut off here')] });
  });
});

describe('Agent: stop reasons that ask for more', () => {
  it('continues a paused turn with one request whose last message is the paused turn', async () => {
    h.mock.script(
      {
        kind: 'reply',
        reply: { blocks: [{ type: 'text', text: 'Searching the web…' }], stopReason: 'pause_turn' },
      },
      textReply('Here is what I found.'),
    );
    await h.agent.prompt(userMessage('Find it'));
    const requests = h.mock.messageRequests();
    expect(requests).toHaveLength(2);
    const continued = sentMessages(requests[1]);
    expect(continued.at(-1)).toEqual({ role: 'assistant', content: [text('Searching the web…')] });
    expect(h.agent.messages.map((m) => (m.role === 'assistant' ? m.stopReason : m.role))).toEqual([
      'user',
      'pause_turn',
      'end_turn',
    ]);
  });

  it('stops continuing after a few pauses and leaves the rest to the user', async () => {
    const paused = {
      kind: 'reply' as const,
      reply: {
        blocks: [{ type: 'text' as const, text: 'Still working' }],
        stopReason: 'pause_turn' as const,
      },
      repeat: MAX_PAUSE_CONTINUATIONS + 1,
    };
    h.mock.script(paused);
    await h.agent.prompt(userMessage('Long task'));
    expect(h.mock.messageRequests()).toHaveLength(MAX_PAUSE_CONTINUATIONS + 1);
    expect(h.agent.isStreaming).toBe(false);
  });

  it('leaves a refused turn out of the next request, the refused message and the refusal both', async () => {
    h.mock.script({
      kind: 'reply',
      reply: {
        blocks: [],
        stopReason: 'refusal',
        refusal: { explanation: 'Not something I can help with.' },
      },
    });
    await h.agent.prompt(userMessage('Refused question'));
    const refusal = h.agent.messages.at(-1);
    expect(refusal).toMatchObject({
      stopReason: 'refusal',
      refusal: { explanation: 'Not something I can help with.' },
    });
    await h.agent.prompt(userMessage('Another question'));
    const next = sentMessages(h.mock.messageRequests()[1]);
    expect(next).toEqual([{ role: 'user', content: [text('Another question')] }]);
  });
});
