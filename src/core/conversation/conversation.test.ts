import { afterEach, describe, expect, it } from 'vitest';
import { assistant, chain, messageBody, text, user } from '../../../testing/entryBuilders';
import { nextEvent } from '../../../testing/events';
import { counter, memoryPersistence } from '../../../testing/memoryPersistence';
import {
  type MockApi,
  mockModelClient,
  sentTexts,
  startMockApi,
  TEST_MODEL,
  textReply,
} from '../../../testing/mockModel';
import { Agent, AgentBusyError } from '../agent/agent';
import type { AgentEvent } from '../agent/agentEvents';
import type { Exclusive } from '../session/exclusiveAccess';
import { SessionBusyElsewhereError } from '../session/exclusiveAccess';
import { SessionHost } from '../session/sessionHost';
import { createSessionHeader, SessionLog } from '../session/sessionLog';
import { ToolRegistry } from '../tools/toolRegistry';
import type { AttachmentRef } from '../types/attachment';
import { isMessageEntry, type SessionEntry } from '../types/entry';
import { ContextFullError, Conversation, type QueuedTextEvent } from './conversation';
import { MessageEdits } from './messageEdits';

let mock: MockApi | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

interface Options {
  entries?: SessionEntry[];
  exclusive?: Exclusive;
  model?: string;
}

/** A Conversation over a real agent (the real SDK against the mock API) and a log in memory. */
async function start(options: Options = {}) {
  mock = await startMockApi();
  const client = mockModelClient(mock);
  const entries = options.entries ?? [];
  const log = new SessionLog(
    { ...createSessionHeader({ id: 's1', model: TEST_MODEL, now: 1 }), leafId: entries.at(-1)?.id ?? null },
    entries,
  );
  const persistence = memoryPersistence();
  const host = new SessionHost(log, {
    persistence,
    now: () => 2,
    newId: counter('n'),
    emit: () => undefined,
  });
  const agent = new Agent({
    getModelClient: () => client,
    getModel: () => TEST_MODEL,
    getMaxTokens: () => 256,
    getSystemPrompt: () => 'Be brief.',
    tools: new ToolRegistry().runner(() => ({ startedByHandoff: false })),
  });
  agent.subscribe((event) => host.record(event));
  const returned: QueuedTextEvent[] = [];
  const flags = { busyElsewhere: false, followUpsWait: false, sent: 0, reloads: 0 };
  const edits = new MessageEdits({
    branch: () => host.branch(),
    isInternal: () => false,
    emit: () => undefined,
  });
  const conversation: Conversation = new Conversation({
    agent,
    host,
    persistence,
    edits,
    ...(options.exclusive && { exclusive: options.exclusive }),
    model: () => options.model ?? TEST_MODEL,
    promptTemplates: () => [{ name: 'review', text: 'Review this: $ARGUMENTS' }],
    busyElsewhere: () => flags.busyElsewhere,
    beforeSend: () => {
      flags.sent += 1;
    },
    followUpsWait: () => flags.followUpsWait,
    reload: () => {
      flags.reloads += 1;
      conversation.load(host.branch());
    },
    emit: (event) => returned.push(event),
  });
  conversation.load(host.branch());
  const agentEvent = <T extends AgentEvent['type']>(type: T) =>
    nextEvent<AgentEvent, T>((listener) => agent.subscribe(listener), type);
  return { mock, conversation, host, persistence, returned, flags, agentEvent, edits };
}

const userTexts = (entries: SessionEntry[]) =>
  entries.filter(isMessageEntry).flatMap((e) => (e.message.role === 'user' ? [e.message.content] : []));

