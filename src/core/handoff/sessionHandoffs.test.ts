import { afterEach, describe, expect, it } from 'vitest';
import { assistant, chain, toolResults, toolUse, user } from '../../../testing/entryBuilders';
import { nextEvent } from '../../../testing/events';
import { counter, memoryPersistence } from '../../../testing/memoryPersistence';
import {
  type MockApi,
  mockModelClient,
  sentMessages,
  startMockApi,
  TEST_API_KEY,
  TEST_MODEL,
  textReply,
  toolUseReply,
} from '../../../testing/mockModel';
import { fetchCall, fetchResult } from '../../../testing/serverToolBlocks';
import { createSessionHeader, SessionLog } from '../session/sessionLog';
import type { SessionEvent } from '../sessionEvents';
import { SessionParts } from '../sessionParts';
import type { SessionConfig } from '../sessionPorts';
import { SessionSettings } from '../sessionSettings';
import type { Tool } from '../tools/tool';
import type { SessionEntry } from '../types/entry';
import { HandoffRefused, NOTHING_TO_HAND_OFF } from './handoffMachine';
import { buildHandoffSwitch } from './handoffSwitch';
import { HANDOFF_ACCEPTED_RESULT, HANDOFF_DECLINED_RESULT } from './handoffTool';

const DOCUMENT = '## Goal\nShip the release.\n\n## Next Steps\n1. Tag it.';

let mock: MockApi | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

