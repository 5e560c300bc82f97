/**
 * Prompt-cache breakpoints over generated conversations: one on the last block sent, one
 * on the last block of the user turn before the newest reply (where the previous request
 * ended), never more than the API's four, and nothing else in the request changed by them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../core/agent/types';
import type { ApiContentBlock, ApiMessage } from '../core/types/agentMessage';
import { CACHE_BREAKPOINT, MAX_CACHE_BREAKPOINTS, toMessageParams } from './requestParams';

const block: fc.Arbitrary<ApiContentBlock> = fc.oneof(
  fc.record({ type: fc.constant('text' as const), text: fc.string({ maxLength: 20 }) }),
  fc.record({
    type: fc.constant('tool_use' as const),
    id: fc.string({ minLength: 1, maxLength: 6 }),
    name: fc.constant('todo_write'),
    input: fc.constant({}),
  }),
  fc.record({
    type: fc.constant('tool_result' as const),
    tool_use_id: fc.string({ minLength: 1, maxLength: 6 }),
    content: fc.string({ maxLength: 20 }),
  }),
);

const turn: fc.Arbitrary<ApiMessage> = fc.record({
  role: fc.constantFrom('user' as const, 'assistant' as const),
  content: fc.array(block, { maxLength: 4 }),
});

function request(messages: ApiMessage[]): ModelRequest {
  return {
    model: 'm',
    system: 'sys',
    messages,
    tools: [],
    toolChoice: 'auto',
    maxTokens: 100,
    signal: new AbortController().signal,
  };
}

type Wire = { role: string; content: Array<Record<string, unknown>> };

/** The turns the breakpoints belong on, worked out from the wire turns independently. */
function expectedTurns(wire: Wire[]): number[] {
  const last = wire.length - 1;
  const reply = wire.map((t) => t.role).lastIndexOf('assistant');
  const previousUser =
    reply < 0
      ? -1
      : wire
          .slice(0, reply)
          .map((t) => t.role)
          .lastIndexOf('user');
  return previousUser >= 0 ? [previousUser, last] : [last];
}

describe('toMessageParams: prompt-cache breakpoints', () => {
  it('marks where this request ends and where the previous one ended, and changes nothing else', () => {
    fc.assert(
      fc.property(fc.array(turn, { maxLength: 12 }), (messages) => {
        const wire = toMessageParams(request(messages)).messages as unknown as Wire[];
        const marks = wire.flatMap((t, i) => t.content.flatMap((b, j) => (b.cache_control ? [[i, j]] : [])));
        if (wire.length === 0) {
          expect(marks).toEqual([]);
          return;
        }
        expect(marks.length).toBeLessThanOrEqual(MAX_CACHE_BREAKPOINTS);
        expect(marks).toEqual(expectedTurns(wire).map((i) => [i, (wire[i]?.content.length ?? 0) - 1]));
        for (const [i, j] of marks)
          expect(wire[i as number]?.content[j as number]?.cache_control).toEqual(CACHE_BREAKPOINT);
        // Without the breakpoints, every turn is what the messages say (empty text left out).
        const stripped = wire.map((t) => ({
          role: t.role,
          content: t.content.map(({ cache_control: _mark, ...rest }) => rest),
        }));
        const sent = messages
          .map((m) => ({
            role: m.role,
            content: m.content.filter((b) => b.type !== 'text' || b.text !== ''),
          }))
          .filter((m) => m.content.length > 0);
        expect(stripped).toEqual(sent);
      }),
    );
  });

  it("lets the next turn read what this one wrote: its first mark is this one's last", () => {
    const u = (text: string): ApiMessage => ({ role: 'user', content: [{ type: 'text', text }] });
    const a = (text: string): ApiMessage => ({ role: 'assistant', content: [{ type: 'text', text }] });
    const first = toMessageParams(request([u('one'), a('two'), u('three')])).messages as unknown as Wire[];
    const second = toMessageParams(request([u('one'), a('two'), u('three'), a('four'), u('five')]))
      .messages as unknown as Wire[];
    const marked = (wire: Wire[]) => wire.flatMap((t, i) => (t.content.at(-1)?.cache_control ? [i] : []));
    // The second request reads back the prefix the first wrote: same turns up to the mark.
    expect(marked(first)).toEqual([0, 2]);
    expect(marked(second)).toEqual([2, 4]);
    const unmarked = (wire: Wire[]) =>
      wire.map((t) => t.content.map(({ cache_control: _mark, ...rest }) => rest));
    expect(unmarked(second.slice(0, 3))).toEqual(unmarked(first));
  });
});