describe('Conversation: sending', () => {
  it('sends the message, then each follow-up queued meanwhile, one by one', async () => {
    const { mock, conversation, agentEvent, flags } = await start();
    mock.script(textReply('First answer', 20), textReply('Second'), textReply('Third'));
    const started = agentEvent('agent_start').then(() => {
      conversation.queue('and then this', 'followUp');
      conversation.queue('and that', 'followUp');
      expect(conversation.queues.followUps).toEqual(['and then this', 'and that']);
    });
    await conversation.prompt('Hello');
    await started;
    expect(mock.requests).toHaveLength(3);
    expect(sentTexts(mock.requests[2]).at(-1)).toBe('and that');
    expect(conversation.queues.followUps).toEqual([]);
    expect(flags.sent).toBe(1);
  });

  it('expands a prompt template only when asked to', async () => {
    const { mock, conversation } = await start();
    mock.script(textReply('ok'), textReply('ok'));
    await conversation.prompt('/review the plan');
    await conversation.prompt('/review the plan', { expandPromptTemplates: true });
    expect(sentTexts(mock.requests[0]).at(-1)).toBe('/review the plan');
    expect(sentTexts(mock.requests[1]).at(-1)).toBe('Review this: the plan');
  });

  it('refuses while a reply streams or another part holds the session', async () => {
    const { mock, conversation, agentEvent, flags } = await start();
    mock.script(textReply('slow answer', 30));
    const started = agentEvent('agent_start');
    const running = conversation.prompt('Hello');
    await started;
    expect(conversation.isBusy).toBe(true);
    await expect(conversation.prompt('More')).rejects.toThrow(AgentBusyError);
    await running;
    flags.busyElsewhere = true;
    await expect(conversation.prompt('More')).rejects.toThrow(AgentBusyError);
    expect(() => conversation.beginEdit('n-001')).toThrow(AgentBusyError);
  });

  it('is busy while the hold is asked for, and appends nothing when another tab has it', async () => {
    let answer: () => void = () => undefined;
    const refused: Exclusive = (_id, _run, onDecided) =>
      new Promise((resolve) => {
        answer = () => {
          onDecided();
          resolve({ acquired: false });
        };
      });
    const { mock, conversation, host } = await start({ exclusive: refused });
    const sending = conversation.prompt('Hello');
    expect(conversation.isBusy).toBe(true);
    answer();
    await expect(sending).rejects.toThrow(SessionBusyElsewhereError);
    expect(conversation.isBusy).toBe(false);
    expect(host.branch()).toEqual([]);
    expect(mock.requests).toHaveLength(0);
  });

  it('sends nothing more into a context the same model refused for length', async () => {
    const refusedReply = messageBody({
      role: 'assistant',
      content: [],
      stopReason: 'error',
      model: TEST_MODEL,
      contextOverflow: { tokens: 210_000, limit: 200_000 },
    });
    const entries = chain([user('A long paste'), refusedReply]);
    const { mock, conversation } = await start({ entries });
    await expect(conversation.prompt('More')).rejects.toThrow(ContextFullError);
    await expect(conversation.prompt('More')).rejects.toThrow(
      "This conversation no longer fits the model's context (210,000 of 200,000 tokens). Hand off to continue; your message is still in the box.",
    );
    expect(mock.requests).toHaveLength(0);

    // Another model (a larger window, say) gets its own try: the refused message first,
    // as itself, then the new one (never the two merged into one user turn).
    const other = await start({ entries, model: 'claude-bigger' });
    other.mock.script(textReply('Fits now'), textReply('And more'));
    await other.conversation.prompt('More');
    expect(other.mock.requests).toHaveLength(2);
    expect(sentTexts(other.mock.requests[0])).toEqual(['A long paste']);
    expect(sentTexts(other.mock.requests[1]).at(-1)).toBe('More');
  });
});

describe('Conversation: queued text', () => {
  it('keeps follow-ups while they must wait, and after a stopped reply', async () => {
    const { mock, conversation, agentEvent, flags } = await start();
    mock.script(textReply('answer'), textReply('a reply that is stopped', 50));
    flags.followUpsWait = true;
    conversation.queue('later', 'followUp');
    await conversation.prompt('Hello');
    expect(conversation.queues.followUps).toEqual(['later']);
    flags.followUpsWait = false;
    const stopping = agentEvent('message_update').then(() => conversation.stopReply());
    await conversation.prompt('Again');
    await stopping;
    expect(mock.requests).toHaveLength(2);
    expect(conversation.queues.followUps).toEqual(['later']);
  });

  it('hands queued text back in one piece, steering first, and empties the queues', async () => {
    const { conversation, returned } = await start();
    conversation.returnQueuedText();
    expect(returned).toEqual([]);
    conversation.queue('follow one', 'followUp');
    conversation.queue('steer one', 'steering');
    conversation.queue('follow two', 'followUp');
    expect(conversation.removeQueued('followUp', 1)).toBe('follow two');
    conversation.returnQueuedText();
    expect(returned).toEqual([{ type: 'queued_text_returned', text: 'steer one\n\nfollow one' }]);
    expect(conversation.queues).toEqual({ steering: [], followUps: [] });
  });
});

describe('Conversation: edits', () => {
  it("sends an edit as a sibling of the edited message, keeping that message's files", async () => {
    const file: AttachmentRef = {
      id: 'a1',
      kind: 'text',
      mediaType: 'text/plain',
      name: 'notes.txt',
      size: 5,
    };
    const entries = chain([
      messageBody({ role: 'user', content: [{ type: 'attachment', attachment: file }, text('Old words')] }),
      assistant(['An answer to the old words']),
    ]);
    const { mock, conversation, host, flags, edits } = await start({ entries });
    mock.script(textReply('An answer to the new words'));
    await conversation.promptAsEdit('e0', 'New words');
    const branch = host.branch();
    expect(branch[0]?.parentId).toBeNull();
    expect(branch[0]?.id).not.toBe('e0');
    expect(userTexts(branch)).toEqual([[{ type: 'attachment', attachment: file }, text('New words')]]);
    expect(flags.reloads).toBe(1);
    expect(edits.entryId).toBeUndefined();
    // The old branch stays in the log.
    expect(host.log.get('e1')).toBeDefined();
    expect(sentTexts(mock.requests[0]).at(-1)).toBe('New words');
  });
});
