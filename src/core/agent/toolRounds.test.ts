/**
 * The bound on consecutive tool rounds (issue 27, finding 4), with a model that never
 * stops calling tools: the run pauses after the bound with every call answered, Continue
 * runs as many again counting on, Stop leaves a transcript the next request can build on.
 */
import { describe, expect, it } from 'vitest';
import { memoryPersistence } from '../../../testing/memoryPersistence';
import { AgentSession, type SessionEvent } from '../agentSession';
import { toApiMessages } from '../session/buildSessionContext';
import { createSessionHeader, SessionLog } from '../session/sessionLog';
import type { ApiMessage } from '../types/agentMessage';
import type { Message } from '../types/message';
import { clampMaxToolRounds, DEFAULT_MAX_TOOL_ROUNDS, type ToolRounds, toolRoundLabel } from './toolRounds';
import type { ModelClient, ModelRequest } from './types';

/** A model that answers every request with one call of the todo tool, and records what it was sent. */
function toolHappyClient(): ModelClient & { requests: ApiMessage[][] } {
  const requests: ApiMessage[][] = [];
  return {
    label: 'always tools',
    requests,
    async stream(request: ModelRequest, onPartial: (message: Message) => void): Promise<Message> {
      requests.push(structuredClone(request.messages));
      const reply: Message = {
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: `call-${requests.length}`,
            name: 'todo_write',
            input: { todos: [{ content: `Step ${requests.length}`, status: 'in_progress' }] },
          },
        ],
        stopReason: 'tool_use',
        model: request.model,
      };
      onPartial(reply);
      return reply;
    },
  };
}

function start(maxToolRounds?: number) {
  const client = toolHappyClient();
  const log = new SessionLog({ ...createSessionHeader({ id: 's1', model: 'm', now: 1 }), leafId: null });
  const session = new AgentSession(
    { persistence: memoryPersistence() },
    { client, model: 'm', maxTokens: 1000, ...(maxToolRounds !== undefined && { maxToolRounds }) },
    log,
  );
  const rounds: ToolRounds[] = [];
  const ends: Array<Extract<SessionEvent, { type: 'agent_end' }>> = [];
  session.subscribe((event) => {
    if (event.type === 'tool_round') rounds.push(event.rounds);
    if (event.type === 'agent_end') ends.push(event);
  });
  return { client, session, rounds, ends };
}

/** Every tool_use in `turns` answered by a tool_result in the next turn. */
function everyCallAnswered(turns: readonly ApiMessage[]): boolean {
  return turns.every((turn, i) => {
    const calls = turn.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []));
    const next = turns[i + 1]?.content ?? [];
    return calls.every((id) => next.some((b) => b.type === 'tool_result' && b.tool_use_id === id));
  });
}

describe('the bound on tool rounds', () => {
  it('pauses after the bound, with the count on the way and every call answered', async () => {
    const { client, session, rounds, ends } = start(3);
    await session.prompt('Plan forever');

    // Three rounds run: three requests, the third round's results not yet sent back.
    expect(client.requests).toHaveLength(3);
    expect(rounds).toEqual([
      { done: 1, limit: 3 },
      { done: 2, limit: 3 },
      { done: 3, limit: 3 },
    ]);
    expect(rounds.map(toolRoundLabel)).toContain('Tool round 2 of 3');
    expect(ends.at(-1)?.toolRoundLimit).toEqual({ done: 3, limit: 3 });
    expect(session.isBusy).toBe(false);
    expect(session.messages.at(-1)?.role).toBe('toolResult');
    expect(everyCallAnswered(toApiMessages(session.messages))).toBe(true);
  });

  it('Continue runs as many rounds again, counting on, and sends the last results first', async () => {
    const { client, session, rounds, ends } = start(2);
    await session.prompt('Plan forever');
    await session.prompt('', { continueToolRounds: true });

    expect(client.requests).toHaveLength(4);
    expect(rounds.slice(2)).toEqual([
      { done: 3, limit: 4 },
      { done: 4, limit: 4 },
    ]);
    // The first request after Continue carries the paused round's answer as its last turn.
    const resumed = client.requests[2] ?? [];
    expect(resumed.at(-1)?.content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'call-2' });
    expect(ends.at(-1)?.toolRoundLimit).toEqual({ done: 4, limit: 4 });
  });

  it('Stop (no Continue): the next message makes a valid request, results first, then the words', async () => {
    const { client, session } = start(2);
    await session.prompt('Plan forever');
    expect(client.requests).toHaveLength(2);

    await session.prompt('Enough, sum up');
    const next = client.requests[2] ?? [];
    expect(everyCallAnswered(next)).toBe(true);
    expect(next.map((turn) => turn.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(next.at(-1)?.content.map((b) => b.type)).toEqual(['tool_result', 'text']);
  });

  it('Continue when nothing is paused does nothing', async () => {
    const { client, session } = start(2);
    await session.prompt('', { continueToolRounds: true });
    expect(client.requests).toHaveLength(0);
  });

  it('defaults to a bound in the tens and repairs unreadable settings', () => {
    expect(DEFAULT_MAX_TOOL_ROUNDS).toBeGreaterThanOrEqual(10);
    expect(DEFAULT_MAX_TOOL_ROUNDS).toBeLessThan(100);
    expect(clampMaxToolRounds(undefined)).toBe(DEFAULT_MAX_TOOL_ROUNDS);
    expect(clampMaxToolRounds(Number.NaN)).toBe(DEFAULT_MAX_TOOL_ROUNDS);
    expect(clampMaxToolRounds(0)).toBe(1);
    expect(clampMaxToolRounds(7.4)).toBe(7);
  });

  it('without a setting a run stops at the default bound', async () => {
    const { client, session } = start();
    await session.prompt('Plan forever');
    expect(client.requests).toHaveLength(DEFAULT_MAX_TOOL_ROUNDS);
  });
});
