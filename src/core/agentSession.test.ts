import { afterEach, describe, expect, it } from 'vitest';
import { text } from '../../testing/entryBuilders';
import { nextEvent, until } from '../../testing/events';
import {
  mockModelClient,
  sentMessages,
  sentTexts,
  TEST_API_KEY,
  textReply,
  toolUseReply,
} from '../../testing/mockModel';
import {
  type SessionHarness,
  type SessionHarnessOptions,
  startSessionHarness,
} from '../../testing/sessionHarness';
import { AgentBusyError } from './agent/agent';
import { NotEditableError, type SessionEvent } from './agentSession';
import { DEFAULT_SESSION_TITLE } from './session/sessionLog';
import { handoffSessionTitle, titleFromText } from './session/sessionTitle';
import { BASE_SYSTEM_PROMPT } from './systemPrompt';
import { REMINDER_AFTER_TURNS, TODO_REMINDER_CUSTOM_TYPE } from './todos/todoReminder';
import type { MessageEntry, SessionEntry } from './types/entry';

let h: SessionHarness | undefined;

async function start(options: SessionHarnessOptions = {}): Promise<SessionHarness> {
  h = await startSessionHarness(options);
  return h;
}

afterEach(async () => {
  await h?.close();
  h = undefined;
});

function messages(entries: SessionEntry[]): MessageEntry['message'][] {
  return entries.flatMap((entry) => (entry.type === 'message' ? [(entry as MessageEntry).message] : []));
}

const PLAN = {
  todos: [
    { content: 'Read the spec', status: 'completed' },
    { content: 'Write the tests', status: 'in_progress' },
    { content: 'Fix the bugs', status: 'pending' },
  ],
};

describe('AgentSession: persistence', () => {
  it('stores the user message and a streaming placeholder before any reply arrives', async () => {
    const { session, mock, stored } = await start();
    mock.script({ kind: 'hang' }); // the reply never comes: what is stored cannot depend on it
    const running = session.prompt('Hello storage');
    const id = session.header.id;
    await mock.waitForRequests(1);
    await until(async () => (await stored.entries(id)).length === 2, 'the user message and the reply entry');

    const early = await stored.entries(id);
    expect(messages(early)).toEqual([
      { role: 'user', content: [text('Hello storage')] },
      { role: 'assistant', content: [], stopReason: 'streaming', model: 'claude-test-model' },
    ]);
    expect(early[0]?.parentId).toBeNull();
    expect(early[1]?.parentId).toBe(early[0]?.id);
    expect(await stored.header(id)).toMatchObject({ id, title: 'Hello storage' });

    session.abort();
    await running;
    await h?.queue.flush();
    expect(messages(await stored.entries(id))[1]).toMatchObject({ content: [], stopReason: 'aborted' });
  });

  it('stores the reply as it grows, still marked streaming, and keeps it when stopped', async () => {
    const { session, mock, stored } = await start();
    // The partial text, then a long silence before the connection would drop.
    mock.script({ kind: 'drop', afterText: 'The first part of a reply', dropDelayMs: 5_000 });
    const running = session.prompt('Go');
    const id = session.header.id;
    await until(async () => {
      const growing = messages(await stored.entries(id))[1];
      return growing?.content[0]?.type === 'text' && growing.content[0].text === 'The first part of a reply';
    }, 'the partial reply in storage');
    expect(messages(await stored.entries(id))[1]?.stopReason).toBe('streaming');

    session.abort();
    await running;
    await h?.queue.flush();
    expect(messages(await stored.entries(id))[1]).toMatchObject({
      stopReason: 'aborted',
      content: [text('The first part of a reply')],
    });
    expect(messages(session.log.getBranch())[1]?.stopReason).toBe('aborted');
  });

  it('finalizes the stored reply at message_end and points the header at it', async () => {
    const { session, mock, stored } = await start();
    const reply = 'A complete reply, streamed in several pieces.';
    mock.script(textReply(reply, 2));
    await session.prompt('Hello storage');
    await h?.queue.flush();
    const id = session.header.id;
    const entries = await stored.entries(id);
    expect(messages(entries)).toEqual([
      { role: 'user', content: [text('Hello storage')] },
      expect.objectContaining({ role: 'assistant', content: [text(reply)], stopReason: 'end_turn' }),
    ]);
    expect(await stored.header(id)).toMatchObject({ id, leafId: entries[1]?.id, children: [] });
    expect(session.log.getBranch()).toEqual(entries);
  });

  it('stores an API error as an errored reply and keeps follow-ups waiting for the user', async () => {
    const { session, mock, stored } = await start();
    mock.script({ kind: 'status', status: 529 });
    const queued = nextEvent<SessionEvent, 'agent_start'>((l) => session.subscribe(l), 'agent_start').then(
      () => session.queue('afterwards', 'followUp'),
    );
    await session.prompt('Hi');
    await queued;
    await h?.queue.flush();
    expect(messages(await stored.entries(session.header.id))[1]).toMatchObject({
      stopReason: 'error',
      errorMessage: 'The model is overloaded right now. Try again in a moment.',
    });
    expect(mock.requests).toHaveLength(1);
    expect(session.queues.followUps).toEqual(['afterwards']);
  });
});

