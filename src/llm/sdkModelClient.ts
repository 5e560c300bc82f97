/**
 * The ModelClient the agent talks to: one streaming Messages API call per request,
 * through the slim SDK client. The offline demo uses this same client with a fake fetch.
 */
import type { ModelClient, ModelRequest, TokenCountRequest } from '../core/agent/types';
import type { Message } from '../core/types/message';
import { createAnthropicClient, type SlimAnthropic } from './anthropicClient';
import { pageDecoder } from './decode/pageDecoder';
import type { StreamDecoder } from './decode/streamDecoder';
import { MAX_RETRIES, REQUEST_TIMEOUT_MS, STREAM_IDLE_TIMEOUT_MS } from './defaults';
import { type ErrorContext, toModelError } from './errorMessages';
import { idleTimeoutFetch } from './idleTimeoutFetch';
import { nonStreamAnswer } from './nonStreamAnswer';
import { coalescePartials } from './partialCoalescer';
import { betaHeaders, toCountTokensParams, toMessageParams } from './requestParams';
import { type RetryListener, retryObservingFetch } from './retryObservingFetch';
import { StreamAccumulator } from './streamAccumulator';
import { MalformedStreamError } from './streamFaults';

export interface SdkModelClientOptions {
  apiKey: string;
  baseURL: string;
  /** Defaults to the global fetch (looked up at call time). */
  fetch?: typeof fetch;
  /** Shown in the UI as the model's name, e.g. the model id or "Demo (offline)". */
  label: string;
  /** Retries of the SDK (connection errors, 408, 409, 429, 5xx); defaults to 2. */
  maxRetries?: number;
  /** Called as the SDK starts retry `attempt` of `max`, so the UI can say so. */
  onRetry?: RetryListener;
  /** Per attempt, until the response headers arrive; defaults to REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
  /** After the headers, the longest silence a response body may keep; defaults to STREAM_IDLE_TIMEOUT_MS. */
  streamIdleTimeoutMs?: number;
  /**
   * Whether the page's Content-Security-Policy blocks requests to `url`, asked when a
   * request could not be made at all, so the sentence can name the policy.
   */
  blockedByPolicy?: (url: string) => boolean;
  /** Turns the response body into events; defaults to the page's worker (pageDecoder). */
  decoder?: StreamDecoder;
}

export function createSdkModelClient(options: SdkModelClientOptions): ModelClient {
  const maxRetries = options.maxRetries ?? MAX_RETRIES;
  const observed = options.onRetry
    ? retryObservingFetch(options.fetch, maxRetries, options.onRetry)
    : options.fetch;
  const client = createAnthropicClient({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    maxRetries,
    timeoutMs: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    fetch: idleTimeoutFetch(observed, options.streamIdleTimeoutMs ?? STREAM_IDLE_TIMEOUT_MS),
  });
  const { blockedByPolicy } = options;
  const decoder = options.decoder ?? pageDecoder();
  // A getter: whether the policy blocked the URL is known only once a request was refused.
  const context = (): ErrorContext => ({
    baseURL: options.baseURL,
    secret: options.apiKey,
    ...(blockedByPolicy && { blockedByPolicy: blockedByPolicy(options.baseURL) }),
  });
  return {
    label: options.label,
    stream: (request, onPartial) => streamReply(client, decoder, request, onPartial, context),
    countTokens: (request) => countTokens(client, request, context),
  };
}

/** The API's own count of a request's input tokens; one attempt, no retries: it is only a check. */
async function countTokens(
  client: SlimAnthropic,
  request: TokenCountRequest,
  context: () => ErrorContext,
): Promise<number> {
  try {
    const headers = betaHeaders(request);
    const counted = await client.messages.countTokens(toCountTokensParams(request), {
      signal: request.signal,
      maxRetries: 0,
      ...(headers && { headers }),
    });
    return counted.input_tokens;
  } catch (error) {
    throw toModelError(error, undefined, { ...context(), model: request.model });
  }
}

async function streamReply(
  client: SlimAnthropic,
  decoder: StreamDecoder,
  request: ModelRequest,
  onPartial: (message: Message) => void,
  context: () => ErrorContext,
): Promise<Message> {
  const { signal } = request;
  const reply = new StreamAccumulator(request.model);
  const partials = coalescePartials(onPartial);
  let responded = false;
  const failure = (error: unknown) =>
    toModelError(error, reply.started ? reply.snapshot('error') : undefined, {
      ...context(),
      model: request.model,
      streamStarted: responded,
    });
  try {
    // If the decoder has a start-up cost (a worker to load), it is paid while the request waits.
    decoder.warm();
    // The raw response: the SDK has sent the request, retried, and thrown for an error
    // answer as it always does; the events of the body are the decoder's job.
    // The beta tools' header, when a beta tool is declared or its blocks are sent back.
    const headers = betaHeaders(request);
    const response = await client.messages
      .create(toMessageParams(request), { signal, ...(headers && { headers }) })
      .asResponse();
    responded = true;
    // A 200 of HTML or JSON: the SDK would find no events in it and end the reply empty.
    // (Reading its head has closed the connection.)
    const notAStream = await nonStreamAnswer(response);
    if (notAStream) throw notAStream;
    for await (const batch of decoder.decode(response, signal)) {
      // Events already buffered keep arriving after an abort; none may change the reply.
      if (signal.aborted) break;
      let changed = false;
      for (const event of batch) {
        if (applyEvent(reply, event)) changed = true;
        // Nothing follows message_stop: a server that keeps the connection open after it
        // must not hold the reply (nor run into the idle timeout).
        if (reply.finished) break;
      }
      // 'streaming' even when made after message_stop: a partial is never the final message.
      if (changed) partials.changed(() => reply.snapshot('streaming'));
      await partials.breathe();
      if (signal.aborted || reply.finished) break;
    }
  } catch (error) {
    partials.close();
    // Whatever form our own abort took on the way (APIUserAbortError, AbortError, a
    // dropped body), it is a cancellation, not a failure.
    if (signal.aborted) return reply.snapshot('aborted');
    throw failure(error);
  }
  partials.close();
  // With `stream: true` the SDK ends the loop silently on an abort, ours or not.
  if (signal.aborted) return reply.snapshot('aborted');
  if (!reply.finished) {
    // No message_stop: the body ended early, or an abort from some other layer ended it
    // (which the SDK swallows). Either way the reply is incomplete: a failure.
    throw failure(new TypeError('The reply stream ended before message_stop.'));
  }
  return reply.snapshot();
}

/** One event into the reply; an event not of the API's shape makes the stream malformed. */
function applyEvent(reply: StreamAccumulator, event: Parameters<StreamAccumulator['apply']>[0]): boolean {
  try {
    return reply.apply(event);
  } catch (error) {
    throw new MalformedStreamError(error);
  }
}
