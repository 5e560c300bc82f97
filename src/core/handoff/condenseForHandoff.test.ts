/**
 * The condenser's driver on conversations written out by hand: the order of the stages,
 * facts from every part of a long conversation reaching the model, Esc during a pass, and
 * a summarising request the API refuses for length.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { requestProblems } from '../../../testing/requestInvariant';
import { ModelError } from '../agent/types';
import { estimateBlockTokens, estimateMessagesTokens } from '../context/estimateTokens';
import type { ApiContentBlock, ApiMessage } from '../types/agentMessage';
import {
  CondenseCancelled,
  type CondenseInput,
  condenseForHandoff,
  type Summariser,
} from './condenseForHandoff';
import { clearedToolResultText } from './condenseStages';

const words = (n: number, seed: string) => Array.from({ length: n }, (_, i) => `${seed}${i % 97}`).join(' ');

/** One turn: a user message, `tools` calls answered by results of `resultChars`, a reply. */
function turn(
  t: number,
  { tools = 0, resultChars = 200, userText = `question ${t}: ${words(20, 'q')}` } = {},
) {
  const messages: ApiMessage[] = [{ role: 'user', content: [{ type: 'text', text: userText }] }];
  for (let c = 0; c < tools; c++) {
    const id = `toolu_${t}_${c}`;
    messages.push({
      role: 'assistant',
      content: [{ type: 'tool_use', id, name: `tool_${t}_${c}`, input: { c } }],
    });
    messages.push({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: id, content: `result ${t}.${c} ${'r'.repeat(resultChars)}` },
      ],
    });
  }
  messages.push({ role: 'assistant', content: [{ type: 'text', text: `answer ${t}: ${words(20, 'a')}` }] });
  return messages;
}

const results = (messages: readonly ApiMessage[]) =>
  messages.flatMap((m) => m.content).filter((b) => b.type === 'tool_result');

function partOf(prompt: string): string {
  const start = prompt.indexOf('<conversation-part>\n');
  const end = prompt.lastIndexOf('\n</conversation-part>');
  return prompt.slice(start + '<conversation-part>\n'.length, end);
}

/** Notes within `maxTokens` (the start of the part), every prompt recorded. */
function recorder(fail?: (prompt: string, call: number) => Error | undefined) {
  const prompts: string[] = [];
  const summarise: Summariser = async (prompt, maxTokens) => {
    prompts.push(prompt);
    const error = fail?.(prompt, prompts.length);
    if (error) throw error;
    return partOf(prompt).slice(0, maxTokens * 3);
  };
  return { prompts, summarise };
}

function input(
  messages: ApiMessage[],
  budget: number,
  summarise: Summariser,
  signal?: AbortSignal,
): CondenseInput {
  return {
    messages,
    fixedTokens: 0,
    budget,
    maxSummaryTokens: 1_000,
    summarise,
    signal: signal ?? new AbortController().signal,
  };
}

