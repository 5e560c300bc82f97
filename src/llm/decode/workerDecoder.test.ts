/**
 * The page's side of the decoding worker over the real protocol (the worker's code in
 * this process, over a MessageChannel): errors come back as the SDK would have thrown
 * them on the page, an abort ends the stream without waiting for the worker and closes
 * the body, and a worker that is missing, late or broken never leaves a reply hanging.
 */
import { APIError } from '@anthropic-ai/sdk/core/error';
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages/messages';
import { describe, expect, it, vi } from 'vitest';
import { formatSseEvent } from '../sse/messageStreamEvents';
import { createDecodeHost } from './decodeHost';
import { type DecoderEndpoint, openDecodeLink } from './decodeLink';
import type { FromDecoder, ToDecoder } from './decodeProtocol';
import { createWorkerDecoder } from './workerDecoder';

type NodePort = MessagePort & { unref?(): void };

/** The worker's code behind a MessageChannel; `seen` records what the page sent it. */
function channel(options: { ready?: boolean } = {}) {
  const { port1, port2 } = new MessageChannel();
  const worker = port2 as NodePort;
  const seen: ToDecoder['type'][] = [];
  const handle = createDecodeHost((message: FromDecoder) => worker.postMessage(message));
  worker.onmessage = (event: MessageEvent<ToDecoder>) => {
    seen.push(event.data.type);
    handle(event.data);
  };
  if (options.ready !== false) worker.postMessage({ type: 'ready' } satisfies FromDecoder);
  const page = port1 as NodePort;
  page.start();
  page.unref?.();
  worker.unref?.();
  return { endpoint: page as unknown as DecoderEndpoint, seen, worker };
}

const encoder = new TextEncoder();
const start = formatSseEvent('message_start', {
  type: 'message_start',
  message: { id: 'm', type: 'message', role: 'assistant', model: 'x', content: [] },
});
const delta = (text: string) =>
  formatSseEvent('content_block_delta', {
    type: 'content_block_delta',
    index: 0,
    delta: { type: 'text_delta', text },
  });

