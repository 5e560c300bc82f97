import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { describe, expect, it } from 'vitest';
import { STREAM_LOST_MESSAGE, withStreamLossAnswers } from './streamLossFetch';

/** A response whose event stream sends `chunks` and then breaks (or ends, with `end`). */
function streamResponse(chunks: string[], end: 'break' | 'end', type = 'text/event-stream'): Response {
  const encoder = new TextEncoder();
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk !== undefined) controller.enqueue(encoder.encode(chunk));
      else if (end === 'break') controller.error(new TypeError('terminated'));
      else controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': type } });
}

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });
const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'slow' } };

async function read(response: Response): Promise<string> {
  return new TextDecoder().decode(await response.arrayBuffer());
}

describe('withStreamLossAnswers', () => {
  it('ends a broken answer stream with a JSON-RPC error for each request it carried', async () => {
    const fetch: FetchLike = async () =>
      streamResponse(['data: {"jsonrpc":"2.0","method":"notifications/progr'], 'break');
    const response = await withStreamLossAnswers(fetch)('http://x/mcp', post([call, { ...call, id: 'b' }]));
    const text = await read(response);
    const events = text
      .split('\n')
      .filter((line) => line.startsWith('data: {"jsonrpc":"2.0","id"'))
      .map((line) => JSON.parse(line.slice(6)));
    expect(events).toEqual([
      { jsonrpc: '2.0', id: 7, error: { code: -32000, message: STREAM_LOST_MESSAGE } },
      { jsonrpc: '2.0', id: 'b', error: { code: -32000, message: STREAM_LOST_MESSAGE } },
    ]);
    // The half event is ended first, so the error events parse on their own.
    expect(text).toContain('notifications/progr\n\nevent: message\n');
  });

  it('passes a stream that ends normally through unchanged', async () => {
    const fetch: FetchLike = async () => streamResponse(['data: {"a":1}\n\n'], 'end');
    const response = await withStreamLossAnswers(fetch)('http://x/mcp', post(call));
    expect(await read(response)).toBe('data: {"a":1}\n\n');
  });

  it('leaves a resumable stream (its events carry ids) to the SDK, which resumes it', async () => {
    const fetch: FetchLike = async () => streamResponse(['id: 1\nda', 'ta: \n\n'], 'break');
    const response = await withStreamLossAnswers(fetch)('http://x/mcp', post(call));
    await expect(read(response)).rejects.toThrow('terminated');
  });

  it('leaves alone GET streams, notifications and answers that are not streams', async () => {
    const fetch: FetchLike = async (_url, init) =>
      streamResponse(
        ['data: x\n\n'],
        'break',
        init?.method === 'PUT' ? 'application/json' : 'text/event-stream',
      );
    const guarded = withStreamLossAnswers(fetch);
    await expect(read(await guarded('http://x/mcp', { method: 'GET' }))).rejects.toThrow('terminated');
    const notification = post({ jsonrpc: '2.0', method: 'notifications/cancelled', params: {} });
    await expect(read(await guarded('http://x/mcp', notification))).rejects.toThrow('terminated');
    await expect(
      read(await guarded('http://x/mcp', { method: 'PUT', body: JSON.stringify(call) })),
    ).rejects.toThrow('terminated');
  });
});
