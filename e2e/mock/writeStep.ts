/**
 * Writes one scripted step as an HTTP response, the way the real Messages API would:
 * SSE events written one by one (really incremental), JSON error bodies, and the
 * failure modes (mid-stream error, dropped connection, silence before or after the
 * headers, a garbled event, a proxy answering in its place) that tests need.
 */
import type { ServerResponse } from 'node:http';
import {
  errorBody,
  formatSseEvent,
  messageStreamEvents,
  type ScriptedReply,
  type StreamEvent,
  scriptedMessage,
} from '../../src/llm/sse/messageStreamEvents';
import {
  CORS_FORBIDDEN_MESSAGE,
  DEFAULT_ERROR_MESSAGE,
  DEFAULT_ERROR_TYPE,
  ERROR_STATUSES,
  type MockStep,
} from './mockSteps';
import type { CacheUsage } from './promptCache';

/** The usage a reply reported, as recorded on the request (see RecordedRequest.usage). */
export interface ReportedUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

export interface StepContext {
  res: ServerResponse;
  requestId: string;
  /** Headers every response carries (CORS, request-id). */
  baseHeaders: Record<string, string>;
  /** The model the request asked for, and whether it asked for a stream. */
  model: string;
  stream: boolean;
  /** The request's input usage as the prompt cache splits it; every reply reports it unless scripted. */
  cacheUsage: CacheUsage;
  /** Called once, as a reply begins (a message is about to be sent), with the usage it reports. */
  onReply(usage: ReportedUsage): void;
}

export async function writeStep(step: MockStep, ctx: StepContext): Promise<void> {
  switch (step.kind) {
    case 'reply': {
      // A test that scripts usage gets exactly that (cache fields it leaves out are 0): its
      // input_tokens stand for the whole request, so adding the cache's numbers would count twice.
      const reply: ScriptedReply = {
        ...step.reply,
        model: step.reply.model ?? ctx.model,
        usage: step.reply.usage ?? ctx.cacheUsage,
      };
      if (step.firstByteDelayMs) await sleep(step.firstByteDelayMs);
      if (!ctx.stream) {
        const message = scriptedMessage(reply);
        ctx.onReply(reportedUsage(message.usage));
        writeJson(ctx, 200, message);
        return;
      }
      const events = messageStreamEvents(reply);
      ctx.onReply(usageOf(events));
      openStream(ctx);
      await writeEvents(ctx.res, events, step.delayMsPerEvent);
      ctx.res.end();
      return;
    }
    case 'bulk-reply': {
      const events = bulkReplyEvents(ctx.model, step.deltas, ctx.cacheUsage);
      ctx.onReply(usageOf(events));
      openStream(ctx);
      const perWrite = Math.max(1, Math.floor(step.eventsPerWrite ?? 100));
      for (let start = 0; start < events.length; start += perWrite) {
        const chunk = events
          .slice(start, start + perWrite)
          .map(({ event, data }) => formatSseEvent(event, data));
        if (!(await writeChunk(ctx.res, chunk.join('')))) return; // the client went away (abort)
      }
      ctx.res.end();
      return;
    }
    case 'status': {
      const headers: Record<string, string> = {};
      if (step.retryAfterSeconds !== undefined) headers['retry-after'] = String(step.retryAfterSeconds);
      if (step.shouldRetry !== undefined) headers['x-should-retry'] = String(step.shouldRetry);
      const type = step.errorType ?? DEFAULT_ERROR_TYPE[step.status];
      // The real API names the unknown model in a 404 for /v1/messages.
      const fallback = step.status === 404 ? `model: ${ctx.model}` : DEFAULT_ERROR_MESSAGE[step.status];
      writeJson(ctx, step.status, errorBody(type, step.message ?? fallback, ctx.requestId), headers);
      return;
    }
    case 'raw-status': {
      // Not the API: no request-id, only the CORS headers a browser needs to read the answer.
      const { 'request-id': _requestId, ...cors } = ctx.baseHeaders;
      ctx.res.writeHead(step.status, {
        ...cors,
        'content-type': step.contentType ?? 'application/json',
        'content-length': String(Buffer.byteLength(step.body)),
      });
      ctx.res.end(step.body);
      return;
    }
    case 'cors-forbidden':
      writeJson(ctx, 401, errorBody('authentication_error', CORS_FORBIDDEN_MESSAGE, ctx.requestId));
      return;
    case 'stream-error': {
      const events = partialReplyEvents(ctx.model, step.afterText, ctx.cacheUsage);
      ctx.onReply(usageOf(events));
      openStream(ctx);
      await writeEvents(ctx.res, events, step.delayMsPerEvent);
      const type = step.errorType ?? 'overloaded_error';
      const body = errorBody(type, step.message ?? defaultMessageForType(type), ctx.requestId);
      await writeEvents(ctx.res, [{ event: 'error', data: body }], step.delayMsPerEvent);
      ctx.res.end();
      return;
    }
    case 'drop': {
      const events = partialReplyEvents(ctx.model, step.afterText, ctx.cacheUsage);
      ctx.onReply(usageOf(events));
      openStream(ctx);
      await writeEvents(ctx.res, events, step.delayMsPerEvent);
      await sleep(step.dropDelayMs ?? 1000);
      // No terminating chunk: the client sees the connection die mid-body.
      ctx.res.socket?.destroy();
      return;
    }
    case 'hang':
      // Say nothing. The server keeps the response and ends it on close().
      return;
    case 'silent-stream': {
      const events = step.afterText ? partialReplyEvents(ctx.model, step.afterText, ctx.cacheUsage) : [];
      if (events.length > 0) ctx.onReply(usageOf(events));
      openStream(ctx);
      await writeEvents(ctx.res, events, step.delayMsPerEvent);
      // Then silence: the response stays open until the client leaves or close() ends it.
      return;
    }
    case 'malformed-stream': {
      const events = partialReplyEvents(ctx.model, step.afterText, ctx.cacheUsage);
      ctx.onReply(usageOf(events));
      openStream(ctx);
      await writeEvents(ctx.res, events, step.delayMsPerEvent);
      const whole = formatSseEvent('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: ' and then' },
      });
      // The event's data line cut short, then the blank line that ends an SSE event.
      const cut = `${whole.slice(0, whole.indexOf('"delta"'))}\n\n`;
      if (!(await writeChunk(ctx.res, cut))) return;
      ctx.res.end();
      return;
    }
  }
}

