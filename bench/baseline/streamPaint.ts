/**
 * P1's baseline: the least a page does to show a streamed reply. One streamed Messages
 * request through the slim SDK client, on the page's main thread; the text of the
 * deltas appended to one plain element (white-space: pre-wrap), once a frame while the
 * stream runs and at once after its last event. The clock stops as Baton's does: when
 * the element holding the reply's last word has been painted (`whenPainted` from
 * bench/lib/instrument.ts, armed before the request).
 *
 * No markdown, no store, no virtual list: what is left is decoding the events and
 * laying out the text, which any chat page pays.
 */
import { createAnthropicClient } from '../../src/llm/anthropicClient';

export interface StreamPaintTiming {
  /** When the response headers had come (the SDK's fetch resolved). */
  firstByte: number;
  /** When the last event had been read. */
  lastEvent: number;
  /** When the element with `marker` was first seen in the DOM. */
  seen: number;
  /** One frame after the frame that showed it: the end of the figure. */
  painted: number;
  events: number;
  textLength: number;
  stopReason: string | null;
}

export async function paintStream(options: {
  apiKey: string;
  baseURL: string;
  model: string;
  text: string;
  /** The reply's last word: the clock stops once it is painted. */
  marker: string;
  timeoutMs: number;
}): Promise<StreamPaintTiming> {
  const bench = window.__bench;
  if (!bench) throw new Error('bench hooks missing');
  const box = document.createElement('div');
  box.setAttribute('aria-label', 'Baseline reply');
  // Over the app, so it is on screen; the app's own font, text wrapped as written.
  box.style.cssText =
    'position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:16px;white-space:pre-wrap;background:Canvas;color:CanvasText';
  document.body.append(box);
  try {
    const painted = bench.whenPainted(
      () => (box.textContent ?? '').includes(options.marker) && bench.onScreen(box),
      options.timeoutMs,
    );
    painted.catch(() => undefined);

    let firstByte: number | undefined;
    const client = createAnthropicClient({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      maxRetries: 0,
      fetch: (input, init) => {
        const response = fetch(input, init);
        void response.then(
          () => {
            firstByte ??= performance.now();
          },
          () => undefined,
        );
        return response;
      },
    });
    let pending = '';
    let frame: number | undefined;
    const show = () => {
      frame = undefined;
      if (pending === '') return;
      box.append(pending);
      pending = '';
    };
    const stream = await client.messages.create({
      model: options.model,
      max_tokens: 32_000,
      messages: [{ role: 'user', content: options.text }],
      stream: true,
    });
    let textLength = 0;
    let events = 0;
    let stopReason: string | null = null;
    for await (const event of stream) {
      events++;
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
        pending += event.delta.text;
        textLength += event.delta.text.length;
        frame ??= requestAnimationFrame(show);
      } else if (event.type === 'message_delta') stopReason = event.delta.stop_reason;
    }
    const lastEvent = performance.now();
    if (frame !== undefined) cancelAnimationFrame(frame);
    show();
    const { seen, painted: end } = await painted;
    if (firstByte === undefined) throw new Error('the bare SDK stream never saw its response');
    return { firstByte, lastEvent, seen, painted: end, events, textLength, stopReason };
  } finally {
    box.remove();
  }
}
