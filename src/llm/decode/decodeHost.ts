/**
 * The worker's side of SSE decoding, apart from the worker itself so tests can run it
 * in-process: per stream, each chunk of bytes the page posts is decoded at once
 * (SseDecoder) and the events go back in batches (EventBatcher). What ends the stream
 * goes back after the last of its events.
 */
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages/messages';
import type { DecodeFailure, FromDecoder, ToDecoder } from './decodeProtocol';
import { type BatchOptions, EventBatcher } from './eventBatcher';
import { SseDecoder, SseErrorEvent } from './sseEvents';

interface HostStream {
  decoder: SseDecoder;
  batcher: EventBatcher;
}

/** Returns the handler for the page's messages; `post` sends the answers. */
export function createDecodeHost(
  post: (message: FromDecoder) => void,
  options: BatchOptions = {},
): (message: ToDecoder) => void {
  const streams = new Map<number, HostStream>();

  /** Runs `decode` on a stream; the events it decoded go out, then `after` or the failure. */
  const step = (
    id: number,
    stream: HostStream,
    decode: (out: RawMessageStreamEvent[]) => void,
    after?: FromDecoder,
  ) => {
    const out: RawMessageStreamEvent[] = [];
    let failure: DecodeFailure | undefined;
    try {
      decode(out);
    } catch (error) {
      failure = describeFailure(error);
    }
    stream.batcher.add(out);
    if (!failure && !after) return;
    finish(id, stream, failure ? { type: 'failed', id, failure } : after);
  };

  const finish = (id: number, stream: HostStream, last: FromDecoder | undefined) => {
    stream.batcher.flush();
    stream.batcher.close();
    streams.delete(id);
    if (last) post(last);
  };

  return (message) => {
    const { id } = message;
    if (message.type === 'open') {
      const batcher = new EventBatcher((events) => post({ type: 'events', id, events }), options);
      streams.set(id, { decoder: new SseDecoder(), batcher });
      return;
    }
    const stream = streams.get(id);
    if (!stream) return;
    switch (message.type) {
      case 'chunk':
        step(id, stream, (out) => stream.decoder.push(message.bytes, out));
        return;
      case 'end':
        step(id, stream, (out) => stream.decoder.end(out), { type: 'done', id });
        return;
      case 'fail':
        // An AbortError of the body ends the stream quietly, as the SDK's parser does;
        // any other failure is the page's to throw (it has the error).
        finish(
          id,
          stream,
          message.abort ? { type: 'done', id } : { type: 'failed', id, failure: { kind: 'source' } },
        );
        return;
      case 'cancel':
        stream.batcher.close();
        streams.delete(id);
        return;
    }
  };
}

function describeFailure(error: unknown): DecodeFailure {
  if (error instanceof SseErrorEvent) return { kind: 'api', body: error.body };
  if (error instanceof Error) return { kind: 'error', name: error.name, message: error.message };
  return { kind: 'error', name: 'Error', message: String(error) };
}