/** A body that sends `texts` and then does what `end` says; `cancelled` tells whether the page closed it. */
function body(texts: string[], end: 'close' | 'hang' | { fail: unknown }) {
  const state = { cancelled: false };
  let next = 0;
  const stream = new ReadableStream<Uint8Array>({
    // One text a read, then the end: a failure comes after what was sent before it.
    async pull(controller) {
      const text = texts[next++];
      if (text !== undefined) controller.enqueue(encoder.encode(text));
      else if (end === 'close') controller.close();
      else if (end === 'hang') await new Promise(() => undefined);
      else controller.error(end.fail);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { response: new Response(stream, { headers: { 'request-id': 'req_1' } }), state };
}

async function collect(batches: AsyncIterable<RawMessageStreamEvent[]>) {
  const events: RawMessageStreamEvent[] = [];
  try {
    for await (const batch of batches) events.push(...batch);
    return { events, error: undefined as unknown };
  } catch (error) {
    return { events, error };
  }
}

describe('createWorkerDecoder', () => {
  it('decodes in the worker: the events, merged, then the end', async () => {
    const { endpoint, seen } = channel();
    const decoder = createWorkerDecoder(() => openDecodeLink(() => endpoint), { waitForWorker: true });
    const { response } = body([start, delta('Hel'), delta('lo')], 'close');
    const { events, error } = await collect(decoder.decode(response, new AbortController().signal));
    expect(error).toBeUndefined();
    expect(events.map((e) => e.type)).toEqual(['message_start', 'content_block_delta']);
    expect(events[1]).toMatchObject({ delta: { type: 'text_delta', text: 'Hello' } });
    expect(seen).toContain('chunk');
  });

  it("rebuilds an error event as the SDK's APIError, after the events before it", async () => {
    const { endpoint } = channel();
    const decoder = createWorkerDecoder(() => openDecodeLink(() => endpoint), { waitForWorker: true });
    const failure = formatSseEvent('error', {
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
    const { response } = body([start, delta('Hi'), failure], 'hang');
    const { events, error } = await collect(decoder.decode(response, new AbortController().signal));
    expect(events.map((e) => e.type)).toEqual(['message_start', 'content_block_delta']);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ status: undefined, type: 'overloaded_error', requestID: 'req_1' });
  });

  it('throws the very error the body failed with', async () => {
    const { endpoint } = channel();
    const decoder = createWorkerDecoder(() => openDecodeLink(() => endpoint), { waitForWorker: true });
    const dropped = new TypeError('network error');
    const { response } = body([start, delta('Hi')], { fail: dropped });
    const { events, error } = await collect(decoder.decode(response, new AbortController().signal));
    expect(error).toBe(dropped);
    expect(events.map((e) => e.type)).toEqual(['message_start', 'content_block_delta']);
  });

  it('ends quietly when the body fails with an AbortError, as the SDK does', async () => {
    const { endpoint } = channel();
    const decoder = createWorkerDecoder(() => openDecodeLink(() => endpoint), { waitForWorker: true });
    const { response } = body([start], { fail: new DOMException('aborted by a proxy', 'AbortError') });
    const { events, error } = await collect(decoder.decode(response, new AbortController().signal));
    expect(error).toBeUndefined();
    expect(events.map((e) => e.type)).toEqual(['message_start']);
  });

  it('stops at our abort without waiting for the worker, cancels its stream and closes the body', async () => {
    const { endpoint, seen } = channel();
    const decoder = createWorkerDecoder(() => openDecodeLink(() => endpoint), { waitForWorker: true });
    const { response, state } = body([start, delta('Hi')], 'hang');
    const controller = new AbortController();
    const events: RawMessageStreamEvent[] = [];
    for await (const batch of decoder.decode(response, controller.signal)) {
      events.push(...batch);
      if (events.some((e) => e.type === 'content_block_delta')) controller.abort();
    }
    expect(state.cancelled).toBe(true);
    await vi.waitFor(() => expect(seen).toContain('cancel'));
  });

  it('decodes on the page when the worker is not ready yet, or failed to load', async () => {
    const late = channel({ ready: false });
    const notYet = createWorkerDecoder(() => openDecodeLink(() => late.endpoint));
    const first = body([start, delta('Hi')], 'close');
    expect((await collect(notYet.decode(first.response, new AbortController().signal))).events).toHaveLength(
      2,
    );
    expect(late.seen).toEqual([]);

    const broken = createWorkerDecoder(
      () =>
        openDecodeLink(() => {
          throw new Error('workers are not allowed here');
        }),
      { waitForWorker: true },
    );
    const quiet = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const second = body([start, delta('Hi')], 'close');
    expect((await collect(broken.decode(second.response, new AbortController().signal))).events).toHaveLength(
      2,
    );
    quiet.mockRestore();
  });

  it('fails a stream under way when the worker breaks, instead of leaving it waiting', async () => {
    const listeners: Array<(event: Event) => void> = [];
    const { endpoint, seen } = channel();
    const breaking: DecoderEndpoint = {
      postMessage: (message, transfer) =>
        message.type === 'chunk' ? undefined : endpoint.postMessage(message, transfer),
      addEventListener: ((type: string, listener: (event: MessageEvent<FromDecoder> & Event) => void) => {
        if (type === 'error') listeners.push(listener as (event: Event) => void);
        else endpoint.addEventListener('message', listener);
      }) as DecoderEndpoint['addEventListener'],
    };
    const decoder = createWorkerDecoder(() => openDecodeLink(() => breaking), { waitForWorker: true });
    const { response } = body([start], 'hang');
    const result = collect(decoder.decode(response, new AbortController().signal));
    // The stream is under way once the worker has been told of it.
    await vi.waitFor(() => expect(seen).toContain('open'));
    for (const listener of listeners) listener(new Event('error'));
    const { error } = await result;
    expect(error).toMatchObject({ message: 'The stream decoding worker failed.' });
  });
});