/** The session's parts over the mock API and a log in memory; the tests talk to its handoff part. */
async function start(entries: SessionEntry[], config: Partial<SessionConfig> = {}) {
  mock = await startMockApi();
  const client = mockModelClient(mock);
  const log = new SessionLog(
    {
      ...createSessionHeader({ id: 's1', model: TEST_MODEL, now: 1, title: 'Plan the release' }),
      leafId: entries.at(-1)?.id ?? null,
    },
    entries,
  );
  const persistence = memoryPersistence();
  const events: SessionEvent[] = [];
  const listeners = new Set<(event: SessionEvent) => void>([(event) => events.push(event)]);
  let parts: SessionParts | undefined;
  const settings = new SessionSettings(
    { client, model: TEST_MODEL, maxTokens: 1024, apiKey: TEST_API_KEY, ...config },
    () => (parts as SessionParts).host.header,
  );
  parts = new SessionParts({ persistence, now: () => 50, newId: counter('n') }, settings, log, (event) => {
    for (const listener of [...listeners]) listener(event);
  });
  parts.loadDerivedState();
  const subscribe = (listener: (event: SessionEvent) => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return { mock, parts, persistence, events, subscribe, old: log };
}

const CONVERSATION = chain([user('Plan the release'), assistant(['Planned: tag, notes, announce.'])]);

describe('SessionHandoffs: the switch', () => {
  it('commits exactly the records buildHandoffSwitch makes, then enters the new session', async () => {
    const { mock, parts, persistence, events, old } = await start(CONVERSATION);
    mock.script(textReply(DOCUMENT));
    const result = await parts.handoffs.handoff();
    expect(result).toMatchObject({ status: 'done', document: DOCUMENT });
    const commits = persistence.calls.flatMap((c) => (c.kind === 'commit' ? [c.commit] : []));
    expect(commits).toHaveLength(1);
    const [commit] = commits;
    const childId = commit?.child.id ?? '';
    const before = { ...old.header, children: [] };
    const expected = buildHandoffSwitch({
      parent: before,
      branch: old.getBranch(),
      document: DOCUMENT,
      outcome: {},
      childId,
      entryId: commit?.handoffEntry.id ?? '',
      now: 50,
      model: TEST_MODEL,
    });
    expect(commit).toEqual({
      parent: expected.parent,
      child: expected.child,
      handoffEntry: expected.handoffEntry,
    });
    // In memory: the old log has the child link, the new one is open with its one entry.
    expect(old.header.children).toEqual([childId]);
    expect(parts.host.log.id).toBe(childId);
    expect(parts.host.branch()).toEqual([expected.handoffEntry]);
    expect(events.slice(-3)).toEqual([
      { type: 'header_changed', header: old.header },
      { type: 'session_changed', header: expected.child, previous: old.header },
      { type: 'handoff_state', state: { status: 'done', document: DOCUMENT, newSessionId: childId } },
    ]);
  });

  it('moves nothing when the commit fails, and says why', async () => {
    const { mock, parts, persistence, events, old } = await start(CONVERSATION);
    mock.script(textReply(DOCUMENT));
    persistence.failNextCommit(new Error('The disk is full.'));
    const result = await parts.handoffs.handoff();
    expect(result).toEqual({ status: 'failed', reason: 'The disk is full.' });
    expect(parts.host.log).toBe(old);
    expect(old.header.children).toEqual([]);
    expect(events.some((e) => e.type === 'session_changed')).toBe(false);
    expect(parts.handoffs.state).toEqual({ status: 'failed', reason: 'The disk is full.' });
  });

  it('refuses with nothing to hand off, before anything starts', async () => {
    const { parts, events } = await start([]);
    expect(parts.handoffs.refusal()).toBe(NOTHING_TO_HAND_OFF);
    await expect(parts.handoffs.handoff()).rejects.toThrow(HandoffRefused);
    expect(events).toEqual([{ type: 'todos_changed', todos: [] }]);
  });

  it('stops a handoff being written on interrupt', async () => {
    const { mock, parts, subscribe } = await start(CONVERSATION);
    mock.script(textReply(DOCUMENT, 40, 4));
    const writing = nextEvent(subscribe, 'message_update');
    const running = parts.handoffs.handoff();
    await writing;
    expect(parts.handoffs.isGeneratingHandoff).toBe(true);
    expect(parts.handoffs.interrupt()).toBe(true);
    expect(await running).toEqual({ status: 'cancelled' });
    expect(parts.handoffs.interrupt()).toBe(false);
  });
});

describe('SessionHandoffs: the captured document', () => {
  it('is announced just before the end of the reply that carries it, and before the switch', async () => {
    const { mock, parts, events } = await start(CONVERSATION);
    mock.script(textReply(`  ${DOCUMENT} with ${TEST_API_KEY}  `));
    await parts.handoffs.handoff();
    const at = events.findIndex((e) => e.type === 'handoff_document_captured');
    const redacted = `${DOCUMENT} with [API key removed]`;
    expect(events[at]).toEqual({ type: 'handoff_document_captured', document: redacted });
    expect(events[at + 1]).toMatchObject({ type: 'message_end', message: { role: 'assistant' } });
    const switching = events.findIndex((e) => e.type === 'handoff_state' && e.state.status === 'switching');
    expect(switching).toBeGreaterThan(at);
    expect(events.filter((e) => e.type === 'handoff_document_captured')).toHaveLength(1);
  });

  it('is not announced for a reply that failed, nor for tool calls the model made instead', async () => {
    const failing = await start(CONVERSATION);
    failing.mock.script({ kind: 'status', status: 529 });
    expect((await failing.parts.handoffs.handoff()).status).toBe('failed');
    expect(failing.events.some((e) => e.type === 'handoff_document_captured')).toBe(false);

    await failing.mock.close();
    const calling = await start(CONVERSATION);
    calling.mock.script(
      toolUseReply('toolu_1', 'todo_write', { todos: [] }),
      toolUseReply('toolu_2', 'todo_write', { todos: [] }),
      textReply(DOCUMENT),
    );
    await calling.parts.handoffs.handoff();
    const captured = calling.events.filter((e) => e.type === 'handoff_document_captured');
    // Refused calls keep the run going: only the reply it ends on is the document.
    expect(captured).toEqual([{ type: 'handoff_document_captured', document: DOCUMENT }]);
  });
});

describe('SessionHandoffs: a proposal found unanswered after a reload', () => {
  const PROPOSED = chain([
    user('Keep going'),
    assistant(
      [toolUse('toolu_h', 'handoff', { reason: 'The context is nearly full.', focus: 'the tests' })],
      'tool_use',
    ),
  ]);

  it('is shown again; accepted, the answer is stored and the focus waits for the idle session', async () => {
    const { parts } = await start(PROPOSED);
    expect(parts.handoffs.proposal).toEqual({
      toolUseId: 'toolu_h',
      reason: 'The context is nearly full.',
      focus: 'the tests',
      restored: true,
    });
    // Not a live one: Stop has nothing to answer.
    expect(parts.handoffs.interrupt()).toBe(false);
    await parts.handoffs.answer({ accepted: true, focus: 'the tests, and the docs' });
    const last = parts.host.branch().at(-1);
    expect(last).toMatchObject({
      message: {
        role: 'toolResult',
        content: [{ tool_use_id: 'toolu_h', content: HANDOFF_ACCEPTED_RESULT }],
      },
    });
    expect(parts.conversation.messages.at(-1)).toMatchObject({ role: 'toolResult' });
    expect(parts.handoffs.proposal).toBeUndefined();
    expect(parts.handoffs.takeAccepted()).toBe('the tests, and the docs');
    expect(parts.handoffs.takeAccepted()).toBeUndefined();
  });

  it('declined, asks the model to go on with the answer', async () => {
    const { mock, parts } = await start(PROPOSED);
    mock.script(textReply('Going on here.'));
    await parts.handoffs.answer({ accepted: false });
    expect(sentMessages(mock.requests[0]).at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_h', content: HANDOFF_DECLINED_RESULT }],
    });
    expect(parts.handoffs.takeAccepted()).toBeUndefined();
  });
});

