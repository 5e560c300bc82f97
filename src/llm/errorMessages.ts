/**
 * Maps whatever the SDK (or fetch) threw into a ModelError: a kind the app can act on
 * and one sentence a user can read as it is.
 *
 * Class names are minified in production builds, so everything goes by `instanceof`,
 * subclasses before their base classes (OverloadedError is an InternalServerError,
 * APIConnectionTimeoutError an APIConnectionError, and every one of them an APIError).
 *
 * An HTTP status means what the table says only when the API itself sent it. A proxy,
 * gateway or firewall in between answers with a body of its own (other JSON, an HTML
 * page, plain text): then the sentence names the status and quotes that body instead of
 * guessing at the key, the model or the API.
 */

import {
  AnthropicError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ContentTooLargeError,
  InternalServerError,
  NotFoundError,
  OverloadedError,
  PaymentRequiredError,
  PermissionDeniedError,
  RateLimitError,
  RequestTimeoutError,
} from '@anthropic-ai/sdk/core/error';
import { ModelError } from '../core/agent/types';
import { parsePromptTooLong } from '../core/context/lengthRefusal';
import { redactSecret } from '../core/redactSecret';
import type { ContextOverflow } from '../core/types/contextOverflow';
import type { Message } from '../core/types/message';
import { foreignBody } from './bodySummary';
import { type Case, clip, type Details, ERROR_TABLE } from './errorSentences';
import { browserOffline } from './offline';
import { MalformedStreamError, NotAStreamError, StreamIdleTimeoutError } from './streamFaults';

/** What the caller knows about the failed request; every field makes the sentence better. */
export interface ErrorContext {
  /** The requested model id, named when it was not found. */
  model?: string;
  /** The API base URL, whose host is named when it could not be reached. */
  baseURL?: string;
  /** The reply had begun streaming: a transport failure now means a dropped connection. */
  streamStarted?: boolean;
  /** The API key: removed from the sentence should any text echo it. */
  secret?: string;
  /** The browser says it has no network (navigator.onLine); defaults to asking the browser. */
  offline?: boolean;
  /** The page's Content-Security-Policy blocks requests to the base URL (see connectPolicy.ts). */
  blockedByPolicy?: boolean;
}

export function toModelError(error: unknown, partial?: Message, context: ErrorContext = {}): ModelError {
  if (error instanceof ModelError) return error;
  const details: Details = { host: hostOf(context.baseURL) };
  if (context.model) details.model = context.model;
  const found = classify(error, context, details);
  const entry = ERROR_TABLE[found];
  const message = redactSecret(entry.sentence(details), context.secret);
  const failed = partial ? { ...partial, stopReason: 'error' as const, errorMessage: message } : undefined;
  return new ModelError(entry.kind, message, details.status, failed, details.overflow);
}

/** The sentence to show for any error, model-related or not. */
export function userMessageForError(error: unknown): string {
  return toModelError(error).message;
}

/** Decides the case and fills in the details its sentence needs. */
function classify(error: unknown, context: ErrorContext, details: Details): Case {
  // Our own abort never gets here (the client resolves with stopReason 'aborted'), so an
  // abort seen here came from somewhere else and is a failure, not a cancellation.
  if (error instanceof APIUserAbortError || nameOf(error) === 'AbortError') return 'transport_abort';
  if (error instanceof APIConnectionTimeoutError || nameOf(error) === 'TimeoutError') return 'timeout';
  if (error instanceof StreamIdleTimeoutError) {
    details.idleMs = error.idleMs;
    return 'stream_idle';
  }
  if (error instanceof NotAStreamError) {
    details.form = error.form;
    if (error.firstLine) details.bodyMessage = clip(error.firstLine);
    return 'not_a_stream';
  }
  // The SDK's JSON.parse of an event's data throws a SyntaxError; its text means nothing to a user.
  if (error instanceof MalformedStreamError || (context.streamStarted && error instanceof SyntaxError))
    return 'malformed_stream';
  // Refused by the page itself before anything left: no network or host is to blame.
  if (isTransportError(error) && context.blockedByPolicy) return 'blocked_by_policy';
  // The browser knows it has no network: say that, not "could not reach <host>".
  if (isTransportError(error) && (context.offline ?? browserOffline())) return 'offline';
  if (error instanceof APIConnectionError) return 'network';
  if (error instanceof APIError) {
    if (error.status !== undefined) details.status = error.status;
    const apiMessage = apiMessageOf(error);
    if (apiMessage !== undefined) details.apiMessage = apiMessage;
    if (isCorsRefusal(error, apiMessage)) return 'cors_forbidden';
    // Refused for length, whatever the status or stream said: the user's way out is a handoff.
    const overflow = lengthRefusal(error, apiMessage);
    if (overflow) {
      details.overflow = overflow;
      return 'context_overflow';
    }
    // Not the API speaking: quote the body rather than read the status as the API means it.
    const foreign = error.status === undefined ? undefined : foreignBody(error);
    if (foreign && (foreign.form !== 'text' || statusNamesACause(error))) {
      if (foreign.message) details.bodyMessage = foreign.message;
      return 'gateway';
    }
    const found =
      error.status === undefined ? classifyStreamError(error) : classifyStatusError(error, details);
    // Sentences that quote the API fall back to the SDK's text when the body was not the API's JSON.
    if ((found === 'bad_request' || found === 'unknown') && details.apiMessage === undefined) {
      details.apiMessage = clip(error.message);
    }
    return found;
  }
  if (context.streamStarted && (error instanceof AnthropicError || error instanceof TypeError)) {
    // Chromium reports a connection lost mid-body as a plain AnthropicError "network
    // error"; Node's fetch as a TypeError "terminated".
    return 'connection_dropped';
  }
  // fetch's own "Failed to fetch" (the SDK normally wraps it in APIConnectionError).
  if (error instanceof TypeError) return 'network';
  details.apiMessage = clip(error instanceof Error ? error.message : String(error));
  return 'unknown';
}

