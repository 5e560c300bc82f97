/**
 * A fetch for the Streamable HTTP transport that turns a dropped answer stream into an
 * answer. When a server dies while a call's event stream is open, the SDK reports the
 * broken stream to its error handler but leaves the request waiting until its timeout
 * (a minute by default), since it cannot tell which request the stream carried. This
 * fetch can: it sees the request body. If a stream that carried requests breaks before
 * it is done, it ends the stream with a JSON-RPC error for each of those requests, so the
 * SDK settles exactly those calls at once, with STREAM_LOST_MESSAGE. A stream whose
 * events carry ids can be resumed by the SDK, so it is left alone.
 */
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';

export const STREAM_LOST_MESSAGE = 'The connection closed before the server answered.';

/** The ids of the JSON-RPC requests (not notifications or responses) in a POST body. */
function requestIds(body: unknown): Array<string | number> {
  if (typeof body !== 'string') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  const ids: Array<string | number> = [];
  for (const message of messages) {
    if (typeof message !== 'object' || message === null) continue;
    const { id, method } = message as { id?: unknown; method?: unknown };
    if (typeof method === 'string' && (typeof id === 'string' || typeof id === 'number')) ids.push(id);
  }
  return ids;
}

function lostEvents(ids: ReadonlyArray<string | number>): string {
  // The leading blank line ends any event the break cut in half.
  return ids
    .map(
      (id) =>
        `\n\nevent: message\ndata: ${JSON.stringify({
          jsonrpc: '2.0',
          id,
          error: { code: ErrorCode.ConnectionClosed, message: STREAM_LOST_MESSAGE },
        })}`,
    )
    .join('')
    .concat('\n\n');
}

function guardStream(
  body: ReadableStream<Uint8Array>,
  ids: ReadonlyArray<string | number>,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  // The stream so far ends on a line break before the first chunk, so one test finds `id:` at a line's start.
  let tail = '\n';
  let resumable = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        if (!resumable) {
          const text = tail + decoder.decode(value, { stream: true });
          resumable = /[\r\n]id:/.test(text);
          tail = text.slice(-3);
        }
        controller.enqueue(value);
      } catch (error) {
        if (resumable) {
          controller.error(error);
          return;
        }
        controller.enqueue(new TextEncoder().encode(lostEvents(ids)));
        controller.close();
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

export function withStreamLossAnswers(fetchImpl: FetchLike): FetchLike {
  return async (url, init) => {
    const response = await fetchImpl(url, init);
    const ids = init?.method === 'POST' ? requestIds(init.body) : [];
    const type = response.headers.get('content-type') ?? '';
    if (ids.length === 0 || !response.body || !type.toLowerCase().startsWith('text/event-stream'))
      return response;
    return new Response(guardStream(response.body, ids), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
