/**
 * `npm run bench`'s P9: the share of a long session's input tokens that the prompt
 * cache serves. Not a timing: a count of what the mock's prompt cache (which acts out
 * the API's, e2e/mock/promptCache.ts) reports for every request of a scripted session
 * of P9_TURNS turns followed by a handoff.
 *
 * It runs in Node, not Chromium: the share depends only on the bytes of each request,
 * and those are made below the UI, so the browser would add minutes and nothing to
 * measure. The path is the app's own from the session layer down: an AgentSession (as
 * the engine builds one, over the real storage on fake-indexeddb: testing/
 * sessionHarness.ts), its prompt() for each message and handoff() for the handoff (what
 * the composer and /handoff call), the real request builder and the slim SDK client,
 * over HTTP to the mock.
 */
import { expect, test } from '@playwright/test';
import { handoffDocument } from '../e2e/helpers';
import type { RecordedRequest } from '../e2e/mock/mockApi';
import { startSessionHarness } from '../testing/sessionHarness';
import { makeRandom, messageText } from './baseline/content';
import { P9_TURNS } from './lib/config';
import { progress, writeResult } from './lib/fixtures';

/** One request's usage as the mock reported it, with what it was for. */
interface P9Request {
  kind: 'turn' | 'handoff';
  /** Turns (messages) the request carried. */
  messages: number;
  toolChoice: unknown;
  input: number;
  cacheRead: number;
  cacheWrite: number;
}

test('P9: prompt cache share over a long session and its handoff', async () => {
  const harness = await startSessionHarness();
  try {
    const random = makeRandom(900);
    for (let turn = 0; turn < P9_TURNS; turn++) {
      harness.mock.script({
        kind: 'reply',
        reply: { blocks: [{ type: 'text', text: messageText(random, 'assistant') }] },
      });
      await harness.session.prompt(messageText(random, 'user'));
    }
    const turnRequests = harness.mock.messageRequests().length;
    harness.mock.script({
      kind: 'reply',
      reply: { blocks: [{ type: 'text', text: handoffDocument('the billing migration') }] },
    });
    const handoff = await harness.session.handoff();
    expect(handoff.status, 'the handoff finished').toBe('done');

    const sent = harness.mock.messageRequests();
    // Anything else (a retry, a condensing pass) would be a different session from the one described.
    expect(turnRequests, 'one request per turn').toBe(P9_TURNS);
    expect(sent, 'one more for the handoff').toHaveLength(P9_TURNS + 1);
    const requests = sent.map((request, index) => measured(request, index < P9_TURNS ? 'turn' : 'handoff'));
    const read = sum(requests.map((r) => r.cacheRead));
    const all = sum(requests.map((r) => r.input + r.cacheRead + r.cacheWrite));
    progress(
      `P9: ${requests.length} requests, ${read.toLocaleString('en')} of ${all.toLocaleString('en')} input tokens read from the cache (${((read / all) * 100).toFixed(1)}%)`,
    );
    writeResult('P9', { id: 'P9', turns: P9_TURNS, requests });
  } finally {
    await harness.close();
  }
});

function measured(request: RecordedRequest, kind: P9Request['kind']): P9Request {
  const usage = request.usage;
  if (!usage) throw new Error(`P9: request ${request.path} got no reply`);
  return {
    kind,
    messages: request.body.messages?.length ?? 0,
    toolChoice: request.body.tool_choice,
    input: usage.input_tokens,
    cacheRead: usage.cache_read_input_tokens,
    cacheWrite: usage.cache_creation_input_tokens,
  };
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
