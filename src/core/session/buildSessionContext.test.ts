import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assistant,
  chain,
  custom,
  type EntryBody,
  messageBody,
  text,
  toolResult,
  toolResults,
  toolUse,
  user,
} from '../../../testing/entryBuilders';
import { isValidRequest, requestProblems } from '../../../testing/requestInvariant';
import { handoffContextFilter } from '../handoff/handoffAttempts';
import { HANDOFF_PROMPT_MARKER } from '../handoff/handoffPrompt';
import type { AgentMessage, ApiMessage } from '../types/agentMessage';
import type { ContentBlock, MessageRole, StopReason } from '../types/message';
import { toApiMessages as buildRequest, buildSessionContext } from './buildSessionContext';

/** Requests as the app builds them: with the handoff's filter registered. */
const toApiMessages = (messages: readonly AgentMessage[]) => buildRequest(messages, handoffContextFilter);

function contextOf(bodies: EntryBody[]): AgentMessage[] {
  return buildSessionContext(chain(bodies)).messages;
}

function requestOf(bodies: EntryBody[]): ApiMessage[] {
  const request = toApiMessages(contextOf(bodies));
  expect(requestProblems(request, { allowEmpty: true })).toEqual([]);
  return request;
}

describe('buildSessionContext', () => {
  it('keeps messages as they are and turns a custom_message into custom context', () => {
    const context = contextOf([
      custom('<handoff-context>doc</handoff-context>', 'handoff', true),
      user('hi'),
      assistant(['hello']),
    ]);
    expect(context).toEqual([
      {
        role: 'custom',
        customType: 'handoff',
        content: '<handoff-context>doc</handoff-context>',
        display: true,
      },
      { role: 'user', content: [text('hi')] },
      { role: 'assistant', content: [text('hello')], stopReason: 'end_turn' },
    ]);
  });

  it('skips entry kinds it does not know', () => {
    const context = contextOf([
      user('one'),
      { type: 'label', label: 'bookmark' },
      { type: 'model_change', model: 'x' },
      assistant(['two']),
    ]);
    expect(context.map((m) => m.role)).toEqual(['user', 'assistant']);
  });
});

