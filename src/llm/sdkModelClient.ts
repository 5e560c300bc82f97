/**
 * The ModelClient the agent talks to: one streaming Messages API call per request,
 * through the slim SDK client. The offline demo uses this same client with a fake fetch.
 */
import type { ModelClient, ModelRequest, TokenCountRequest } from '../core/agent/types';
import type { Message } from '../core/session/types';
import { createAnthropicClient, type SlimAnthropic } from './anthropicClient';
import { MAX_RETRIES, REQUEST_TIMEOUT_MS } from './defaults';
import { type ErrorContext, toModelError } from './errorMessages';
import { coalescePartials } from './partialCoalescer';
import { toCountTokensParams, toMessageParams } from './requestParams';
import { type RetryListener, retryObservingFetch } from './retryObservingFetch';
import { StreamAccumulator } from './streamAccumulator';

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
}

export function createSdkModelClient(options: SdkModelClientOptions): ModelClient {
  const maxRetries = options.maxRetries ?? MAX_RETRIES;
  const fetchImpl = options.onRetry
    ? retryObservingFetch(options.fetch, maxRetries, options.onRetry)
    : options.fetch;
  const client = createAnthropicClient({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    maxRetries,
    timeoutMs: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  const context: ErrorContext = { baseURL: options.baseURL, secret: options.apiKey };
  return {
    label: options.label,
    stream: (request, onPartial) => streamReply(client, request, onPartial, context),
    countTokens: (request) => countTokens(client, request, context),
  };
}

/** The API's own count of a request's input tokens; one attempt, no retries: it is only a check. */
async function countTokens(
  client: SlimAnthropic,
  request: TokenCountRequest,
  context: ErrorContext,
): Promise<number> {
  try {
    const counted = await client.messages.countTokens(toCountTokensParams(request), {
      signal: request.signal,
      maxRetries: 0,
    });
    return counted.input_tokens;
  } catch (error) {
    throw toModelError(error, undefined, { ...context, model: request.model });
  }
}

async function streamReply(
  client: SlimAnthropic,
  request: ModelRequest,
  onPartial: (message: Message) => void,
  context: ErrorContext,
): Promise<Message> {
  const { signal } = request;
  const reply = new StreamAccumulator(request.model);
  const partials = coalescePartials(onPartial);
  let responded = false;
  try {
    const events = await client.messages.create(toMessageParams(request), { signal });
    responded = true;
    for await (const event of events) {
      // Events already buffered keep arriving after an abort; none may change the reply.
      if (signal.aborted) break;
      // 'streaming' even when made after message_stop: a partial is never the final message.
      if (reply.apply(event)) partials.changed(() => reply.snapshot('streaming'));
      await partials.breathe();
      if (signal.aborted) break;
    }
  } catch (error) {
    partials.close();
    // Whatever form our own abort took on the way (APIUserAbortError, AbortError, a
    // dropped body), it is a cancellation, not a failure.
    if (signal.aborted) return reply.snapshot('aborted');
    throw toModelError(error, reply.started ? reply.snapshot('error') : undefined, {
      ...context,
      model: request.model,
      streamStarted: responded,
    });
  }
  partials.close();
  // With `stream: true` the SDK ends the loop silently on an abort, ours or not.
  if (signal.aborted) return reply.snapshot('aborted');
  if (!reply.finished) {
    // No message_stop: the body ended early, or an abort from some other layer ended it
    // (which the SDK swallows). Either way the reply is incomplete: a failure.
    throw toModelError(
      new TypeError('The reply stream ended before message_stop.'),
      reply.started ? reply.snapshot('error') : undefined,
      {
        ...context,
        model: request.model,
        streamStarted: true,
      },
    );
  }
  return reply.snapshot();
}