describe('condenseForHandoff: stage order', () => {
  // Four old turns with one big result each, and a newest turn with a big result of its own.
  const conversation = [
    ...turn(0, { tools: 1, resultChars: 6_000 }),
    ...turn(1, { tools: 1, resultChars: 6_000 }),
    ...turn(2, { tools: 1, resultChars: 6_000 }),
    ...turn(3, { tools: 1, resultChars: 6_000 }),
    ...turn(4, { tools: 1, resultChars: 6_000 }),
  ];
  const oldResults = results(conversation).slice(0, 4);
  const cleared = (block: ApiContentBlock): ApiContentBlock =>
    block.type === 'tool_result'
      ? {
          ...block,
          content: clearedToolResultText(`tool_${block.tool_use_id.slice(6)}`, block.content.length),
        }
      : block;
  /** The size of the conversation once its first `n` results are placeholders. */
  const sizeWithCleared = (n: number) => {
    const clear = new Set<ApiContentBlock>(oldResults.slice(0, n));
    return estimateMessagesTokens(
      conversation.map((m) => ({
        ...m,
        content: m.content.map((b) => (clear.has(b) && b.type === 'tool_result' ? cleared(b) : b)),
      })),
    );
  };

  it('clears the oldest tool results only as far as needed, and calls no summariser', async () => {
    const summarise = vi.fn<Summariser>(async () => 'never');
    const result = await condenseForHandoff(input(conversation, sizeWithCleared(2), summarise));

    expect(summarise).not.toHaveBeenCalled();
    expect(result.report).toEqual({ toolResultsCleared: 2, messagesSummarised: 0, passes: 0 });
    const after = results(result.messages);
    expect(after.slice(0, 2)).toEqual(oldResults.slice(0, 2).map(cleared));
    // The rest, the newest turn's result included, as they were.
    expect(after.slice(2)).toEqual(results(conversation).slice(2));
    expect(result.messages.length).toBe(conversation.length);
    expect(requestProblems(result.messages)).toEqual([]);
    expect(estimateMessagesTokens(result.messages)).toBeLessThanOrEqual(sizeWithCleared(2));
  });

  it("never clears the newest turn's results, summarising instead when clearing the old ones is not enough", async () => {
    // Long user messages: with every old result cleared this is still twice the budget.
    const long = (t: number) => turn(t, { tools: 1, resultChars: 6_000, userText: words(300, `u${t}_`) });
    const conversation = [
      ...Array.from({ length: 10 }, (_, t) => long(t)).flat(),
      ...turn(10, { tools: 1, resultChars: 2_000 }),
    ];
    const { prompts, summarise } = recorder();
    const budget = 4_000;
    const result = await condenseForHandoff(input(conversation, budget, summarise));

    expect(prompts.length).toBeGreaterThan(0);
    expect(result.report?.toolResultsCleared).toBe(10);
    expect(result.report?.messagesSummarised).toBeGreaterThan(0);
    expect(result.report?.passes).toBe(prompts.length);
    // The newest turn is kept whole, its tool result as it was.
    expect(result.messages.slice(-4)).toEqual(conversation.slice(-4));
    expect(requestProblems(result.messages)).toEqual([]);
    expect(estimateMessagesTokens(result.messages)).toBeLessThanOrEqual(budget);
  });

  it('leaves a tool result shorter than its placeholder as it is', async () => {
    // The oldest result is tiny: its placeholder would be longer than it, so clearing it
    // would only grow the request. The big one after it is what has to go.
    const tiny = turn(0, { tools: 1, resultChars: 0 });
    const messages = [...tiny, ...turn(1, { tools: 1, resultChars: 8_000 }), ...turn(2)];
    const big = results(messages)[1];
    if (big?.type !== 'tool_result') throw new Error('no big result');
    const budget =
      estimateMessagesTokens(messages) -
      estimateBlockTokens(big) +
      estimateBlockTokens({ ...big, content: clearedToolResultText('tool_1_0', big.content.length) });
    const summarise = vi.fn<Summariser>(async () => 'never');
    const result = await condenseForHandoff(input(messages, budget, summarise));

    expect(summarise).not.toHaveBeenCalled();
    expect(result.report).toEqual({ toolResultsCleared: 1, messagesSummarised: 0, passes: 0 });
    expect(results(result.messages)[0]).toEqual(results(messages)[0]);
    expect(estimateMessagesTokens(result.messages)).toBeLessThanOrEqual(budget);
  });
});

