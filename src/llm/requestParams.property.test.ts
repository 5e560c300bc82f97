/**
 * Prompt-cache breakpoints over generated conversations: exactly one, on the last block
 * of the last turn, never more than the API's four, and nothing else in the request
 * changed by it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiContentBlock, ApiMessage, ModelRequest } from '../core/agent/types';
import { CACHE_BREAKPOINT, toMessageParams } from './requestParams';

const MAX_BREAKPOINTS = 4;

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

type Wire = { content: Array<Record<string, unknown>> };

describe('toMessageParams: prompt-cache breakpoints', () => {
  it('puts one breakpoint on the last block sent and changes nothing else', () => {
    fc.assert(
      fc.property(fc.array(turn, { maxLength: 12 }), (messages) => {
        const wire = toMessageParams(request(messages)).messages as unknown as Wire[];
        const marks = wire.flatMap((t, i) => t.content.flatMap((b, j) => (b.cache_control ? [[i, j]] : [])));
        if (wire.length === 0) {
          expect(marks).toEqual([]);
          return;
        }
        expect(marks.length).toBeLessThanOrEqual(MAX_BREAKPOINTS);
        const lastTurn = wire.length - 1;
        expect(marks).toEqual([[lastTurn, (wire[lastTurn]?.content.length ?? 0) - 1]]);
        expect(wire[lastTurn]?.content.at(-1)?.cache_control).toEqual(CACHE_BREAKPOINT);
        // Without the breakpoint, the request is what it was.
        const stripped = wire.map((t) => ({
          ...t,
          content: t.content.map(({ cache_control: _mark, ...rest }) => rest),
        }));
        const plain = toMessageParams(request(messages)).messages as unknown as Wire[];
        expect(stripped.slice(0, -1)).toEqual(plain.slice(0, -1));
      }),
    );
  });
});
