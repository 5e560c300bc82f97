import { afterEach, describe, expect, it } from 'vitest';
import { custom, text, user } from '../../../testing/entryBuilders';
import { nextEvent, recordEvents } from '../../../testing/events';
import {
  type MockStep,
  sentMessages,
  sentTexts,
  TEST_API_KEY,
  textReply,
  toolUseReply,
} from '../../../testing/mockModel';
import {
  type SessionHarness,
  type SessionHarnessOptions,
  startSessionHarness,
} from '../../../testing/sessionHarness';
import { AgentBusyError, MAX_REFUSED_TOOL_ROUNDS } from '../agent/agent';
import type { SessionEvent } from '../agentSession';
import { BASE_SYSTEM_PROMPT } from '../systemPrompt';
import type { CustomMessageEntry, MessageEntry, SessionEntry } from '../types/entry';
import { textOf } from '../types/messageText';
import {
  HANDOFF_ALREADY_RUNNING,
  HANDOFF_NO_TEXT,
  HANDOFF_REFUSED_WHILE_STREAMING,
  HANDOFF_REVIEWED_EMPTY,
  HandoffRefused,
  type HandoffState,
  type HandoffTransition,
  handoffFailedMessage,
  InvalidHandoffTransition,
  NOTHING_TO_HAND_OFF,
  nextHandoffState,
} from './handoffMachine';
import {
  HANDOFF_PROMPT_MARKER,
  HANDOFF_SECTIONS,
  HANDOFF_SESSION_FRAMING,
  HANDOFF_TOOLS_REFUSED,
} from './handoffPrompt';

// ---------------------------------------------------------------------------------------
// (a) The pure transition function: every state against every transition.

const STATES: Record<HandoffState['status'], HandoffState> = {
  idle: { status: 'idle' },
  generating: { status: 'generating', startedAt: 5, focus: 'old focus' },
  reviewing: { status: 'reviewing', document: 'the captured doc' },
  switching: { status: 'switching', document: 'the doc' },
  done: { status: 'done', document: 'old doc', newSessionId: 'old-child' },
  cancelled: { status: 'cancelled' },
  failed: { status: 'failed', reason: 'old reason' },
};

const TRANSITIONS: Record<HandoffTransition['type'], HandoffTransition> = {
  start: { type: 'start', startedAt: 42, focus: 'billing' },
  condensing: { type: 'condensing', done: 1, total: 3 },
  writing: { type: 'writing' },
  captured: { type: 'captured', document: 'new doc' },
  review: { type: 'review', document: 'doc to review' },
  reviewed: { type: 'reviewed', document: 'edited doc' },
  switched: { type: 'switched', newSessionId: 'child-1' },
  cancel: { type: 'cancel' },
  fail: { type: 'fail', reason: 'boom' },
};

const ALLOWED: Array<[HandoffState['status'], HandoffTransition['type'], HandoffState]> = [
  ['idle', 'start', { status: 'generating', startedAt: 42, focus: 'billing' }],
  ['done', 'start', { status: 'generating', startedAt: 42, focus: 'billing' }],
  ['cancelled', 'start', { status: 'generating', startedAt: 42, focus: 'billing' }],
  ['failed', 'start', { status: 'generating', startedAt: 42, focus: 'billing' }],
  [
    'generating',
    'condensing',
    { status: 'generating', startedAt: 5, focus: 'old focus', condensing: { done: 1, total: 3 } },
  ],
  ['generating', 'writing', { status: 'generating', startedAt: 5, focus: 'old focus' }],
  ['generating', 'captured', { status: 'switching', document: 'new doc' }],
  ['generating', 'review', { status: 'reviewing', document: 'doc to review' }],
  ['reviewing', 'reviewed', { status: 'switching', document: 'edited doc' }],
  ['reviewing', 'cancel', { status: 'cancelled' }],
  ['reviewing', 'fail', { status: 'failed', reason: 'boom' }],
  ['generating', 'cancel', { status: 'cancelled' }],
  ['generating', 'fail', { status: 'failed', reason: 'boom' }],
  ['switching', 'switched', { status: 'done', document: 'the doc', newSessionId: 'child-1' }],
  ['switching', 'fail', { status: 'failed', reason: 'boom' }],
];

const FORBIDDEN = Object.keys(STATES).flatMap((state) =>
  Object.keys(TRANSITIONS)
    .filter((transition) => !ALLOWED.some(([s, t]) => s === state && t === transition))
    .map((transition) => [state, transition] as [HandoffState['status'], HandoffTransition['type']]),
);