describe('AgentSession: titles', () => {
  it('titles the session from the first user message only', async () => {
    const { session, stored } = await start();
    expect(session.header.title).toBe(DEFAULT_SESSION_TITLE);
    await session.prompt('  Plan the billing API\nwith more detail below');
    await session.prompt('A second message');
    await h?.queue.flush();
    expect(session.header.title).toBe('Plan the billing API');
    expect((await stored.header(session.header.id))?.title).toBe('Plan the billing API');
  });

  it('cuts long first lines and names handoff sessions by part', () => {
    expect(titleFromText('x'.repeat(100))).toBe(`${'x'.repeat(59)}…`);
    expect(titleFromText('   \n  ')).toBe(DEFAULT_SESSION_TITLE);
    expect(handoffSessionTitle('Plan the API')).toBe('Plan the API · part 2');
    expect(handoffSessionTitle('Plan the API · part 2')).toBe('Plan the API · part 3');
  });
});

describe('AgentSession: queues and busy state', () => {
  it('refuses a prompt while busy and sends queued follow-ups after the reply, in order', async () => {
    const { session, mock } = await start();
    mock.script(textReply('The first reply streams for a little while.', 10));
    const running = session.prompt('First');
    await mock.waitForRequests(1);
    await expect(session.prompt('Too early')).rejects.toBeInstanceOf(AgentBusyError);
    session.queue('Second', 'followUp');
    session.queue('Third', 'followUp');
    await running;

    expect(mock.requests).toHaveLength(3);
    expect(sentTexts(mock.requests[1]).at(-1)).toBe('Second');
    expect(sentTexts(mock.requests[2]).at(-1)).toBe('Third');
    expect(session.queues.followUps).toEqual([]);
    expect(mock.requests[0]?.body.system).toBe(BASE_SYSTEM_PROMPT);
  });
});

describe('AgentSession: todos', () => {
  it('takes todos from a todo_write call and derives them again when reopened from storage', async () => {
    const { session, mock } = await start();
    mock.script(toolUseReply('toolu_plan', 'todo_write', PLAN, 'Here is the plan.'), textReply('Starting.'));
    const changed = nextEvent<SessionEvent, 'todos_changed'>(
      (l) => session.subscribe(l),
      'todos_changed',
      (e) => e.todos.length > 0,
    );
    await session.prompt('Plan the work');
    const expected = PLAN.todos.map(({ content, status }) => expect.objectContaining({ content, status }));
    expect(session.todos).toEqual(expected);
    expect((await changed).todos).toEqual(expected);

    const reopened = await h!.reopen(session.header.id);
    try {
      expect(reopened.problems).toEqual([]);
      expect(reopened.session.todos).toEqual(expected);
      expect(reopened.session.messages).toEqual(session.messages);
      expect(reopened.session.log.getBranch()).toEqual(session.log.getBranch());
    } finally {
      reopened.close();
    }
  });

  it(`reminds the model of open todos after ${REMINDER_AFTER_TURNS} quiet turns, through the next turn`, async () => {
    const { session, mock, stored } = await start();
    mock.script(toolUseReply('toolu_plan', 'todo_write', PLAN), textReply('On it.'));
    await session.prompt('Plan'); // the call resets the count; the text turn after it is quiet turn 1
    await session.prompt('Second'); // quiet turn 2
    expect(session.pendingNextTurn).toEqual([]);
    await session.prompt('Third'); // quiet turn 3: the reminder waits for the next turn
    expect(session.pendingNextTurn).toHaveLength(1);
    expect(mock.requests).toHaveLength(4);

    await session.prompt('Fourth');
    const lastTurn = sentMessages(mock.requests[4]).at(-1);
    expect(lastTurn?.role).toBe('user');
    expect(lastTurn?.content).toHaveLength(2);
    const reminder = lastTurn?.content[0];
    expect(reminder?.type === 'text' && reminder.text).toMatch(/^<system-reminder>/);
    expect(reminder?.type === 'text' && reminder.text).toContain('[~] Write the tests');
    expect(reminder?.type === 'text' && reminder.text).not.toContain('Read the spec');
    expect(lastTurn?.content[1]).toEqual(text('Fourth'));
    expect(session.pendingNextTurn).toEqual([]);

    await h?.queue.flush();
    const stuck = (await stored.entries(session.header.id)).filter((e) => e.type === 'custom_message');
    expect(stuck).toEqual([
      expect.objectContaining({
        customType: TODO_REMINDER_CUSTOM_TYPE,
        display: false,
        content: reminder && 'text' in reminder ? reminder.text : '',
      }),
    ]);
  });
});