/** A JSON body for requests that are not /v1/messages. */
export function writeJson(
  ctx: Pick<StepContext, 'res' | 'baseHeaders'>,
  status: number,
  body: unknown,
  extraHeaders: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  ctx.res.writeHead(status, {
    ...ctx.baseHeaders,
    ...extraHeaders,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
  });
  ctx.res.end(payload);
}

function openStream(ctx: StepContext): void {
  ctx.res.writeHead(200, {
    ...ctx.baseHeaders,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
  });
  // Headers go out now, so the client sees the response begin before the first event.
  ctx.res.flushHeaders();
}

/** The opening of a text reply up to and including the deltas of `text`, with no end. */
function partialReplyEvents(model: string, text: string, usage: CacheUsage): StreamEvent[] {
  const all = messageStreamEvents({ model, blocks: [{ type: 'text', text }], usage });
  return all.filter(
    (e) => e.event !== 'content_block_stop' && e.event !== 'message_delta' && e.event !== 'message_stop',
  );
}

/**
 * A whole text reply whose text deltas are exactly `deltas`, in order. Usage counts one
 * output token per delta.
 */
function bulkReplyEvents(model: string, deltas: string[], input: CacheUsage): StreamEvent[] {
  const frame = messageStreamEvents({
    model,
    blocks: [{ type: 'text', text: '' }],
    usage: { ...input, output_tokens: Math.max(1, deltas.length) },
  });
  const stop = frame.findIndex((e) => e.event === 'content_block_stop');
  const body: StreamEvent[] = deltas.map((text) => ({
    event: 'content_block_delta',
    data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
  }));
  return [...frame.slice(0, stop), ...body, ...frame.slice(stop)];
}

/**
 * The usage a stream reports: message_delta's (the final count), or message_start's for a
 * reply that never gets that far (stream-error, drop).
 */
function usageOf(events: StreamEvent[]): ReportedUsage {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const data = events[i]?.data;
    if (data?.type === 'message_delta') return reportedUsage(data.usage);
    if (data?.type === 'message_start') return reportedUsage(data.message.usage);
  }
  throw new Error('Mock API: a reply without message_start');
}

/** The API's usage object (whose fields may be null) as plain numbers. */
function reportedUsage(usage: {
  input_tokens: number | null;
  output_tokens: number;
  cache_read_input_tokens: number | null;
  cache_creation_input_tokens: number | null;
}): ReportedUsage {
  return {
    input_tokens: usage.input_tokens ?? 0,
    output_tokens: usage.output_tokens,
    cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
    cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
  };
}

/** Writes each event as its own chunk, waiting until it has left the process. */
async function writeEvents(
  res: ServerResponse,
  events: Array<{ event: string; data: unknown }>,
  delayMs = 0,
): Promise<void> {
  for (const { event, data } of events) {
    if (delayMs > 0) await sleep(delayMs);
    if (res.destroyed || res.writableEnded) return; // the client went away (abort)
    await new Promise<void>((resolve) => {
      // The callback also fires (with an error) when the socket dies; 'close' is a second guard.
      res.once('close', resolve);
      res.write(formatSseEvent(event, data), () => {
        res.off('close', resolve);
        resolve();
      });
    });
  }
}

/** As writeEvents does for one event: false if the client went away (an abort). */
async function writeChunk(res: ServerResponse, chunk: string): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return false;
  await new Promise<void>((resolve) => {
    // The callback also fires (with an error) when the socket dies; 'close' is a second guard.
    res.once('close', resolve);
    res.write(chunk, () => {
      res.off('close', resolve);
      resolve();
    });
  });
  return true;
}

function defaultMessageForType(type: string): string {
  const status = ERROR_STATUSES.find((candidate) => DEFAULT_ERROR_TYPE[candidate] === type);
  return status ? DEFAULT_ERROR_MESSAGE[status] : 'An error occurred.';
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