describe('nextHandoffState', () => {
  it.each(ALLOWED)('%s --%s--> the next state', (state, transition, expected) => {
    expect(nextHandoffState(STATES[state], TRANSITIONS[transition])).toEqual(expected);
  });

  it('covers all 63 pairs: 15 allowed, 48 forbidden', () => {
    expect(ALLOWED).toHaveLength(15);
    expect(FORBIDDEN).toHaveLength(48);
  });

  it.each(FORBIDDEN)('%s refuses %s', (state, transition) => {
    expect(() => nextHandoffState(STATES[state], TRANSITIONS[transition])).toThrow(InvalidHandoffTransition);
    expect(() => nextHandoffState(STATES[state], TRANSITIONS[transition])).toThrow(
      `${transition} is not allowed while ${state}`,
    );
  });

  it('starts without a focus when none is given', () => {
    expect(nextHandoffState(STATES.idle, { type: 'start', startedAt: 1 })).toEqual({
      status: 'generating',
      startedAt: 1,
    });
  });
});

// ---------------------------------------------------------------------------------------
// (b) The whole handoff through AgentSession, the real SDK client against the mock API,
// and the real storage over fake-indexeddb.

const DOC_PARTS = [
  '## Goal\nShip the billing API.\n\n## Constraints & Preferences\nTypeScript, no new dependencies.',
  '## Progress\nSchema done.\n\n## Key Decisions\nIdempotency keys.\n\n## Critical Context\nRates in cents.\n\n## Next Steps\n1. Write the invoice endpoint.',
];
/** The document as captured: the reply's text blocks joined with a newline. */
const DOC = DOC_PARTS.join('\n');

/** The spec's exact wrapper (Lifecycle 8.6), written out here rather than imported. */
function wrapped(document: string): string {
  return `<handoff-context>\n${document}\n</handoff-context>\n\nThe above is a handoff document from a previous session. Use this context to continue the work seamlessly.`;
}

const documentReply = (delayMsPerEvent = 0): MockStep => ({
  kind: 'reply',
  reply: { blocks: DOC_PARTS.map(text) },
  ...(delayMsPerEvent > 0 && { delayMsPerEvent }),
});

const FIRST_PROMPT = 'Build the billing API';

let h: SessionHarness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A session with one exchange in it (two message entries), stored. */
async function conversation(options: SessionHarnessOptions = {}) {
  h = await startSessionHarness(options);
  await h.session.prompt(FIRST_PROMPT);
  await h.queue.flush();
  const parentId = h.session.header.id;
  const events = recordEvents<SessionEvent>((listener) => h!.session.subscribe(listener));
  return { h, parentId, events, session: h.session, mock: h.mock, stored: h.stored };
}

const statuses = (events: SessionEvent[]) =>
  events.flatMap((event) => (event.type === 'handoff_state' ? [event.state.status] : []));

const messagesOf = (entries: SessionEntry[]) =>
  entries.flatMap((entry) => (entry.type === 'message' ? [(entry as MessageEntry).message] : []));

/** Nothing switched: one session stored, still active, with no child, and the session in memory is it. */
async function expectOldSessionActive(c: Awaited<ReturnType<typeof conversation>>) {
  await c.h.queue.flush();
  expect(c.session.header.id).toBe(c.parentId);
  expect(c.session.header.children).toEqual([]);
  expect(await c.stored.activeSessionId()).toBe(c.parentId);
  const headers = await c.stored.headers();
  expect(headers.map((header) => header.id)).toEqual([c.parentId]);
  expect(headers[0]?.children).toEqual([]);
  expect(c.session.isBusy).toBe(false);
}