describe('AgentSession: prompt templates', () => {
  const templates = [{ name: 'review', text: 'Please review: $ARGUMENTS' }];

  it('expands a template only when asked to', async () => {
    const { session, mock } = await start({ templates });
    await session.prompt('/review the parser', { expandPromptTemplates: true });
    await session.prompt('/review the parser', { expandPromptTemplates: false });
    await session.prompt('/review the parser');
    expect(mock.requests.map((r) => sentTexts(r).at(-1))).toEqual([
      'Please review: the parser',
      '/review the parser',
      '/review the parser',
    ]);
    expect(messages(session.log.getBranch())[0]?.content).toEqual([text('Please review: the parser')]);
  });

  it('sends a queued follow-up as it was queued (the composer already expanded or escaped it)', async () => {
    const { session, mock } = await start({ templates });
    mock.script(textReply('A reply that takes a moment.', 10));
    const running = session.prompt('First');
    await mock.waitForRequests(1);
    // What `//review x` becomes once the composer has removed the escape.
    session.queue('/review x', 'followUp');
    await running;
    expect(sentTexts(mock.requests[1]).at(-1)).toBe('/review x');
  });
});

describe('AgentSession: editing a message as a new branch', () => {
  async function twoExchanges() {
    const harness = await start();
    await harness.session.prompt('First question');
    await harness.session.prompt('Second question');
    await harness.queue.flush();
    const branch = harness.session.log.getBranch() as MessageEntry[];
    return { harness, branch, secondUser: branch[2] as MessageEntry };
  }

  it('promptAsEdit sends only the new branch and keeps the old one stored', async () => {
    const { harness, branch, secondUser } = await twoExchanges();
    const { session, mock, stored } = harness;
    expect(session.lastEditableMessageId()).toBe(secondUser.id);

    await session.promptAsEdit(secondUser.id, 'Second question, rephrased');
    expect(sentMessages(mock.requests[2])).toEqual([
      { role: 'user', content: [text('First question')] },
      { role: 'assistant', content: [text('Mock reply to: First question')] },
      { role: 'user', content: [text('Second question, rephrased')] },
    ]);
    const newBranch = session.log.getBranch() as MessageEntry[];
    expect(newBranch.map((entry) => entry.id).slice(0, 2)).toEqual(branch.slice(0, 2).map((e) => e.id));
    const edited = newBranch[2];
    expect(edited?.parentId).toBe(secondUser.parentId);
    expect(edited?.id).not.toBe(secondUser.id);
    expect(session.header.leafId).toBe(newBranch[3]?.id);

    await harness.queue.flush();
    const all = await stored.entries(session.header.id);
    // Both branches are stored: 4 old entries plus the new message and its reply.
    expect(all).toHaveLength(6);
    expect(all.map((entry) => entry.id)).toEqual(expect.arrayContaining(branch.map((entry) => entry.id)));
    expect((await stored.header(session.header.id))?.leafId).toBe(newBranch[3]?.id);
  });

  it('beginEdit turns the next prompt into the edit; cancelEdit does not', async () => {
    const { harness, secondUser } = await twoExchanges();
    const { session, mock } = harness;
    const seen = recordEdits(session);
    session.beginEdit(secondUser.id);
    expect(session.editingEntryId).toBe(secondUser.id);
    expect(session.cancelEdit()).toBe(true);
    expect(session.cancelEdit()).toBe(false);
    await session.prompt('Third question');
    expect(sentMessages(mock.requests[2])).toHaveLength(5);

    const third = session.lastEditableMessageId();
    expect(third).toBeDefined();
    session.beginEdit(third ?? '');
    await session.prompt('Third, edited');
    expect(session.editingEntryId).toBeUndefined();
    const sent = sentMessages(mock.requests[3]);
    expect(sent).toHaveLength(5);
    expect(sentTexts(mock.requests[3]).at(-1)).toBe('Third, edited');
    expect(sentTexts(mock.requests[3])).not.toContain('Third question');
    expect(seen).toEqual([secondUser.id, undefined, third, undefined]);
  });

  it('editing the very first message starts a new root', async () => {
    const { harness, branch } = await twoExchanges();
    const first = branch[0] as MessageEntry;
    await harness.session.promptAsEdit(first.id, 'A different start');
    expect(sentMessages(harness.mock.requests[2])).toEqual([
      { role: 'user', content: [text('A different start')] },
    ]);
    expect(harness.session.log.getBranch()[0]?.parentId).toBeNull();
  });

  it('refuses assistant messages, unknown ids and edits while a reply streams', async () => {
    const { harness, branch, secondUser } = await twoExchanges();
    const { session, mock } = harness;
    expect(() => session.beginEdit(branch[1]?.id ?? '')).toThrow(NotEditableError);
    await expect(session.promptAsEdit('nope', 'x')).rejects.toBeInstanceOf(NotEditableError);
    mock.script({ kind: 'hang' });
    const running = session.prompt('Slow one');
    await mock.waitForRequests(3);
    expect(() => session.beginEdit(secondUser.id)).toThrow(AgentBusyError);
    session.abort();
    await running;
    expect(mock.requests).toHaveLength(3);
  });
});