describe('toApiMessages', () => {
  it('sends a custom_message as a user turn, merged with the user turn after it', () => {
    expect(requestOf([custom('Context first'), user('Then the question')])).toEqual([
      { role: 'user', content: [text('Context first'), text('Then the question')] },
    ]);
  });

  it('merges adjacent turns of the same role', () => {
    expect(requestOf([user('a'), user('b'), assistant(['c']), assistant(['d']), user('e')])).toEqual([
      { role: 'user', content: [text('a'), text('b')] },
      { role: 'assistant', content: [text('c'), text('d')] },
      { role: 'user', content: [text('e')] },
    ]);
  });

  it('pairs a tool call with its result and sends the results first in the user turn', () => {
    expect(
      requestOf([
        user('plan it'),
        assistant(['On it.', toolUse('t1'), toolUse('t2')], 'tool_use'),
        toolResults(toolResult('t1', 'one'), toolResult('t2', 'two')),
        custom('<system-reminder>todos</system-reminder>', 'todo_reminder', false),
        user('and also this'),
      ]),
    ).toEqual([
      { role: 'user', content: [text('plan it')] },
      { role: 'assistant', content: [text('On it.'), toolUse('t1'), toolUse('t2')] },
      {
        role: 'user',
        content: [
          toolResult('t1', 'one'),
          toolResult('t2', 'two'),
          text('<system-reminder>todos</system-reminder>'),
          text('and also this'),
        ],
      },
    ]);
  });

  it('sends a tool call id only once per turn, with its one result', () => {
    expect(
      requestOf([
        user('plan it'),
        assistant([toolUse('t1'), toolUse('t1')], 'tool_use'),
        toolResults(toolResult('t1', 'one'), toolResult('t1', 'again')),
      ]),
    ).toEqual([
      { role: 'user', content: [text('plan it')] },
      { role: 'assistant', content: [toolUse('t1')] },
      { role: 'user', content: [toolResult('t1', 'one')] },
    ]);
  });

  it('moves tool results ahead of text that came before them in the merged turn', () => {
    const request = requestOf([
      user('go'),
      assistant([toolUse('t1')], 'tool_use'),
      custom('pending note'),
      toolResults(toolResult('t1')),
    ]);
    expect(request[2]).toEqual({ role: 'user', content: [toolResult('t1'), text('pending note')] });
  });

  it('drops a tool_use whose reply was aborted before any result', () => {
    expect(
      requestOf([user('go'), assistant(['Let me', toolUse('t1')], 'aborted'), user('never mind')]),
    ).toEqual([
      { role: 'user', content: [text('go')] },
      { role: 'assistant', content: [text('Let me')] },
      { role: 'user', content: [text('never mind')] },
    ]);
  });

  it('drops an assistant turn left empty once its unanswered tool_use is gone, and merges the users', () => {
    expect(requestOf([user('go'), assistant([toolUse('t1')], 'aborted'), user('again')])).toEqual([
      { role: 'user', content: [text('go'), text('again')] },
    ]);
  });

  it('drops a tool_result that answers no tool_use', () => {
    expect(
      requestOf([user('hi'), assistant(['hello']), toolResults(toolResult('ghost')), user('next')]),
    ).toEqual([
      { role: 'user', content: [text('hi')] },
      { role: 'assistant', content: [text('hello')] },
      { role: 'user', content: [text('next')] },
    ]);
  });

  it('drops a tool_result for a tool_use further back than the turn before', () => {
    const request = requestOf([
      user('a'),
      assistant([toolUse('t1')], 'tool_use'),
      toolResults(toolResult('t1')),
      assistant(['done']),
      toolResults(toolResult('t1')),
      user('b'),
    ]);
    expect(request.at(-1)).toEqual({ role: 'user', content: [text('b')] });
  });

  it('drops empty and whitespace-only text blocks, and turns left with nothing', () => {
    expect(
      requestOf([
        user('', 'real', '  \n '),
        assistant(['', '   ']),
        custom('   '),
        user('more'),
        assistant(['answer', '\t']),
      ]),
    ).toEqual([
      { role: 'user', content: [text('real'), text('more')] },
      { role: 'assistant', content: [text('answer')] },
    ]);
  });

  it('drops leading assistant turns so the request starts with the user', () => {
    expect(requestOf([assistant(['orphan']), toolResults(toolResult('x')), user('hello')])).toEqual([
      { role: 'user', content: [text('hello')] },
    ]);
  });

  it('skips an errored assistant message that has no content', () => {
    const errored = messageBody({
      role: 'assistant',
      content: [],
      stopReason: 'error',
      errorMessage: 'Overloaded',
    });
    expect(requestOf([user('first'), errored, user('retry')])).toEqual([
      { role: 'user', content: [text('first'), text('retry')] },
    ]);
  });

  it('leaves out a handoff instruction whose reply brought no text, so it never joins the next turn', () => {
    const instruction = `${HANDOFF_PROMPT_MARKER}\nWrite the handoff document.`;
    const failed = messageBody({ role: 'assistant', content: [], stopReason: 'error', errorMessage: 'x' });
    const stoppedEmpty = assistant([], 'aborted');
    const base = [user('q'), assistant(['a'])];
    for (const reply of [failed, stoppedEmpty]) {
      expect(requestOf([...base, user(instruction), reply, user('still there?')])).toEqual([
        { role: 'user', content: [text('q')] },
        { role: 'assistant', content: [text('a')] },
        { role: 'user', content: [text('still there?')] },
      ]);
    }
    // While the document is being asked for, it stays.
    expect(requestOf([...base, user(instruction)]).at(-1)).toEqual({
      role: 'user',
      content: [text(instruction)],
    });
    // An ordinary message that failed is kept: the user's words are never dropped.
    expect(requestOf([...base, user('plain'), failed, user('again')]).at(-1)).toEqual({
      role: 'user',
      content: [text('plain'), text('again')],
    });
  });

  it('leaves out a handoff that was cancelled or failed part-way, with what it wrote, and keeps it in the log', () => {
    const instruction = `${HANDOFF_PROMPT_MARKER}\nWrite the handoff document.`;
    const base = [user('q'), assistant(['a'])];
    const half = (stopReason: StopReason) => assistant(['## Goal\nShip the'], stopReason);
    const failedHalf = messageBody({
      role: 'assistant',
      content: [text('## Goal\nShip')],
      stopReason: 'error',
      errorMessage: 'The connection dropped in the middle of the reply.',
    });
    for (const reply of [half('aborted'), half('interrupted'), failedHalf]) {
      const bodies = [...base, user(instruction), reply, user('still there?')];
      expect(requestOf(bodies)).toEqual([
        { role: 'user', content: [text('q')] },
        { role: 'assistant', content: [text('a')] },
        { role: 'user', content: [text('still there?')] },
      ]);
      // The transcript (the context) keeps the attempt; only requests leave it out.
      expect(contextOf(bodies)).toHaveLength(5);
    }
    // Two cancelled attempts in a row, one with a refused tool call in it: both go.
    const twice = [
      ...base,
      user(instruction),
      assistant(['Let me note that', toolUse('t1')], 'tool_use'),
      toolResults(toolResult('t1', 'Tools are not available while writing the handoff document.')),
      half('aborted'),
      user(instruction),
      half('aborted'),
      user('and now?'),
    ];
    expect(requestOf(twice).map((turn) => turn.content)).toEqual([
      [text('q')],
      [text('a')],
      [text('and now?')],
    ]);
    // Under way (a tool call being answered) it stays: it is the document request itself.
    const underWay = [
      ...base,
      user(instruction),
      assistant([toolUse('t2')], 'tool_use'),
      toolResults(toolResult('t2', 'refused')),
    ];
    expect(
      requestOf(underWay)
        .slice(2)
        .map((turn) => turn.role),
    ).toEqual(['user', 'assistant', 'user']);
    // A finished document stays too: the old session may go on after a handoff.
    const done = [...base, user(instruction), assistant(['## Goal\nShip it.']), user('thanks')];
    expect(requestOf(done)).toHaveLength(5);
  });

  it('drops a tool_use found in a user turn (damaged data): only the assistant calls tools', () => {
    expect(requestOf([user('hi', toolUse('t1')), assistant(['hello'])])).toEqual([
      { role: 'user', content: [text('hi')] },
      { role: 'assistant', content: [text('hello')] },
    ]);
  });

  it('keeps only the first of two results for the same tool call', () => {
    expect(
      requestOf([
        user('go'),
        assistant([toolUse('t1')], 'tool_use'),
        toolResults(toolResult('t1', 'first'), toolResult('t1', 'again')),
      ]),
    ).toEqual([
      { role: 'user', content: [text('go')] },
      { role: 'assistant', content: [toolUse('t1')] },
      { role: 'user', content: [toolResult('t1', 'first')] },
    ]);
  });

  it('keeps the partial text of an aborted or interrupted reply', () => {
    expect(
      requestOf([
        user('q'),
        assistant(['half an ans'], 'aborted'),
        user('go on'),
        assistant(['cut'], 'interrupted'),
      ]),
    ).toEqual([
      { role: 'user', content: [text('q')] },
      { role: 'assistant', content: [text('half an ans')] },
      { role: 'user', content: [text('go on')] },
      { role: 'assistant', content: [text('cut')] },
    ]);
  });

  it('sends signed thinking back at the start of its turn, and no turn of thinking alone', () => {
    const thinking = { type: 'thinking', thinking: 'hmm', signature: 'sig' } as const;
    expect(requestOf([user('q'), assistant([thinking, 'answer'])])).toEqual([
      { role: 'user', content: [text('q')] },
      { role: 'assistant', content: [thinking, text('answer')] },
    ]);
    // A reply stopped while thinking said nothing: it is left out, and with it the turn.
    expect(requestOf([user('q'), assistant([thinking]), user('again')])).toEqual([
      { role: 'user', content: [text('q'), text('again')] },
    ]);
    // Two replies joined into one turn: only the first may open with thinking.
    expect(requestOf([user('q'), assistant([thinking, 'one']), assistant([thinking, 'two'])])).toEqual([
      { role: 'user', content: [text('q')] },
      { role: 'assistant', content: [thinking, text('one'), text('two')] },
    ]);
  });

  it('keeps a web search with its result, and drops a search without one unless the turn was paused', () => {
    const search = { type: 'server_tool_use', id: 's1', name: 'web_search', input: { query: 'x' } } as const;
    const result = { type: 'web_search_tool_result', tool_use_id: 's1', content: [] } as const;
    expect(requestOf([user('q'), assistant([search, result, 'found'])])).toEqual([
      { role: 'user', content: [text('q')] },
      { role: 'assistant', content: [search, result, text('found')] },
    ]);
    expect(requestOf([user('q'), assistant([search, 'cut'])])).toEqual([
      { role: 'user', content: [text('q')] },
      { role: 'assistant', content: [text('cut')] },
    ]);
  });

  it('leaves out block kinds the API does not take back in an assistant turn', () => {
    const image = { type: 'image', source: {} } as unknown as ContentBlock; // a block we keep but do not model
    expect(requestOf([user('q'), assistant([image, 'answer'])])).toEqual([
      { role: 'user', content: [text('q')] },
      { role: 'assistant', content: [text('answer')] },
    ]);
  });

  it('returns an empty conversation for an empty or contentless branch', () => {
    expect(requestOf([])).toEqual([]);
    expect(requestOf([{ type: 'label' }, assistant(['only the assistant'])])).toEqual([]);
  });
});

