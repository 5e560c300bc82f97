/**
 * How the model client turns a streamed response into events: in batches, so a decoder
 * may hand over many events at once. The page's own decoder (inlineDecoder) runs the
 * SDK's parser here; workerDecoder.ts runs it in a worker.
 */
import { Stream } from '@anthropic-ai/sdk/core/streaming';
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages/messages';

export interface StreamDecoder {
  /** A request is on its way: a decoder with a start-up cost may start now. */
  warm(): void;
  /**
   * The events of `response`'s body, in order, in batches. Ends when the body ends (an
   * AbortError of the body ends it quietly, as the SDK does), throws as the SDK's parser
   * would, and stops reading the body when the caller stops early or `signal` fires.
   */
  decode(response: Response, signal: AbortSignal): AsyncIterable<RawMessageStreamEvent[]>;
}

/** The SDK's parser on this thread, one event a batch: where no worker can be had (Node, tests). */
export const inlineDecoder: StreamDecoder = {
  warm() {},
  async *decode(response) {
    // The controller would abort the request on an early stop; leaving the loop cancels
    // the body instead, which closes the connection all the same.
    for await (const event of Stream.fromSSEResponse<RawMessageStreamEvent>(
      response,
      new AbortController(),
    )) {
      yield [event];
    }
  },
};
