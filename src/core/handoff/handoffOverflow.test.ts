/**
 * Handoff when the conversation no longer fits, through AgentSession, the real SDK
 * client and the mock API with a small window (it refuses requests over M tokens with
 * the API's own 400), and the real storage over fake-indexeddb.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mockTokenCount } from '../../../e2e/mock/mockApi';
import { recordEvents } from '../../../testing/events';
import { sentTexts, TEST_API_KEY, textReply } from '../../../testing/mockModel';
import { type SessionHarness, startSessionHarness } from '../../../testing/sessionHarness';
import { ContextFullError, type SessionEvent } from '../agentSession';
import type { MessageEntry } from '../types/entry';
import { CONDENSE_PROMPT_MARKER } from './condensePrompt';
import { readHandoffDetails } from './handoffDetails';
import { HANDOFF_PROMPT_MARKER, PENDING_REQUEST_LABEL } from './handoffPrompt';

const WINDOW = 3_000;

let h: SessionHarness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

const words = (n: number, seed: string) =>
  Array.from({ length: n }, (_, i) => `${seed}${i % 7 === 0 ? ` fact-${seed}-${i}` : ''}`).join(' ');

/** A session of `exchanges` long exchanges, then a question the small window refuses. */
async function fullSession(exchanges: number) {
  h = await startSessionHarness();
  for (let i = 0; i < exchanges; i++) {
    h.mock.script(textReply(`Answer ${i}: ${words(120, `a${i}`)}`));
    await h.session.prompt(`Question ${i}: ${words(120, `q${i}`)}`);
  }
  h.mock.limitContext(WINDOW);
  await h.session.prompt(`Still open: ${TEST_API_KEY} what about the invoices?`);
  return h;
}

function lastAssistant(harness: SessionHarness) {
  const branch = harness.session.log.getBranch();
  return branch
    .filter(
      (e): e is MessageEntry => e.type === 'message' && (e as MessageEntry).message.role === 'assistant',
    )
    .at(-1)?.message;
}

describe('a length refusal', () => {
  it('keeps the sizes on the failed reply, and further prompts are refused before sending', async () => {
    const harness = await fullSession(12);
    const refused = harness.mock.messageRequests().at(-1);
    if (!refused) throw new Error('nothing was sent');
    const tokens = mockTokenCount(refused.body);
    expect(tokens).toBeGreaterThan(WINDOW);
    const reply = lastAssistant(harness);
    expect(reply?.stopReason).toBe('error');
    expect(reply?.contextOverflow).toEqual({ tokens, limit: WINDOW });
    expect(harness.session.contextFull()).toEqual({ tokens, limit: WINDOW });

    const sent = harness.mock.messageRequests().length;
    await expect(harness.session.prompt('one more')).rejects.toBeInstanceOf(ContextFullError);
    expect(harness.mock.messageRequests()).toHaveLength(sent);
  });
});