describe('requestProblems (the invariant itself)', () => {
  it('accepts a valid conversation and names each broken rule', () => {
    expect(isValidRequest([{ role: 'user', content: [text('hi')] }])).toBe(true);
    expect(requestProblems([])).toEqual(['the conversation is empty']);
    expect(requestProblems([{ role: 'assistant', content: [text('x')] }])).toContain(
      'the first turn is not a user turn',
    );
    expect(
      requestProblems([
        { role: 'user', content: [text('a')] },
        { role: 'user', content: [text(' ')] },
      ]),
    ).toEqual(['turn 1 (user) repeats the role before it', 'turn 1 (user) has an empty text block']);
    expect(
      requestProblems([
        { role: 'user', content: [text('a')] },
        { role: 'assistant', content: [toolUse('t1')] },
        { role: 'user', content: [text('b'), toolResult('t1'), toolResult('t9')] },
      ]),
    ).toEqual([
      'turn 2 (user): tool_result t9 answers no tool_use of the turn before',
      'turn 2 (user): a tool_result follows other content',
    ]);
    expect(
      requestProblems([
        { role: 'user', content: [text('a')] },
        { role: 'assistant', content: [toolUse('t1')] },
        { role: 'user', content: [text('b')] },
      ]),
    ).toEqual(['turn 1 (assistant): tool_use t1 has 0 results in the next turn']);
  });
});