function recordEdits(session: SessionHarness['session']): Array<string | undefined> {
  const seen: Array<string | undefined> = [];
  session.subscribe((event) => {
    if (event.type === 'edit_changed') seen.push(event.entryId);
  });
  return seen;
}

describe('AgentSession: settings pushed in', () => {
  it('asks with the configuration it was last given, from the next request on', async () => {
    const { session, mock } = await start();
    mock.script(textReply('one'), textReply('two'));
    await session.prompt('First');
    expect(session.contextWindow).toBe(200_000);
    session.configure({
      client: mockModelClient(mock),
      model: 'claude-pushed-model',
      maxTokens: 77,
      contextWindowOverride: 64_000,
      apiKey: TEST_API_KEY,
    });
    expect(session.model).toBe('claude-pushed-model');
    expect(session.contextWindow).toBe(64_000);
    await session.prompt('Second');
    expect(mock.requests[0]?.body).toMatchObject({ model: 'claude-test-model', max_tokens: 1024 });
    expect(mock.requests[1]?.body).toMatchObject({ model: 'claude-pushed-model', max_tokens: 77 });
    // A new session starts on the model pushed in.
    expect(session.createEmptySession().header.model).toBe('claude-pushed-model');
  });
});

describe('AgentSession: the tool registry', () => {
  it('runs every call through the hooks added to its registry (where the permission step plugs in)', async () => {
    const { session, mock } = await start();
    session.tools.beforeCall((call) =>
      call.name === 'todo_write'
        ? { action: 'deny', message: 'Not now: the user keeps the plan.' }
        : undefined,
    );
    mock.script(toolUseReply('toolu_plan', 'todo_write', PLAN), textReply('Understood.'));
    await session.prompt('Plan the work');
    expect(session.todos).toEqual([]);
    expect(sentMessages(mock.requests[1]).at(-1)).toEqual({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_plan',
          content: 'Not now: the user keeps the plan.',
          is_error: true,
        },
      ],
    });
  });
});
