import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages/messages';
import { describe, expect, it } from 'vitest';
import { EventBatcher } from './eventBatcher';

const text = (value: string): RawMessageStreamEvent => ({
  type: 'content_block_delta',
  index: 0,
  delta: { type: 'text_delta', text: value },
});

function setup(sliceMs = 8) {
  let clock = 0;
  const waiting: Array<() => void> = [];
  const batches: RawMessageStreamEvent[][] = [];
  const batcher = new EventBatcher((batch) => batches.push(batch), {
    sliceMs,
    now: () => clock,
    later: (callback) => waiting.push(callback),
  });
  return {
    batcher,
    batches,
    advance: (ms: number) => {
      clock += ms;
    },
    runLater: () => {
      for (const callback of waiting.splice(0)) callback();
    },
  };
}

describe('EventBatcher', () => {
  it('sends what arrived together once the task is over, merged', () => {
    const { batcher, batches, runLater } = setup();
    batcher.add([text('a')]);
    batcher.add([text('b')]);
    expect(batches).toEqual([]);
    runLater();
    expect(batches).toEqual([[text('ab')]]);
  });

  it('sends at once when the oldest event has waited a slice', () => {
    const { batcher, batches, advance } = setup(8);
    batcher.add([text('a')]);
    advance(5);
    batcher.add([text('b')]);
    expect(batches).toEqual([]);
    advance(3);
    batcher.add([text('c')]);
    expect(batches).toEqual([[text('abc')]]);
  });

  it('sends nothing after close, not even what was waiting', () => {
    const { batcher, batches, runLater } = setup();
    batcher.add([text('a')]);
    batcher.close();
    runLater();
    batcher.add([text('b')]);
    batcher.flush();
    expect(batches).toEqual([]);
  });
});