describe('handoff of a conversation larger than the window', () => {
  it('condenses to fit, names the pending request, keeps the key out, and records what it did', async () => {
    const harness = await fullSession(12);
    const events = recordEvents<SessionEvent>((listener) => harness.session.subscribe(listener));
    const start = harness.mock.messageRequests().length;
    const entriesBefore = harness.session.log.getBranch().length;

    const result = await harness.session.handoff();
    expect(result).toMatchObject({ status: 'done' });
    if (result.status !== 'done') return;

    const requests = harness.mock.messageRequests().slice(start);
    for (const request of requests) expect(mockTokenCount(request.body)).toBeLessThanOrEqual(WINDOW);
    const condensing = requests.filter((r) => sentTexts(r).at(-1)?.startsWith(CONDENSE_PROMPT_MARKER));
    expect(condensing.length).toBeGreaterThan(0);
    const handoff = requests.filter((r) => sentTexts(r).at(-1)?.startsWith(HANDOFF_PROMPT_MARKER));
    expect(handoff).toHaveLength(1);
    const instruction = sentTexts(handoff[0]).at(-1) ?? '';
    expect(instruction).toContain(PENDING_REQUEST_LABEL);
    expect(instruction).toContain('what about the invoices?');
    for (const request of requests) expect(request.rawBody).not.toContain(TEST_API_KEY);
    // The first question (the goal) is kept as it was.
    expect(JSON.stringify(handoff[0]?.body.messages?.[0])).toContain('Question 0:');

    // The progress went through condensing passes before the document.
    const condensingStates = events.events.filter(
      (e) => e.type === 'handoff_state' && e.state.status === 'generating' && e.state.condensing,
    );
    expect(condensingStates.length).toBe(condensing.length);

    // The result and the new session's handoff entry carry the pending request and the report.
    expect(result.pendingRequest).toBe(`Still open: ${TEST_API_KEY} what about the invoices?`);
    expect(result.condensed?.passes).toBe(condensing.length);
    const [entry] = await harness.stored.entries(result.newSessionId);
    const stored = readHandoffDetails(entry && 'details' in entry ? entry.details : undefined);
    expect(stored.condensed).toEqual(result.condensed);
    // "Before" is the conversation that did not fit, not the smaller request that was sent.
    expect(stored.tokensBefore).toBeGreaterThan(WINDOW);
    expect(stored.pendingRequest).not.toContain(TEST_API_KEY);
    expect(stored.pendingRequest).toContain('what about the invoices?');

    // The old session kept everything, plus the instruction and the document.
    await harness.queue.flush();
    const parentId = harness.session.header.parentSession ?? '';
    expect(await harness.stored.entries(parentId)).toHaveLength(entriesBefore + 2);
  });

  it('sends the whole transcript unchanged when it fits, without the unanswered turn', async () => {
    h = await startSessionHarness();
    await h.session.prompt('First question');
    h.mock.script({ kind: 'status', status: 500 });
    await h.session.prompt('Second question, never answered');
    const start = h.mock.messageRequests().length;
    const result = await h.session.handoff();
    expect(result).toMatchObject({ status: 'done' });
    const [request] = h.mock.messageRequests().slice(start);
    const turns = request?.body.messages ?? [];
    expect(turns).toHaveLength(3);
    expect(JSON.stringify(turns.slice(0, 2))).not.toContain('never answered');
    expect(sentTexts(request).at(-1)).toContain('Second question, never answered');
    if (result.status === 'done') expect(result.condensed).toBeUndefined();
  });
});

describe('handoff when the estimate was wrong', () => {
  it('tries the document request once more, condensed harder, when the API refuses it for length', async () => {
    h = await startSessionHarness();
    await h.session.prompt('First question');
    h.mock.script({
      kind: 'status',
      status: 400,
      message: 'prompt is too long: 5200 tokens > 4000 maximum',
    });
    const start = h.mock.messageRequests().length;
    const result = await h.session.handoff();
    expect(result).toMatchObject({ status: 'done' });
    const attempts = h.mock
      .messageRequests()
      .slice(start)
      .filter((r) => sentTexts(r).at(-1)?.startsWith(HANDOFF_PROMPT_MARKER));
    expect(attempts).toHaveLength(2);
    // The second attempt does not carry the first, refused one.
    expect(sentTexts(attempts[1]).filter((t) => t.startsWith(HANDOFF_PROMPT_MARKER))).toHaveLength(1);
  });

  it('fails with the reason when the retry is refused too, and stays in the old session', async () => {
    h = await startSessionHarness();
    await h.session.prompt('First question');
    const parentId = h.session.header.id;
    const refusal = {
      kind: 'status',
      status: 400,
      message: 'prompt is too long: 5200 tokens > 4000 maximum',
    } as const;
    h.mock.script(refusal, refusal);
    const result = await h.session.handoff();
    expect(result).toMatchObject({ status: 'failed' });
    expect(h.session.header.id).toBe(parentId);
  });

  it('condenses after a refusal that named no sizes (413), though the estimate says it fits', async () => {
    h = await startSessionHarness();
    for (let i = 0; i < 6; i++) {
      h.mock.script(textReply(`Answer ${i}: ${words(60, `a${i}`)}`));
      await h.session.prompt(`Question ${i}: ${words(60, `q${i}`)}`);
    }
    h.mock.script({ kind: 'status', status: 413 });
    await h.session.prompt('The last one');
    expect(h.session.contextFull()).toEqual({});
    const result = await h.session.handoff();
    expect(result).toMatchObject({ status: 'done' });
    if (result.status === 'done') expect(result.condensed?.messagesSummarised ?? 0).toBeGreaterThan(0);
  });
});