// ---------------------------------------------------------------------------------------
// Random branches: whatever the log holds, the request is one the API accepts.

/** More runs for a deeper search: BATON_PROPERTY_RUNS=20000 npx vitest run ... */
const RUNS = Number(process.env.BATON_PROPERTY_RUNS) || 2_000;
/** About a millisecond a run on a slow machine, with room to spare. */
const PROPERTY_TIMEOUT_MS = Math.max(15_000, RUNS * 2);

const ROLES: MessageRole[] = ['user', 'assistant', 'toolResult'];
const STOP_REASONS: StopReason[] = [
  'end_turn',
  'tool_use',
  'max_tokens',
  'aborted',
  'interrupted',
  'error',
  'streaming',
];
const textArb = fc.constantFrom('', ' ', '\n\t', 'hello', 'more text', '  padded  ');

/**
 * Blocks of every kind in any role, as a damaged or foreign log could hold them. A
 * tool_result names the k-th most recent tool_use before it (`r0` the latest) or none at
 * all, so calls and results often, but not always, pair up; `linkToolIds` fills in the
 * real ids, unique per call as the API makes them.
 */
const blockArb: fc.Arbitrary<ContentBlock> = fc.oneof(
  { weight: 4, arbitrary: textArb.map(text) },
  { weight: 2, arbitrary: fc.constant(toolUse('new')) },
  { weight: 3, arbitrary: fc.constantFrom('r0', 'r0', 'r1', 'r2', 'ghost').map((ref) => toolResult(ref)) },
  {
    weight: 1,
    arbitrary: fc.constant({ type: 'thinking', thinking: 'x' } as unknown as ContentBlock), // an unmodelled kind
  },
);