describe('condenseForHandoff: facts from every part of a long conversation', () => {
  const FACTS = {
    start: 'the deploy target is eu-west-3 on port 8443',
    middle: 'the flaky test is src/sync/retry.test.ts line 212',
    end: 'the user wants the changelog entry dated 2031-04-09',
  };

  /** ~10× a 4,000-token budget, each fact in a user message of its own part of the conversation. */
  function longConversation(): ApiMessage[] {
    const messages: ApiMessage[] = [];
    for (let t = 0; t < 40; t++) {
      const userText =
        t === 0
          ? `Goal: ship the release. Remember: ${FACTS.start}.`
          : t === 20
            ? `By the way, ${FACTS.middle}.`
            : t === 39
              ? `One more thing: ${FACTS.end}.`
              : undefined;
      messages.push(...turn(t, { tools: 2, resultChars: 2_000, ...(userText && { userText }) }));
    }
    return messages;
  }

  it('each reach at least one request: a summarising prompt or the condensed request', async () => {
    const messages = longConversation();
    expect(estimateMessagesTokens(messages)).toBeGreaterThan(40_000);
    const { prompts, summarise } = recorder();
    const result = await condenseForHandoff(input(messages, 4_000, summarise));
    const sent = [...prompts, JSON.stringify(result.messages)];
    for (const fact of Object.values(FACTS))
      expect(sent.some((request) => request.includes(fact))).toBe(true);
    // And the goal itself opens the condensed request.
    expect(JSON.stringify(result.messages[0])).toContain(FACTS.start);
  });

  it('keeps a name, path or number deep in one very long line whole in a summarising prompt', async () => {
    const token = 'RETRY_TIMEOUT_MS=8443@src/sync/retry.test.ts:212';
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2_500 }), async (at) => {
        // A pasted log: one line of ~13,000 characters, cut inside the line to fit.
        const filler = words(2_500, 'w').split(' ');
        const line = [...filler.slice(0, at), token, ...filler.slice(at)].join(' ');
        const messages = [
          ...turn(0),
          ...turn(1, { userText: `Here is the log: ${line}` }),
          ...turn(2),
          ...turn(3),
        ];
        const { prompts, summarise } = recorder();
        await condenseForHandoff(input(messages, 1_500, summarise));
        expect(prompts.length).toBeGreaterThan(2);
        expect(prompts.some((prompt) => prompt.includes(token))).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('condenseForHandoff: Esc', () => {
  // Long user messages: clearing tool results alone cannot make this fit.
  const long = () =>
    Array.from({ length: 30 }, (_, t) =>
      turn(t, { tools: 1, resultChars: 3_000, userText: words(300, `u${t}_`) }),
    ).flat();

  it('rejects with CondenseCancelled when the signal fires during a summarise call, and asks for nothing more', async () => {
    const controller = new AbortController();
    const summarise = vi.fn<Summariser>(async (prompt, maxTokens, signal) => {
      expect(signal).toBe(controller.signal);
      // The second pass is where the user presses Esc; the model answers anyway.
      if (summarise.mock.calls.length === 2) controller.abort();
      return partOf(prompt).slice(0, maxTokens * 3);
    });
    await expect(
      condenseForHandoff(input(long(), 4_000, summarise, controller.signal)),
    ).rejects.toBeInstanceOf(CondenseCancelled);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(summarise).toHaveBeenCalledTimes(2);
  });

  it('rejects with CondenseCancelled, not the error, when the aborted call rejects', async () => {
    const controller = new AbortController();
    const summarise = vi.fn<Summariser>(async () => {
      controller.abort();
      // What a model client may throw on abort, a length refusal included: not to be split.
      throw new ModelError('context_overflow', 'prompt is too long');
    });
    await expect(
      condenseForHandoff(input(long(), 4_000, summarise, controller.signal)),
    ).rejects.toBeInstanceOf(CondenseCancelled);
    expect(summarise).toHaveBeenCalledTimes(1);
  });

  it('makes no summarise call when the signal has already fired', async () => {
    const controller = new AbortController();
    controller.abort();
    const summarise = vi.fn<Summariser>(async () => 'notes');
    await expect(
      condenseForHandoff(input(long(), 4_000, summarise, controller.signal)),
    ).rejects.toBeInstanceOf(CondenseCancelled);
    expect(summarise).not.toHaveBeenCalled();
  });
});

describe('condenseForHandoff: a summarising request refused for length', () => {
  const messages = Array.from({ length: 30 }, (_, t) =>
    turn(t, { tools: 1, resultChars: 3_000, userText: words(300, `u${t}_`) }),
  ).flat();

  it('splits the refused chunk and carries on', async () => {
    const { prompts, summarise } = recorder((_, call) =>
      call === 1
        ? new ModelError('context_overflow', 'prompt is too long: 9000 tokens > 8000 maximum', 400)
        : undefined,
    );
    const result = await condenseForHandoff(input(messages, 4_000, summarise));
    const [refused = '', ...rest] = prompts;

    expect(requestProblems(result.messages)).toEqual([]);
    expect(estimateMessagesTokens(result.messages)).toBeLessThanOrEqual(4_000);
    expect(result.report?.passes).toBe(prompts.length);
    // The refused part was asked for again in smaller pieces, every line of it.
    const retried = rest.map(partOf).filter((part) => partOf(refused).includes(part.slice(0, 200)));
    expect(retried.length).toBeGreaterThanOrEqual(2);
    expect(retried.every((part) => part.length < partOf(refused).length)).toBe(true);
    for (const line of partOf(refused).split('\n'))
      expect(retried.some((part) => part.includes(line))).toBe(true);
  });

  it('lets every other error through, and asks for nothing more', async () => {
    for (const error of [new ModelError('server', 'The API had a problem', 500), new Error('boom')]) {
      const { prompts, summarise } = recorder(() => error);
      await expect(condenseForHandoff(input(messages, 4_000, summarise))).rejects.toBe(error);
      expect(prompts).toHaveLength(1);
    }
  });
});
