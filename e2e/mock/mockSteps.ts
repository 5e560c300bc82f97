/**
 * What the mock Messages API does for one request. Tests queue steps with
 * `mockApi.script(...)`; each POST /v1/messages takes the next one.
 */
import type { ScriptedReply } from '../../src/llm/sse/messageStreamEvents';

/** The statuses the real API uses for its documented error types. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 413 | 429 | 500 | 529;

export const ERROR_STATUSES: readonly ErrorStatus[] = [400, 401, 403, 404, 413, 429, 500, 529];

interface StepBase {
  /**
   * How many consecutive requests this step answers (default 1). Use it so that the
   * SDK's automatic retries meet the same failure: `repeat: 3` covers a request and
   * its two default retries.
   */
  repeat?: number;
}

/** A scripted reply. `model` defaults to the model the request asked for. */
export interface ReplyStep extends StepBase {
  kind: 'reply';
  reply: Omit<ScriptedReply, 'model'> & { model?: string };
  /** Pause before each SSE event, so the browser sees the reply grow. */
  delayMsPerEvent?: number;
  /** Pause before the response headers: time to first byte. */
  firstByteDelayMs?: number;
}

/**
 * A text reply given as its exact deltas (one content_block_delta each), written
 * `eventsPerWrite` events to a chunk with no pause: a long reply at full speed, for
 * `npm run bench`. The `reply` step writes each event on its own, too slow for 20,000.
 */
export interface BulkReplyStep extends StepBase {
  kind: 'bulk-reply';
  deltas: string[];
  /** SSE events per write (default 100). */
  eventsPerWrite?: number;
}

/** An HTTP error with the API's JSON error body. */
export interface StatusStep extends StepBase {
  kind: 'status';
  status: ErrorStatus;
  /** Defaults to the type the real API uses for `status`. */
  errorType?: string;
  message?: string;
  /** Sets `retry-after` (seconds); the SDK waits that long before retrying. */
  retryAfterSeconds?: number;
  /** Sets `x-should-retry`, which the SDK obeys over its own status rules. */
  shouldRetry?: boolean;
}

/** Streams `afterText`, then an `event: error` (default overloaded_error) and ends. */
export interface StreamErrorStep extends StepBase {
  kind: 'stream-error';
  afterText: string;
  errorType?: string;
  message?: string;
  delayMsPerEvent?: number;
}

/** Streams `afterText`, then destroys the socket: a connection lost mid-reply. */
export interface DropStep extends StepBase {
  kind: 'drop';
  afterText: string;
  delayMsPerEvent?: number;
  /**
   * Pause between the last text and the drop (default 1000 ms, room for a busy machine). Chromium errors a fetch
   * body stream as soon as the socket dies and discards chunks the page has not read
   * yet, so without the pause the text would never show.
   */
  dropDelayMs?: number;
}

/** Accepts the request and never answers, until the client aborts or the mock closes. */
export interface HangStep extends StepBase {
  kind: 'hang';
}

/**
 * Sends the 200 event-stream head (and the opening of a reply with `afterText`, if
 * given), then not one byte more, not even a ping, while keeping the connection open:
 * a stream that died behind a proxy. Ends only when the client gives up or the mock closes.
 */
export interface SilentStreamStep extends StepBase {
  kind: 'silent-stream';
  afterText?: string;
  delayMsPerEvent?: number;
}

/**
 * Streams `afterText`, then an event whose data is cut off in the middle of its JSON, and
 * ends the response: a stream garbled on its way (a buggy proxy, a broken gateway).
 */
export interface MalformedStreamStep extends StepBase {
  kind: 'malformed-stream';
  afterText: string;
  delayMsPerEvent?: number;
}

/**
 * The organisation forbids browser (CORS) access. The real API answers 401 with an
 * authentication_error and a body the browser can read (see CORS_FORBIDDEN_MESSAGE).
 */
export interface CorsForbiddenStep extends StepBase {
  kind: 'cors-forbidden';
}

/**
 * An answer that is not the API's: a proxy, gateway or firewall in front of it answers
 * `status` with a body of its own (JSON of another shape, an HTML page, plain text). It
 * carries the CORS headers, so the browser can read it, and no `request-id`.
 */
export interface RawStatusStep extends StepBase {
  kind: 'raw-status';
  status: number;
  /** Sent exactly as given. */
  body: string;
  /** Defaults to `application/json`. */
  contentType?: string;
}

export type MockStep =
  | ReplyStep
  | BulkReplyStep
  | StatusStep
  | StreamErrorStep
  | DropStep
  | HangStep
  | SilentStreamStep
  | MalformedStreamStep
  | CorsForbiddenStep
  | RawStatusStep;

/**
 * The real API's text, typo included ("believe this in error"), as reported by users of
 * browser clients (anthropic-sdk-typescript#703, obsidian-smart-connections#1000).
 */
export const CORS_FORBIDDEN_MESSAGE =
  'CORS requests are not allowed for this Organization because of its settings. If you believe this in error, contact support at https://support.anthropic.com/.';

export const DEFAULT_ERROR_TYPE: Record<ErrorStatus, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

export const DEFAULT_ERROR_MESSAGE: Record<ErrorStatus, string> = {
  400: 'Invalid request.',
  401: 'invalid x-api-key',
  403: 'Your API key does not have permission to use the specified resource.',
  404: 'Not found.',
  413: 'Request exceeds the maximum allowed number of bytes.',
  429: 'Number of requests has exceeded your rate limit. Please try again later.',
  500: 'Internal server error',
  529: 'Overloaded',
};
