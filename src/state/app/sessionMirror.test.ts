import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { textReply, toolUseReply } from '../../../testing/mockModel';
import { type SessionHarness, startSessionHarness } from '../../../testing/sessionHarness';
import { isMessageEntry, type SessionEntry } from '../../core/types/entry';
import { textOf } from '../../core/types/messageText';
import { type BatonState, batonStore, resetBatonStore } from '../store/store';
import { mirrorSession, sessionView } from './sessionMirror';

let h: SessionHarness | undefined;
const state = () => batonStore.getState();

const transcript = (entries: readonly SessionEntry[]) =>
  entries.map((entry) =>
    isMessageEntry(entry) ? `${entry.message.role}: ${textOf(entry.message)}` : entry.type,
  );

/** Every state the store passes through, from now on. */
function recordStates(): BatonState[] {
  const states: BatonState[] = [];
  batonStore.subscribe((s) => {
    states.push(s);
  });
  return states;
}

beforeEach(() => resetBatonStore());
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('sessionView', () => {
  it('reads the live session lazily: branch, usage, leaf, queues, handoff', async () => {
    h = await startSessionHarness();
    const view = sessionView(h.session);
    expect(view.branch()).toEqual([]);
    expect(view.leafId()).toBeNull();
    expect(view.usage().models).toEqual([]);
    expect(view.generatingHandoff()).toBe(false);
    h.mock.script(textReply('Hello.'));
    await h.session.prompt('Hi');
    // The same view reads the session as it is now, not as it was when made.
    expect(transcript(view.branch())).toEqual(['user: Hi', 'assistant: Hello.']);
    expect(view.leafId()).toBe(view.branch()[1]?.id);
    expect(view.usage().models.length).toBe(1);
    expect(view.queues()).toEqual({ steering: [], followUps: [] });
  });
});

describe('mirrorSession', () => {
  it('shows a sent message and its reply in the store, streaming on while it is written and off after', async () => {
    h = await startSessionHarness();
    mirrorSession(h.session);
    const states = recordStates();
    h.mock.script(textReply('A reply written in several parts.', 5, 4));
    await h.session.prompt('Hi');
    expect(transcript(state().entries)).toEqual(['user: Hi', 'assistant: A reply written in several parts.']);
    expect(state().isStreaming).toBe(false);
    // The finished reply replaced the streamed one at once, not a frame later.
    expect(state().streaming).toBeNull();
    expect(states.some((s) => s.isStreaming)).toBe(true);
    const streamed = states.map((s) => s.streaming).filter((v) => v !== null);
    expect(streamed.length).toBeGreaterThan(0);
    expect(streamed.every((v) => v?.message.role === 'assistant')).toBe(true);
  });

  it('says a failed reply in the reply itself, not in a notice', async () => {
    h = await startSessionHarness();
    mirrorSession(h.session);
    h.mock.script({ kind: 'status', status: 529 });
    await h.session.prompt('Hi');
    expect(state().notices).toEqual([]);
    const failed = state().entries.at(-1);
    expect(failed && isMessageEntry(failed) ? failed.message.errorMessage : undefined).toBe(
      'The model is overloaded right now. Try again in a moment.',
    );
    expect(state().isStreaming).toBe(false);
  });

  it('shows text queued during a reply, then as sent', async () => {
    h = await startSessionHarness();
    const session = h.session;
    mirrorSession(session);
    h.mock.script(textReply('First reply.', 20, 2), textReply('Second reply.'));
    const sent = session.prompt('Hi');
    await new Promise<void>((resolve) => {
      const stop = batonStore.subscribe((s) => {
        if (s.isStreaming) {
          stop();
          resolve();
        }
      });
    });
    session.queue('and then this', 'followUp');
    expect(state().queue.followUps).toEqual(['and then this']);
    await sent;
    // The follow-up went out after the reply: out of the queue, into the chat.
    expect(state().queue.followUps).toEqual([]);
    expect(transcript(state().entries)).toEqual([
      'user: Hi',
      'assistant: First reply.',
      'user: and then this',
      'assistant: Second reply.',
    ]);
  });

  it('stops changing the store once unsubscribed', async () => {
    h = await startSessionHarness();
    const stop = mirrorSession(h.session);
    stop();
    h.mock.script(textReply('Hello.'));
    await h.session.prompt('Hi');
    expect(state().entries).toEqual([]);
    expect(state().isStreaming).toBe(false);
  });

  it('lets a tool round reach its follow-up request before the store shows it, and shows it all by the end', async () => {
    // What the store showed at the moment each request to the model left.
    const shownAtRequest: string[][] = [];
    h = await startSessionHarness({
      fetch: (input, init) => {
        shownAtRequest.push(transcript(state().entries));
        return fetch(input, init);
      },
    });
    mirrorSession(h.session);
    const todos = {
      todos: [{ content: 'Write the plan', status: 'in_progress', activeForm: 'Writing the plan' }],
    };
    h.mock.script(toolUseReply('toolu_t1', 'todo_write', todos, 'Planning.'), textReply('Planned.'));
    await h.session.prompt('Plan it');
    // The follow-up left with the round not yet applied (the first reply still its empty
    // placeholder): applied at once, a render of it would have come first.
    expect(shownAtRequest).toEqual([
      ['user: Plan it', 'assistant: '],
      ['user: Plan it', 'assistant: '],
    ]);
    // The run's end applies the rest at once: nothing waits for a frame after it.
    expect(transcript(state().entries)).toEqual([
      'user: Plan it',
      'assistant: Planning.',
      'toolResult: ',
      'assistant: Planned.',
    ]);
  });
});
