/**
 * The messages between the page and the SSE decoding worker (sseDecodeWorker.ts).
 *
 * The page keeps the request (the SDK client, its retries, error bodies, fetch and the
 * page's security policy) and reads the response body; the worker gets the bytes,
 * decodes the events (sseEvents.ts) and sends them back in batches, so the page never
 * parses an event. Each stream has a number; messages about one stream keep their
 * order both ways.
 */
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages/messages';

/** Page → worker. */
export type ToDecoder =
  | { type: 'open'; id: number }
  | { type: 'chunk'; id: number; bytes: Uint8Array }
  /** The body ended. */
  | { type: 'end'; id: number }
  /**
   * Reading the body failed. `abort`: the failure was an AbortError, which the SDK's
   * parser ends on silently (the page's own abort, or one from another layer).
   */
  | { type: 'fail'; id: number; abort: boolean }
  /** The page wants nothing more of this stream. */
  | { type: 'cancel'; id: number };

/** Why decoding failed, in a form that crosses to the page. */
export type DecodeFailure =
  /** An `event: error` in the stream, with its body: the page makes the SDK's APIError of it. */
  | { kind: 'api'; body: unknown }
  /** The body could not be read: the page holds the error itself. */
  | { kind: 'source' }
  /** Anything else, e.g. an event whose data is not JSON (a SyntaxError, as JSON.parse threw it). */
  | { kind: 'error'; name: string; message: string };

/** Worker → page. */
export type FromDecoder =
  /** The worker has loaded and listens. */
  | { type: 'ready' }
  /** Events in stream order; runs of deltas to one block are merged (mergeDeltas). */
  | { type: 'events'; id: number; events: RawMessageStreamEvent[] }
  /** The stream ended with no error (every event has been sent). */
  | { type: 'done'; id: number }
  | { type: 'failed'; id: number; failure: DecodeFailure };