describe('handoff: success', () => {
  it('sends the document request, commits the new session with its lineage and continues from the wrapper only', async () => {
    const c = await conversation();
    const { session, mock, stored, parentId } = c;
    mock.script(documentReply());

    const result = await session.handoff('  the invoice endpoint  ');
    expect(result.status).toBe('done');
    if (result.status !== 'done') return;
    expect(result.document).toBe(DOC);
    const childId = result.newSessionId;
    expect(childId).not.toBe(parentId);
    expect(statuses(c.events.events)).toEqual(['generating', 'switching', 'done']);

    // The request: the session's system prompt, tools and tool_choice (so the conversation
    // is read from the prompt cache), the six sections and the focus.
    const request = mock.requests[1];
    expect(request?.body.system).toBe(BASE_SYSTEM_PROMPT);
    expect(request?.body.tool_choice).toEqual(mock.requests[0]?.body.tool_choice);
    // Every request declares the session's tools: todo_write and the handoff proposal.
    expect(request?.body.tools).toEqual([
      expect.objectContaining({ name: 'todo_write' }),
      expect.objectContaining({ name: 'handoff' }),
    ]);
    const instruction = sentTexts(request).at(-1) ?? '';
    for (const section of [
      'Goal',
      'Constraints & Preferences',
      'Progress',
      'Key Decisions',
      'Critical Context',
      'Next Steps',
    ]) {
      expect(instruction).toContain(section);
    }
    expect(HANDOFF_SECTIONS).toHaveLength(6);
    expect(instruction.endsWith('\nAdditional focus: the invoice endpoint')).toBe(true);
    expect(sentMessages(request).map((turn) => turn.role)).toEqual(['user', 'assistant', 'user']);
    expect(sentTexts(request)[0]).toBe(FIRST_PROMPT);

    // Storage: the child with its lineage, one handoff entry, the parent's link, the active pointer.
    const child = await stored.header(childId);
    expect(child).toMatchObject({
      id: childId,
      parentSession: parentId,
      children: [],
      // Named by the document's Goal.
      title: 'Ship the billing API · part 2',
    });
    expect((await stored.header(parentId))?.children).toEqual([childId]);
    expect(await stored.activeSessionId()).toBe(childId);
    const childEntries = await stored.entries(childId);
    expect(childEntries).toHaveLength(1);
    const handoffEntry = childEntries[0] as CustomMessageEntry;
    expect(handoffEntry).toMatchObject({
      type: 'custom_message',
      customType: 'handoff',
      display: true,
      content: wrapped(DOC),
      sessionId: childId,
      parentId: null,
    });
    expect(child?.leafId).toBe(handoffEntry.id);

    // The old session keeps the instruction and the reply as ordinary messages.
    const oldMessages = messagesOf(await stored.entries(parentId));
    expect(oldMessages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(oldMessages[2]?.content).toEqual([text(instruction)]);
    expect(instruction.startsWith(HANDOFF_PROMPT_MARKER)).toBe(true);
    expect(oldMessages[3]).toMatchObject({ stopReason: 'end_turn', content: DOC_PARTS.map(text) });

    // Memory: the agent's whole context is the wrapper; the session is the child.
    expect(session.header).toEqual(child);
    expect(session.messages).toEqual([
      {
        role: 'custom',
        customType: 'handoff',
        content: wrapped(DOC),
        display: true,
        details: handoffEntry.details,
      },
    ]);
    const changed = c.events.ofType('session_changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]?.header.id).toBe(childId);
    expect(changed[0]?.previous).toMatchObject({ id: parentId, children: [childId] });
    expect(session.isBusy).toBe(false);
    expect(session.isGeneratingHandoff).toBe(false);

    // The next prompt carries the wrapper turn and the new message, nothing of the old transcript.
    await session.prompt('What is next?');
    const next = mock.requests[2];
    expect(sentMessages(next)).toEqual([
      { role: 'user', content: [text(wrapped(DOC)), text('What is next?')] },
    ]);
    expect(next?.body.system).toBe(`${BASE_SYSTEM_PROMPT}\n\n${HANDOFF_SESSION_FRAMING}`);
    expect(next?.body.system).toContain('<handoff-context>');
    expect(next?.body.tool_choice).toEqual({ type: 'auto' });
    await h?.queue.flush();
    const later = await stored.entries(childId);
    expect(later.map((entry) => entry.type)).toEqual(['custom_message', 'message', 'message']);
    expect(later[1]?.parentId).toBe(handoffEntry.id);
    expect((await stored.header(childId))?.title).toBe('Ship the billing API · part 2');
  });

  it('sends no focus line without focus, and carries the open todos into the new session', async () => {
    const c = await conversation();
    c.mock.script(
      toolUseReply('toolu_plan', 'todo_write', { todos: [{ content: 'Open item', status: 'pending' }] }),
      textReply('Planned.'),
    );
    await c.session.prompt('Plan it');
    expect(c.session.todos).toHaveLength(1);
    c.mock.script(documentReply());
    const result = await c.session.handoff('   ');
    expect(result.status).toBe('done');
    expect(sentTexts(c.mock.requests.at(-1)).at(-1)).not.toContain('Additional focus');
    const carried = [{ id: 'toolu_plan-0', content: 'Open item', status: 'pending' }];
    expect(c.session.todos).toEqual(carried);
    expect(c.events.ofType('todos_changed').at(-1)?.todos).toEqual(carried);
  });

  it('is too late to cancel once switching: the switch completes', async () => {
    const c = await conversation();
    c.mock.script(documentReply());
    const attempts: boolean[] = [];
    c.session.subscribe((event) => {
      if (event.type === 'handoff_state' && event.state.status === 'switching')
        attempts.push(c.session.abortHandoff());
    });
    const result = await c.session.handoff();
    expect(attempts).toEqual([false]);
    expect(result.status).toBe('done');
    expect(await c.stored.activeSessionId()).toBe(c.session.header.id);
  });
});

describe('handoff: cancel', () => {
  it('abort during generation: cancelled, no new session, the partial reply kept as aborted', async () => {
    const c = await conversation();
    c.mock.script(documentReply(15));
    const running = c.session.handoff('focus');
    await nextEvent<SessionEvent, 'message_update'>(
      (l) => c.session.subscribe(l),
      'message_update',
      (e) => textOf(e.message).length > 0,
    );
    expect(c.session.isGeneratingHandoff).toBe(true);
    expect(c.session.abortHandoff()).toBe(true);

    expect(await running).toEqual({ status: 'cancelled' });
    expect(statuses(c.events.events)).toEqual(['generating', 'cancelled']);
    expect(c.session.isGeneratingHandoff).toBe(false);
    await expectOldSessionActive(c);

    const kept = messagesOf(await c.stored.entries(c.parentId));
    expect(kept.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    const partial = kept[3];
    expect(partial?.stopReason).toBe('aborted');
    const partialText = partial?.content[0]?.type === 'text' ? partial.content[0].text : '';
    expect(partialText.length).toBeGreaterThan(0);
    expect(DOC.startsWith(partialText)).toBe(true);
    expect(partialText.length).toBeLessThan(DOC.length);

    // The old session goes on at once.
    await c.session.prompt('Carry on here');
    expect(sentTexts(c.mock.requests.at(-1)).at(-1)).toBe('Carry on here');
  });

  it('abort racing completion: the whole reply arrived, but the cancel before the switch wins', async () => {
    h = await startSessionHarness();
    await h.session.prompt(FIRST_PROMPT);
    const session = h.session;
    const parentId = session.header.id;
    let aborted: boolean | undefined;
    // Registered before handoff() subscribes, so it runs first on agent_end: after the
    // mock's last byte and the captured reply, before the machine can switch.
    session.subscribe((event) => {
      if (event.type === 'agent_end' && session.isGeneratingHandoff) aborted = session.abortHandoff();
    });
    h.mock.script(documentReply());
    const result = await session.handoff();

    expect(aborted).toBe(true);
    expect(result).toEqual({ status: 'cancelled' });
    expect(session.handoffState).toEqual({ status: 'cancelled' });
    await h.queue.flush();
    expect((await h.stored.headers()).map((header) => header.id)).toEqual([parentId]);
    expect(await h.stored.activeSessionId()).toBe(parentId);
    expect(session.header.id).toBe(parentId);
    // The reply itself finished normally and stays in the old session.
    const kept = messagesOf(await h.stored.entries(parentId));
    expect(kept[3]).toMatchObject({ stopReason: 'end_turn', content: DOC_PARTS.map(text) });
  });
});

describe('handoff: failures', () => {
  it('an API error (529) fails with the mapped sentence and leaves the old session active', async () => {
    const c = await conversation();
    c.mock.script({ kind: 'status', status: 529 });
    const result = await c.session.handoff();
    const sentence = 'The model is overloaded right now. Try again in a moment.';
    expect(result).toEqual({ status: 'failed', reason: sentence });
    expect(handoffFailedMessage(sentence)).toBe(`Handoff failed: ${sentence}`);
    expect(statuses(c.events.events)).toEqual(['generating', 'failed']);
    await expectOldSessionActive(c);
    expect(messagesOf(await c.stored.entries(c.parentId))[3]).toMatchObject({
      stopReason: 'error',
      errorMessage: sentence,
    });
  });

  it('a connection dropped mid-document fails', async () => {
    const c = await conversation();
    c.mock.script({ kind: 'drop', afterText: '## Goal\nShip', dropDelayMs: 20 });
    const result = await c.session.handoff();
    expect(result).toEqual({
      status: 'failed',
      reason: 'The connection dropped in the middle of the reply.',
    });
    await expectOldSessionActive(c);
  });

  it.each([
    ['an empty text block', [text('')]],
    ['whitespace only', [text('  \n\t ')]],
    ['no blocks at all', []],
  ])('fails on %s: the model returned no handoff text', async (_label, blocks) => {
    const c = await conversation();
    c.mock.script({ kind: 'reply', reply: { blocks } });
    const result = await c.session.handoff();
    expect(result).toEqual({ status: 'failed', reason: HANDOFF_NO_TEXT });
    expect(handoffFailedMessage(HANDOFF_NO_TEXT)).toBe('Handoff failed: the model returned no handoff text');
    await expectOldSessionActive(c);
  });

  it('refuses a tool call in the document turn, running nothing, and takes the document from the reply after it', async () => {
    const c = await conversation();
    c.mock.script(
      toolUseReply('toolu_x', 'todo_write', { todos: [{ content: 'Sneaky', status: 'pending' }] }),
      documentReply(),
    );
    const result = await c.session.handoff();
    expect(result.status === 'done' && result.document).toBe(DOC);
    // The refused call wrote nothing: the new session's todos are the document's Next Steps.
    expect(c.session.todos.map((todo) => todo.content)).not.toContain('Sneaky');
    const refusal = sentMessages(c.mock.requests[2]).at(-1);
    expect(refusal?.content).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_x', content: HANDOFF_TOOLS_REFUSED, is_error: true },
    ]);
    expect(c.mock.requests[2]?.body.tool_choice).toEqual({ type: 'auto' });
  });

  it(`fails on a model that keeps calling tools (refused ${MAX_REFUSED_TOOL_ROUNDS} times), running none`, async () => {
    const c = await conversation();
    c.mock.script({
      ...toolUseReply('toolu_x', 'todo_write', { todos: [{ content: 'Sneaky', status: 'pending' }] }),
      repeat: MAX_REFUSED_TOOL_ROUNDS + 1,
    });
    const result = await c.session.handoff();
    expect(result).toEqual({ status: 'failed', reason: HANDOFF_NO_TEXT });
    expect(c.mock.requests).toHaveLength(2 + MAX_REFUSED_TOOL_ROUNDS);
    expect(c.session.todos).toEqual([]);
    await expectOldSessionActive(c);
  });

  it('a failing commit (quota) fails the handoff; the old session stays whole in memory and storage', async () => {
    const c = await conversation();
    const contextBefore = [...c.session.messages];
    c.h.failNextWrite(
      (batch) => batch.headers.some((header) => header.parentSession !== undefined),
      new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
    );
    c.mock.script(documentReply());
    const result = await c.session.handoff();

    expect(result).toEqual({ status: 'failed', reason: 'The quota has been exceeded.' });
    expect(statuses(c.events.events)).toEqual(['generating', 'switching', 'failed']);
    expect(c.events.ofType('session_changed')).toEqual([]);
    await expectOldSessionActive(c);
    // Memory: the same context plus the instruction and the reply.
    expect(c.session.messages.slice(0, contextBefore.length)).toEqual(contextBefore);
    expect(c.session.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    // Storage: the queued writes of the old session were retried and landed.
    const stored = await c.stored.entries(c.parentId);
    expect(messagesOf(stored).map((m) => m.stopReason ?? m.role)).toEqual([
      'user',
      'end_turn',
      'user',
      'end_turn',
    ]);
    expect(stored.map((entry) => entry.id)).toEqual(c.session.log.getBranch().map((entry) => entry.id));

    // And a second try, with storage working again, goes through.
    c.mock.script(documentReply());
    expect((await c.session.handoff()).status).toBe('done');
  });

  it('an abort from the network layer mid-document is a failure, not a cancel', async () => {
    const outside = new AbortController();
    const cutting: typeof fetch = (input, init) =>
      globalThis.fetch(input, {
        ...init,
        signal: init?.signal ? AbortSignal.any([init.signal, outside.signal]) : outside.signal,
      });
    const c = await conversation({ fetch: cutting });
    c.mock.script(documentReply(15));
    const running = c.session.handoff();
    await nextEvent<SessionEvent, 'message_update'>(
      (l) => c.session.subscribe(l),
      'message_update',
      (e) => textOf(e.message).length > 0,
    );
    outside.abort();
    const result = await running;
    expect(result).toEqual({
      status: 'failed',
      reason: 'The connection dropped in the middle of the reply.',
    });
    expect(statuses(c.events.events)).toEqual(['generating', 'failed']);
    await expectOldSessionActive(c);
  });

  it('an abort from the network layer before the answer is a failure, not a cancel', async () => {
    const outside = new AbortController();
    const cutting: typeof fetch = (input, init) =>
      globalThis.fetch(input, {
        ...init,
        signal: init?.signal ? AbortSignal.any([init.signal, outside.signal]) : outside.signal,
      });
    const c = await conversation({ fetch: cutting });
    c.mock.script({ kind: 'hang' });
    const running = c.session.handoff();
    await c.mock.waitForRequests(2);
    outside.abort();
    const result = await running;
    // The SDK reads an abort that its caller's signal did not ask for as a timeout.
    expect(result).toEqual({ status: 'failed', reason: 'The model API took too long to answer. Try again.' });
    await expectOldSessionActive(c);
  });
});

describe('handoff: refusals', () => {
  it.each([
    ['no messages', () => []],
    [
      'one message',
      (id: string) => [{ ...user('only me'), id: `${id}-e1`, parentId: null, sessionId: id, timestamp: 1 }],
    ],
    [
      'a handoff card and one message',
      (id: string) => [
        {
          ...custom('<handoff-context>x</handoff-context>', 'handoff'),
          id: `${id}-e1`,
          parentId: null,
          sessionId: id,
          timestamp: 1,
        },
        { ...user('hello'), id: `${id}-e2`, parentId: `${id}-e1`, sessionId: id, timestamp: 2 },
      ],
    ],
  ] as Array<[string, (id: string) => SessionEntry[]]>)(
    'refuses with %s on the branch, and sends nothing',
    async (_label, entries) => {
      h = await startSessionHarness({ entries });
      const seen = recordEvents<SessionEvent>((l) => h!.session.subscribe(l));
      await expect(h.session.handoff('focus')).rejects.toThrow(new HandoffRefused(NOTHING_TO_HAND_OFF));
      await expect(h.session.handoff()).rejects.toBeInstanceOf(HandoffRefused);
      expect(h.mock.requests).toHaveLength(0);
      expect(h.session.handoffState).toEqual({ status: 'idle' });
      expect(seen.events).toEqual([]);
    },
  );

  it('refuses while a reply is streaming; the reply goes on', async () => {
    const c = await conversation();
    c.mock.script(textReply('A slow ordinary reply.', 10));
    const reply = c.session.prompt('Another question');
    await c.mock.waitForRequests(2);
    await expect(c.session.handoff()).rejects.toThrow(new HandoffRefused(HANDOFF_REFUSED_WHILE_STREAMING));
    await reply;
    expect(c.mock.requests).toHaveLength(2);
    expect(statuses(c.events.events)).toEqual([]);
  });

  it('refuses a second handoff while one runs, and the first still completes', async () => {
    const c = await conversation();
    c.mock.script(documentReply(5));
    const first = c.session.handoff('first');
    await c.mock.waitForRequests(2);
    await expect(c.session.handoff('second')).rejects.toThrow(new HandoffRefused(HANDOFF_ALREADY_RUNNING));
    await expect(c.session.prompt('meanwhile')).rejects.toBeInstanceOf(AgentBusyError);
    const result = await first;
    expect(result.status).toBe('done');
    expect(c.mock.requests).toHaveLength(2);
    expect(sentTexts(c.mock.requests[1]).at(-1)).toContain('Additional focus: first');
    expect(statuses(c.events.events)).toEqual(['generating', 'switching', 'done']);
  });
});

describe('handoff: the API key', () => {
  it('is replaced by a placeholder in the focus sent and in the document stored', async () => {
    const c = await conversation();
    const leakyParts = [
      `## Goal\nDeploy with ${TEST_API_KEY} set.`,
      `## Critical Context\nKey: ${TEST_API_KEY}`,
    ];
    c.mock.script({ kind: 'reply', reply: { blocks: leakyParts.map(text) } });
    const result = await c.session.handoff(`use ${TEST_API_KEY} on staging`);
    expect(result.status).toBe('done');
    if (result.status !== 'done') return;

    const request = c.mock.requests[1];
    expect(request?.rawBody).not.toContain(TEST_API_KEY);
    expect(sentTexts(request).at(-1)).toContain('Additional focus: use [API key removed] on staging');
    const generating = c.events.ofType('handoff_state')[0]?.state;
    expect(generating).toMatchObject({ status: 'generating', focus: 'use [API key removed] on staging' });

    expect(result.document).not.toContain(TEST_API_KEY);
    expect(result.document).toBe(leakyParts.join('\n').split(TEST_API_KEY).join('[API key removed]'));
    await c.h.queue.flush();
    const childRecords = JSON.stringify([
      await c.stored.header(result.newSessionId),
      await c.stored.entries(result.newSessionId),
    ]);
    expect(childRecords).not.toContain(TEST_API_KEY);
    expect(childRecords).toContain('[API key removed]');
    // The old session stores the instruction as it was sent: without the key.
    const instruction = messagesOf(await c.stored.entries(c.parentId))[2];
    expect(JSON.stringify(instruction)).not.toContain(TEST_API_KEY);

    await c.session.prompt('Next');
    expect(c.mock.requests[2]?.rawBody).not.toContain(TEST_API_KEY);
  });
});

describe('handoff: queued text', () => {
  it('on success, hands queued steering and follow-ups back to the composer and sends neither', async () => {
    const c = await conversation();
    c.mock.script(documentReply(5));
    const running = c.session.handoff();
    await c.mock.waitForRequests(2);
    c.session.queue('steer me', 'steering');
    c.session.queue('follow me', 'followUp');
    expect((await running).status).toBe('done');

    expect(c.events.ofType('queued_text_returned').map((e) => e.text)).toEqual(['steer me\n\nfollow me']);
    expect(c.session.queues.followUps).toEqual([]);
    expect(c.session.queues.steering).toEqual([]);
    expect(c.mock.requests).toHaveLength(2);
    const sent = c.mock.requests.flatMap((r) => sentTexts(r));
    expect(sent).not.toContain('steer me');
    expect(sent).not.toContain('follow me');
  });

  it('on cancel (Esc), hands them back too, and the old session is free at once', async () => {
    const c = await conversation();
    c.mock.script(documentReply(15));
    const running = c.session.handoff();
    await nextEvent<SessionEvent, 'message_update'>(
      (l) => c.session.subscribe(l),
      'message_update',
      (e) => textOf(e.message).length > 0,
    );
    c.session.queue('follow me', 'followUp');
    c.session.abort(); // Esc while a handoff is generating
    expect(await running).toEqual({ status: 'cancelled' });
    expect(c.events.ofType('queued_text_returned').map((e) => e.text)).toEqual(['follow me']);
    expect(c.session.queues.followUps).toEqual([]);
    expect(c.session.isBusy).toBe(false);
    expect(c.mock.requests).toHaveLength(2);
  });
});

describe('handoff: review before the switch', () => {
  const EDITED = '## Goal\nShip the edited billing API.\n\n## Next Steps\n1. Edited step.';

  it('generating → reviewing → switching → done: the edited document seeds the new session and its next request', async () => {
    const c = await conversation();
    c.mock.script(documentReply());
    const shown: string[] = [];
    const result = await c.session.handoff(undefined, {
      review: async (document) => {
        shown.push(document);
        expect(c.session.handoffState).toEqual({ status: 'reviewing', document });
        expect(c.session.isBusy).toBe(true);
        return `  ${EDITED}\n`;
      },
    });
    expect(shown).toEqual([DOC]);
    expect(result).toMatchObject({ status: 'done', document: EDITED });
    expect(statuses(c.events.events)).toEqual(['generating', 'reviewing', 'switching', 'done']);
    if (result.status !== 'done') return;
    await c.h.queue.flush();
    const [entry] = (await c.stored.entries(result.newSessionId)) as CustomMessageEntry[];
    expect(entry?.content).toBe(wrapped(EDITED));
    // The section check looks at the document that was actually used.
    expect(entry?.details).toMatchObject({
      document: EDITED,
      sections: {
        missing: ['Constraints & Preferences', 'Progress', 'Key Decisions', 'Critical Context'],
        empty: [],
      },
    });
    await c.session.prompt('Go on');
    expect(sentTexts(c.mock.requests.at(-1))).toEqual([wrapped(EDITED), 'Go on']);
  });

  it('a cancelled review (undefined) is cancelled: no new session, the old one goes on', async () => {
    const c = await conversation();
    c.mock.script(documentReply());
    const result = await c.session.handoff(undefined, { review: async () => undefined });
    expect(result).toEqual({ status: 'cancelled' });
    expect(statuses(c.events.events)).toEqual(['generating', 'reviewing', 'cancelled']);
    await expectOldSessionActive(c);
    await c.session.prompt('Carry on here');
    expect(sentTexts(c.mock.requests.at(-1)).at(-1)).toBe('Carry on here');
  });

  it('abortHandoff while reviewing cancels, and tells the reviewer through its signal', async () => {
    const c = await conversation();
    c.mock.script(documentReply());
    let signal: AbortSignal | undefined;
    const running = c.session.handoff(undefined, {
      review: (_document, reviewSignal) => {
        signal = reviewSignal;
        return new Promise<string | undefined>(() => {}); // the user never answers
      },
    });
    await nextEvent<SessionEvent, 'handoff_state'>(
      (l) => c.session.subscribe(l),
      'handoff_state',
      (e) => e.state.status === 'reviewing',
    );
    expect(c.session.isGeneratingHandoff).toBe(false);
    expect(c.session.abortHandoff()).toBe(true);
    expect(await running).toEqual({ status: 'cancelled' });
    expect(signal?.aborted).toBe(true);
    await expectOldSessionActive(c);
  });

  it('an empty edit fails clearly and switches nothing', async () => {
    const c = await conversation();
    c.mock.script(documentReply());
    const result = await c.session.handoff(undefined, { review: async () => ' \n\t ' });
    expect(result).toEqual({ status: 'failed', reason: HANDOFF_REVIEWED_EMPTY });
    expect(handoffFailedMessage(HANDOFF_REVIEWED_EMPTY)).toBe(
      'Handoff failed: the reviewed handoff document is empty',
    );
    expect(statuses(c.events.events)).toEqual(['generating', 'reviewing', 'failed']);
    await expectOldSessionActive(c);
  });

  it('a reviewer that throws fails the handoff', async () => {
    const c = await conversation();
    c.mock.script(documentReply());
    const result = await c.session.handoff(undefined, {
      review: async () => {
        throw new Error('the editor broke');
      },
    });
    expect(result).toEqual({ status: 'failed', reason: 'the editor broke' });
    await expectOldSessionActive(c);
  });

  it('keeps the API key out of an edited document', async () => {
    const c = await conversation();
    c.mock.script(documentReply());
    const result = await c.session.handoff(undefined, {
      review: async (document) => `${document}\nKey: ${TEST_API_KEY}`,
    });
    expect(result.status).toBe('done');
    if (result.status !== 'done') return;
    expect(result.document).toBe(`${DOC}\nKey: [API key removed]`);
    await c.h.queue.flush();
    expect(JSON.stringify(await c.stored.entries(result.newSessionId))).not.toContain(TEST_API_KEY);
  });
});

describe('handoff: what the new session records', () => {
  it('stores the section report and the old context size in the handoff entry', async () => {
    h = await startSessionHarness();
    await h.session.prompt(FIRST_PROMPT);
    h.mock.script({
      kind: 'reply',
      reply: {
        blocks: [text('## Goal\nShip it.\n\n## Progress\n\n## Next Steps\n1. Test.')],
        usage: {
          input_tokens: 1200,
          output_tokens: 300,
          cache_read_input_tokens: 40,
          cache_creation_input_tokens: 5,
        },
      },
    });
    const result = await h.session.handoff();
    expect(result.status).toBe('done');
    if (result.status !== 'done') return;
    await h.queue.flush();
    const [entry] = await h.stored.entries(result.newSessionId);
    expect((entry as CustomMessageEntry).details).toEqual({
      document: '## Goal\nShip it.\n\n## Progress\n\n## Next Steps\n1. Test.',
      parentSession: expect.any(String),
      parentTitle: FIRST_PROMPT,
      sections: {
        missing: ['Constraints & Preferences', 'Key Decisions', 'Critical Context'],
        empty: ['Progress'],
      },
      tokensBefore: 1200 + 40 + 5 + 300,
      // No todos in the old session: the Next Steps become the new session's.
      todos: [{ id: expect.any(String), content: 'Test.', status: 'pending' }],
    });
  });

  it('starts the new session on the chosen model; its replies use it, also after a reload', async () => {
    // The app's rule: a session's own model when it has one.
    h = await startSessionHarness({ modelForSession: (model) => model || 'claude-test-model' });
    await h.session.prompt(FIRST_PROMPT);
    expect(h.mock.requests[0]?.body.model).toBe('claude-test-model');
    h.mock.script(documentReply());
    const result = await h.session.handoff(undefined, { model: '  claude-picked-model ' });
    expect(result.status).toBe('done');
    if (result.status !== 'done') return;
    expect(h.mock.requests[1]?.body.model).toBe('claude-test-model');
    expect(h.session.header.model).toBe('claude-picked-model');
    expect(h.session.model).toBe('claude-picked-model');
    await h.session.prompt('Next');
    expect(h.mock.requests[2]?.body.model).toBe('claude-picked-model');
    expect((await h.stored.header(result.newSessionId))?.model).toBe('claude-picked-model');

    const reopened = await h.reopen(result.newSessionId);
    try {
      expect(reopened.session.model).toBe('claude-picked-model');
    } finally {
      reopened.close();
    }
  });

  it('without a choice the new session keeps the current model', async () => {
    h = await startSessionHarness({ modelForSession: (model) => model || 'claude-test-model' });
    await h.session.prompt(FIRST_PROMPT);
    h.mock.script(documentReply());
    await h.session.handoff(undefined, { model: '   ' });
    expect(h.session.header.model).toBe('claude-test-model');
  });
});