const entryArb: fc.Arbitrary<EntryBody[]> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record({
        role: fc.constantFrom(...ROLES),
        content: fc.array(blockArb, { maxLength: 4 }),
        stopReason: fc.constantFrom(...STOP_REASONS),
      })
      .map(({ role, content, stopReason }) => [messageBody({ role, content, stopReason })]),
  },
  // A well-formed exchange (a call and its answer), which the random kinds above rarely make.
  {
    weight: 2,
    arbitrary: fc
      .tuple(textArb, fc.integer({ min: 1, max: 2 }))
      .map(([said, calls]) => [
        assistant([said, ...Array.from({ length: calls }, () => toolUse('new'))], 'tool_use'),
        toolResults(...Array.from({ length: calls }, (_, i) => toolResult(`r${calls - 1 - i}`))),
      ]),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(textArb, fc.boolean()).map(([content, display]) => [custom(content, 'c', display)]),
  },
  {
    weight: 1,
    arbitrary: fc.constant<EntryBody[]>([{ type: 'branch_summary', summary: 'kept but not sent' }]),
  },
);

/** Random branches: a few entries of any kind, in any order. */
const branchArb = fc.array(entryArb, { maxLength: 10 }).map((groups) => groups.flat());

function linkToolIds(bodies: EntryBody[]): EntryBody[] {
  const calls: string[] = [];
  return bodies.map((body) => {
    if (body.type !== 'message' || !('message' in body)) return body;
    const entry = body as ReturnType<typeof messageBody>;
    const content = entry.message.content.map((block): ContentBlock => {
      if (block.type === 'tool_use') {
        const id = `toolu_${calls.length}`;
        calls.push(id);
        return { ...block, id };
      }
      if (block.type === 'tool_result' && block.tool_use_id !== 'ghost') {
        const back = Number(block.tool_use_id.slice(1));
        return { ...block, tool_use_id: calls[calls.length - 1 - back] ?? 'ghost' };
      }
      return block;
    });
    return messageBody({ ...entry.message, content });
  });
}

describe('toApiMessages on random branches', () => {
  it('always yields a request the API accepts, and never throws', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    let withToolPairs = 0;
    fc.assert(
      fc.property(branchArb, (raw) => {
        const bodies = linkToolIds(raw);
        const context = contextOf(bodies);
        const request = toApiMessages(context);
        expect(requestProblems(request, { allowEmpty: true })).toEqual([]);
        if (request.some((turn) => turn.content.some((b) => b.type === 'tool_use'))) withToolPairs += 1;
        // What the agent actually sends: the context plus the user's new prompt.
        const withPrompt = toApiMessages([...context, { role: 'user', content: [text('next prompt')] }]);
        expect(requestProblems(withPrompt)).toEqual([]);
        expect(withPrompt.at(-1)?.content.at(-1)).toEqual(text('next prompt'));
      }),
      { numRuns: RUNS },
    );
    // The generator must reach the interesting case, or the property proves little.
    expect(withToolPairs).toBeGreaterThan(RUNS / 10);
  });

  it('keeps every non-blank user text, in order', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(branchArb, (raw) => {
        const bodies = linkToolIds(raw);
        const request = toApiMessages(contextOf(bodies));
        const sentUserTexts = request
          .filter((turn) => turn.role === 'user')
          .flatMap((turn) => turn.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])));
        const firstUser = request.length > 0;
        const expected = bodies.flatMap((body) => {
          if (body.type === 'custom_message') {
            const content = (body as ReturnType<typeof custom>).content;
            return content.trim() ? [content] : [];
          }
          if (body.type !== 'message') return [];
          const { message } = body as ReturnType<typeof messageBody>;
          if (message.role !== 'user') return [];
          return message.content.flatMap((b) => (b.type === 'text' && b.text.trim() ? [b.text] : []));
        });
        // Nothing the user wrote is lost (a request with no user turn can only mean there was none).
        expect(sentUserTexts).toEqual(firstUser ? expected : []);
        if (!firstUser) expect(expected).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});
