/**
 * Retry, versions and a failed message: a retried reply becomes a sibling (a version),
 * the request holds only the branch up to the retried reply's parent, the branch can be
 * moved between versions, and a message whose reply failed is sent again as itself,
 * never merged into the next one. A real agent (the real SDK against the mock API).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { counter, memoryPersistence } from '../../../testing/memoryPersistence';
import {
  type MockApi,
  mockModelClient,
  sentMessages,
  startMockApi,
  TEST_MODEL,
  textReply,
} from '../../../testing/mockModel';
import { Agent } from '../agent/agent';
import { HANDOFF_PROMPT_MARKER } from '../handoff/handoffPrompt';
import { versionPlaces } from '../session/branchVersions';
import { SessionHost } from '../session/sessionHost';
import { createSessionHeader, SessionLog } from '../session/sessionLog';
import { ToolRegistry } from '../tools/toolRegistry';
import { isMessageEntry } from '../types/entry';
import { textOf } from '../types/messageText';
import { Conversation, EarlierMessageFailedError } from './conversation';
import { MessageEdits } from './messageEdits';

let mock: MockApi | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

async function start() {
  mock = await startMockApi();
  const client = mockModelClient(mock);
  const log = new SessionLog(createSessionHeader({ id: 's1', model: TEST_MODEL, now: 1 }));
  const host = new SessionHost(log, {
    persistence: memoryPersistence(),
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
  const edits = new MessageEdits({
    branch: () => host.branch(),
    isInternal: () => false,
    emit: () => undefined,
  });
  const conversation: Conversation = new Conversation({
    agent,
    host,
    persistence: memoryPersistence(),
    edits,
    model: () => TEST_MODEL,
    promptTemplates: () => [],
    busyElsewhere: () => false,
    beforeSend: () => undefined,
    followUpsWait: () => false,
    reload: () => conversation.load(host.branch()),
    emit: () => undefined,
  });
  const branchTexts = () =>
    host.branch().flatMap((e) => (isMessageEntry(e) ? [`${e.message.role}: ${textOf(e.message)}`] : []));
  return { mock, conversation, host, branchTexts };
}

/** Each turn of a request as "role: text". */
const turns = (api: MockApi, index: number) =>
  sentMessages(api.requests[index]).map(
    (t) => `${t.role}: ${t.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('|')}`,
  );

describe('Conversation: retry and versions', () => {
  it('a retried reply is a new version; the request holds the branch up to its question only', async () => {
    const { mock, conversation, host, branchTexts } = await start();
    mock.script(textReply('One'), textReply('Two'), textReply('Two again'));
    await conversation.prompt('First');
    await conversation.prompt('Second');
    const second = host.branch().at(-1);
    if (!second) throw new Error('no reply');
    await conversation.retry(second.id);
    expect(turns(mock, 2)).toEqual(['user: First', 'assistant: One', 'user: Second']);
    expect(branchTexts()).toEqual(['user: First', 'assistant: One', 'user: Second', 'assistant: Two again']);
    const newest = host.branch().at(-1);
    const places = versionPlaces(host.log.entries(), host.branch());
    expect(newest && places.get(newest.id)).toEqual({ position: 2, count: 2, previousId: second.id });

    // Back to the first version: the branch ends in it again, stored in the header.
    conversation.showVersion(second.id);
    expect(branchTexts().at(-1)).toBe('assistant: Two');
    expect(host.header.leafId).toBe(second.id);
  });

  it('a message whose reply failed is sent again as itself before the next one, never merged', async () => {
    const { mock, conversation, branchTexts } = await start();
    mock.script({ kind: 'status', status: 400 }, textReply('Answer to first'), textReply('Answer to second'));
    await conversation.prompt('First');
    expect(branchTexts()).toEqual(['user: First', 'assistant: ']);
    await conversation.prompt('Second');
    expect(turns(mock, 1)).toEqual(['user: First']);
    expect(turns(mock, 2)).toEqual(['user: First', 'assistant: Answer to first', 'user: Second']);
    expect(branchTexts()).toEqual([
      'user: First',
      'assistant: Answer to first',
      'user: Second',
      'assistant: Answer to second',
    ]);
  });

  it('when the failed message fails again, the new one is not sent', async () => {
    const { mock, conversation, branchTexts } = await start();
    mock.script({ kind: 'status', status: 400 }, { kind: 'status', status: 400 });
    await conversation.prompt('First');
    await expect(conversation.prompt('Second')).rejects.toThrow(EarlierMessageFailedError);
    expect(mock.requests).toHaveLength(2);
    expect(turns(mock, 1)).toEqual(['user: First']);
    expect(branchTexts()).toEqual(['user: First', 'assistant: ']);
  });

  it("a failed handoff's reply is not sent again before the next message (its instruction is no message of the user's)", async () => {
    const { mock, conversation } = await start();
    mock.script(textReply('One'), { kind: 'status', status: 400 }, textReply('Two'));
    await conversation.prompt('First');
    // As a handoff records its request: a user turn opening with the handoff's marker.
    await conversation.prompt(`${HANDOFF_PROMPT_MARKER} Write the handoff document.`);
    await conversation.prompt('Second');
    // Not four: the instruction was not asked again. (Here no context filter leaves the
    // abandoned attempt out, as the session's does; that is handoffAttempts' test.)
    expect(mock.requests).toHaveLength(3);
    expect(turns(mock, 2).at(-1)).toMatch(/Second$/);
  });
});