function classifyStatusError(error: APIError, details: Details): Case {
  if (error instanceof AuthenticationError) return 'auth';
  if (error instanceof PermissionDeniedError) return 'permission';
  if (error instanceof PaymentRequiredError) return 'billing';
  if (error instanceof NotFoundError) return 'model_not_found';
  if (error instanceof RateLimitError) {
    const seconds = retryAfterSeconds(error.headers);
    if (seconds !== undefined) details.retryAfterSeconds = seconds;
    return 'rate_limited';
  }
  if (error instanceof RequestTimeoutError) return 'timeout';
  if (error instanceof OverloadedError) return 'overloaded';
  if (error instanceof InternalServerError) return 'server';
  if (error instanceof BadRequestError) return 'bad_request';
  // Statuses without a class of their own (410, 418, ...), or from a proxy.
  if ((error.status ?? 0) >= 500) return 'server';
  return 'bad_request';
}

/**
 * Whether the status alone would make Baton name a cause (the key, the model, the rate
 * limit, the API's health). The sentence for a status that means nothing in particular
 * (400, 418, ...) quotes a plain-text body as it is already, so that one is kept.
 */
function statusNamesACause(error: APIError): boolean {
  return classifyStatusError(error, { host: '' }) !== 'bad_request';
}

/** An `event: error` inside a stream: a status-less APIError carrying the API's error type. */
function classifyStreamError(error: APIError): Case {
  switch (error.type) {
    case 'overloaded_error':
      return 'overloaded';
    case 'rate_limit_error':
      return 'rate_limited';
    case 'api_error':
      return 'server';
    case 'authentication_error':
      return 'auth';
    case 'permission_error':
      return 'permission';
    case 'billing_error':
      return 'billing';
    case 'not_found_error':
      return 'model_not_found';
    case 'invalid_request_error':
      return 'bad_request';
    case 'timeout_error':
      return 'timeout';
    default:
      return 'unknown';
  }
}

/** A 400 "prompt is too long: N tokens > M maximum", or a 413 request_too_large. */
function lengthRefusal(error: APIError, apiMessage: string | undefined): ContextOverflow | undefined {
  const parsed = parsePromptTooLong(apiMessage ?? error.message);
  if (parsed) return parsed;
  if (error instanceof ContentTooLargeError || error.status === 413) return {};
  return undefined;
}

/** The API answers an organisation that forbids browser access with a 401/403 naming CORS. */
function isCorsRefusal(error: APIError, apiMessage: string | undefined): boolean {
  const refusal =
    error.status === 401 ||
    error.status === 403 ||
    error.type === 'authentication_error' ||
    error.type === 'permission_error';
  const text = apiMessage ?? error.message;
  return refusal && /\bCORS\b/i.test(text) && /not allowed|forbidden|disabled/i.test(text);
}

function apiMessageOf(error: APIError): string | undefined {
  return error.apiMessage ? clip(error.apiMessage) : undefined;
}

/** retry-after-ms (the API's own, precise) before retry-after (seconds or an HTTP date). */
function retryAfterSeconds(headers: Headers | undefined): number | undefined {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms > 0) return Math.ceil(ms / 1000);
  const raw = headers?.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number.parseFloat(raw);
  if (Number.isFinite(seconds)) return seconds > 0 ? Math.ceil(seconds) : undefined;
  const date = Date.parse(raw);
  if (Number.isNaN(date)) return undefined;
  const wait = Math.ceil((date - Date.now()) / 1000);
  return wait > 0 ? wait : undefined;
}

function hostOf(baseURL: string | undefined): string {
  if (!baseURL) return 'the configured address';
  try {
    return new URL(baseURL).host || baseURL;
  } catch {
    return baseURL;
  }
}

/** A failure of the connection itself, not an answer from the API. */
function isTransportError(error: unknown): boolean {
  if (error instanceof APIError) return error instanceof APIConnectionError;
  return error instanceof AnthropicError || error instanceof TypeError;
}

function nameOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
}
