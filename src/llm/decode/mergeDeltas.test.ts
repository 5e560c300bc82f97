import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages/messages';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StreamAccumulator } from '../streamAccumulator';
import { mergeDeltas } from './mergeDeltas';

const text = (index: number, value: string): RawMessageStreamEvent => ({
  type: 'content_block_delta',
  index,
  delta: { type: 'text_delta', text: value },
});

/** A reply's events: a thinking block, a text block and a tool call, with their deltas in any order per block kind. */
const replyEvents = fc
  .array(
    fc.oneof(
      fc.string().map(
        (t): RawMessageStreamEvent => ({
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'thinking_delta', thinking: t },
        }),
      ),
      fc.string().map(
        (t): RawMessageStreamEvent => ({
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'signature_delta', signature: t },
        }),
      ),
      fc.string().map((t) => text(1, t)),
      fc.constant<RawMessageStreamEvent>({
        type: 'content_block_delta',
        index: 1,
        delta: {
          type: 'citations_delta',
          citation: {
            type: 'web_search_result_location',
            url: 'https://a.test',
            title: 'A',
            cited_text: 'a',
            encrypted_index: 'x',
          },
        },
      }),
      fc.string().map(
        (t): RawMessageStreamEvent => ({
          type: 'content_block_delta',
          index: 2,
          delta: { type: 'input_json_delta', partial_json: t },
        }),
      ),
    ),
    { maxLength: 40 },
  )
  .map((deltas): RawMessageStreamEvent[] => [
    {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'thinking', thinking: '', signature: '' },
    },
    { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '', citations: null } },
    {
      type: 'content_block_start',
      index: 2,
      content_block: { type: 'tool_use', id: 't', name: 'f', input: {}, caller: { type: 'direct' } },
    },
    ...deltas,
  ]);

function fold(events: readonly RawMessageStreamEvent[]) {
  const reply = new StreamAccumulator('m', () => 0);
  for (const event of events) reply.apply(event);
  return reply.snapshot('streaming');
}

describe('mergeDeltas', () => {
  it('joins a run of text deltas to one block into one delta', () => {
    expect(mergeDeltas([text(0, 'a'), text(0, 'b'), text(0, 'c')])).toEqual([text(0, 'abc')]);
  });

  it('keeps runs apart across blocks, kinds and other events', () => {
    const stop: RawMessageStreamEvent = { type: 'content_block_stop', index: 0 };
    expect(mergeDeltas([text(0, 'a'), text(1, 'b'), text(1, 'c'), stop, text(1, 'd')])).toEqual([
      text(0, 'a'),
      text(1, 'bc'),
      stop,
      text(1, 'd'),
    ]);
  });

  it('folds into the same reply as the events it was given', () => {
    fc.assert(
      fc.property(replyEvents, (events) => {
        expect(fold(mergeDeltas(events))).toEqual(fold(events));
      }),
    );
  });

  it('passes on untouched what is not of the API shape', () => {
    const odd = [
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 5 } },
      { type: 'content_block_delta', index: 0, delta: null },
      null,
      text(0, 'a'),
    ] as unknown as RawMessageStreamEvent[];
    expect(mergeDeltas(odd)).toEqual(odd);
  });
});