describe('SessionHandoffs: the tools the work used', () => {
  const ECHO = 'mcp__test__echo';
  /** An MCP tool as the app registers it in every live session (state/mcp/mcpHub.ts). */
  const echo: Tool = {
    definition: {
      name: ECHO,
      description: 'The tool "echo" of the MCP server "test".',
      input_schema: { type: 'object', properties: { text: { type: 'string' } } },
    },
    execute: (input) => ({ content: JSON.stringify(input) }),
    needsApproval: true,
  };
  const WORKED = chain([
    user('Check the relay rules and echo the verdict'),
    assistant([fetchCall, fetchResult, toolUse('toolu_echo', ECHO, { text: 'in the zone' })], 'tool_use'),
    toolResults({ type: 'tool_result', tool_use_id: 'toolu_echo', content: 'in the zone' }),
    assistant(['The baton is passed in the zone.']),
  ]);
  const offered = (request: { body: { tools?: unknown[] } } | undefined) =>
    (request?.body.tools ?? []).map((tool) => (tool as { name?: string }).name);

  it('names them in the instruction, and the new session offers the same tools', async () => {
    const { mock, parts } = await start(WORKED, { webFetch: true });
    parts.tools.register(echo);
    mock.script(textReply(DOCUMENT), textReply('Going on.'));
    expect(await parts.handoffs.handoff()).toMatchObject({ status: 'done' });

    const [handoffRequest] = mock.messageRequests();
    const instruction = sentMessages(handoffRequest).at(-1)?.content.at(-1);
    const text = instruction?.type === 'text' ? instruction.text : '';
    expect(text).toContain(`- MCP server "test": ${ECHO} (1 call)`);
    expect(text).toContain("- The API's server tools: web_fetch (1 call)");

    // Servers and switches are the app's: the new session's first request declares the
    // same tools as the handoff request (and every request before it) did.
    await parts.conversation.prompt('Go on');
    const next = mock.messageRequests()[1];
    expect(sentMessages(next)[0]?.content[0]).toMatchObject({
      type: 'text',
      text: expect.stringContaining('<handoff-context>'),
    });
    expect(offered(next)).toContain(ECHO);
    expect(offered(next)).toContain('web_fetch');
    // (`recall` joins them there: it is offered in sessions started by a handoff.)
    expect(offered(next)).toEqual(expect.arrayContaining(offered(handoffRequest)));
  });
});
