/**
 * Hostile logs for the context builder: at least 10,000 generated branches (more with
 * BATON_PROPERTY_RUNS) made of arbitrary text (control characters, lone surrogates,
 * whitespace of every script), blocks of any kind in any role, tool ids that repeat or
 * answer nothing, unknown entry kinds and damaged fields. Whatever the log holds, building
 * the context does not throw and the request is one the Messages API accepts, with and
 * without the user's next prompt.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chain, type EntryBody, messageBody, text } from '../../../testing/entryBuilders';
import { requestProblems } from '../../../testing/requestInvariant';
import { handoffContextFilter } from '../handoff/handoffAttempts';
import type { AgentMessage } from '../types/agentMessage';
import type { ContentBlock, MessageRole, StopReason } from '../types/message';
import { toApiMessages as buildRequest, buildSessionContext } from './buildSessionContext';

/** Requests as the app builds them: with the handoff's filter registered. */
const toApiMessages = (messages: readonly AgentMessage[]) => buildRequest(messages, handoffContextFilter);

const RUNS = Math.max(10_000, Number(process.env.BATON_PROPERTY_RUNS) || 0);
const TIMEOUT_MS = Math.max(60_000, RUNS * 5);

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

/** Any text at all, weighted towards the blank and the strange. */
const textArb = fc.oneof(
  fc.constantFrom('', ' ', '\n\t', '\u0000', '\u200b', '\u00a0\u3000', '\ud800', '</handoff-context>', 'ok'),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** A small pool of ids, so that calls and results pair up, repeat and dangle. */
const idArb = fc.constantFrom('toolu_a', 'toolu_b', 'toolu_c', '', ' ');

const blockArb: fc.Arbitrary<ContentBlock> = fc.oneof(
  { weight: 4, arbitrary: textArb.map(text) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(idArb, fc.constantFrom('todo_write', 'unknown_tool', ''), fc.jsonValue({ maxDepth: 2 }))
      .map(([id, name, input]): ContentBlock => ({ type: 'tool_use', id, name, input })),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(idArb, textArb, fc.option(fc.boolean(), { nil: undefined })).map(
      ([id, content, isError]): ContentBlock => ({
        type: 'tool_result',
        tool_use_id: id,
        content,
        ...(isError !== undefined && { is_error: isError }),
      }),
    ),
  },
  {
    weight: 1,
    // Kinds the app does not model, as a newer version or a foreign import could store.
    arbitrary: fc
      .constantFrom({ type: 'thinking', thinking: 'x' }, { type: 'image' }, { type: 'redacted_thinking' })
      .map((block) => block as unknown as ContentBlock), // deliberately outside the union
  },
);

const entryArb: fc.Arbitrary<EntryBody> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .record({
        role: fc.constantFrom(...ROLES),
        content: fc.array(blockArb, { maxLength: 5 }),
        stopReason: fc.constantFrom(...STOP_REASONS),
      })
      .map(({ role, content, stopReason }) => messageBody({ role, content, stopReason })),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(textArb, fc.boolean(), fc.constantFrom('handoff', 'note', '')).map(
      ([content, display, customType]): EntryBody => ({
        type: 'custom_message',
        customType,
        content,
        display,
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<EntryBody>(
      { type: 'branch_summary', summary: 'kept but not sent' },
      { type: 'label', label: 'bookmark' },
      { type: 'model_change', model: 'x' },
      { type: 'from_the_future', payload: { nested: [1, 2, 3] } },
    ),
  },
);

// Ids stay hostile: repeated calls, repeated, dangling and empty results.
const branchArb = fc.array(entryArb, { maxLength: 14 });

describe('buildSessionContext on hostile logs', () => {
  it('never throws, and every request it yields is valid', { timeout: TIMEOUT_MS }, () => {
    let nonEmpty = 0;
    let withTools = 0;
    fc.assert(
      fc.property(branchArb, (bodies) => {
        const context = buildSessionContext(chain(bodies)).messages;
        const request = toApiMessages(context);
        expect(requestProblems(request, { allowEmpty: true })).toEqual([]);
        if (request.length > 0) nonEmpty += 1;
        if (request.some((turn) => turn.content.some((b) => b.type === 'tool_use'))) withTools += 1;
        // What the agent sends: the context plus the user's new prompt, itself hostile.
        const withPrompt = toApiMessages([...context, { role: 'user', content: [text('next\u0000prompt')] }]);
        expect(requestProblems(withPrompt)).toEqual([]);
        expect(withPrompt.at(-1)?.content.at(-1)).toEqual(text('next\u0000prompt'));
      }),
      { numRuns: RUNS },
    );
    // The generator must reach the interesting cases, or the property proves little.
    expect(nonEmpty).toBeGreaterThan(RUNS / 2);
    expect(withTools).toBeGreaterThan(RUNS / 50);
  });
});
