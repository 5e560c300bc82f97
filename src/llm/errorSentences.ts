/**
 * Every sentence a failed model request can end in, one per case, with the kind of
 * ModelError each case is (errorMessages.ts decides the case). The cases are the error
 * kinds of core (ModelErrorKind) plus two that only say their kind's sentence otherwise:
 * `billing` (a permission refusal) and `offline` (a network failure).
 */
import type { ModelErrorKind } from '../core/agent/types';
import { contextOverflowSentence } from '../core/context/lengthRefusal';
import type { ContextOverflow } from '../core/types/contextOverflow';
import { OFFLINE_SENTENCE } from './offline';
import type { NonStreamForm } from './streamFaults';

export interface Details {
  host: string;
  model?: string;
  status?: number;
  retryAfterSeconds?: number;
  apiMessage?: string;
  overflow?: ContextOverflow;
  /** For `gateway` and `not_a_stream`: what the body of an answer that was not the API's says, clipped. */
  bodyMessage?: string;
  /** For `not_a_stream`: what came instead of the stream. */
  form?: NonStreamForm;
  /** For `stream_idle`: how long the stream had been silent. */
  idleMs?: number;
}

export type Case = ModelErrorKind | 'billing' | 'offline';

/** Every sentence the user can see, in one place. */
export const ERROR_TABLE: Record<Case, { kind: ModelErrorKind; sentence: (d: Details) => string }> = {
  auth: {
    kind: 'auth',
    sentence: () => 'The API key was rejected. Check it in Settings.',
  },
  permission: {
    kind: 'permission',
    sentence: () =>
      'The API key is not allowed to make this request. Check its permissions in the Anthropic Console.',
  },
  billing: {
    kind: 'permission',
    sentence: () => 'The API refused the request because of a billing problem with the account.',
  },
  cors_forbidden: {
    kind: 'cors_forbidden',
    sentence: () =>
      'Your organisation does not allow API calls from a browser. Ask an admin to allow browser access, or use a key from another organisation.',
  },
  model_not_found: {
    kind: 'model_not_found',
    sentence: (d) =>
      `The model ${d.model ? `"${d.model}" ` : ''}was not found. Pick another model, or check the API base URL.`,
  },
  rate_limited: {
    kind: 'rate_limited',
    sentence: (d) =>
      d.retryAfterSeconds !== undefined
        ? `Too many requests: the API asks to wait ${d.retryAfterSeconds} ${d.retryAfterSeconds === 1 ? 'second' : 'seconds'} before trying again.`
        : 'Too many requests: the API rate limit was reached. Wait a moment and try again.',
  },
  overloaded: {
    kind: 'overloaded',
    sentence: () => 'The model is overloaded right now. Try again in a moment.',
  },
  server: {
    kind: 'server',
    sentence: (d) =>
      `The model API had an internal error${d.status ? ` (${d.status})` : ''}. Try again in a moment.`,
  },
  bad_request: {
    kind: 'bad_request',
    sentence: (d) => `The API rejected the request: ${d.apiMessage ?? 'no reason given'}`,
  },
  gateway: {
    kind: 'gateway',
    sentence: (d) =>
      (d.status ?? 0) >= 500
        ? `The request failed with HTTP ${d.status} at something between Baton and the model API (a proxy, gateway or load balancer at ${d.host}): ${d.bodyMessage ?? 'no reason given'}`
        : `The request was refused with HTTP ${d.status} by something between Baton and the model API (a proxy, gateway or firewall at ${d.host}): ${d.bodyMessage ?? 'no reason given'}`,
  },
  context_overflow: {
    kind: 'context_overflow',
    sentence: (d) => contextOverflowSentence(d.overflow ?? {}),
  },
  network: {
    kind: 'network',
    sentence: (d) => `Could not reach the model API at ${d.host}. Check your connection or the API base URL.`,
  },
  blocked_by_policy: {
    kind: 'blocked_by_policy',
    sentence: (d) =>
      `This page's security policy (Content-Security-Policy connect-src) blocked the request to ${d.host}: Baton may call https:// addresses, and http:// only on localhost or 127.0.0.1. Change the API base URL in Settings.`,
  },
  offline: {
    kind: 'network',
    sentence: () => OFFLINE_SENTENCE,
  },
  connection_dropped: {
    kind: 'connection_dropped',
    sentence: () => 'The connection dropped in the middle of the reply.',
  },
  timeout: {
    kind: 'timeout',
    sentence: () => 'The model API took too long to answer. Try again.',
  },
  stream_idle: {
    kind: 'stream_idle',
    sentence: (d) =>
      `The model API stopped sending the reply: nothing arrived for ${seconds(d.idleMs ?? 0)}, so Baton closed the connection. Try again.`,
  },
  not_a_stream: {
    kind: 'not_a_stream',
    sentence: (d) =>
      `The server at ${d.host} answered with ${d.form === 'JSON' ? 'JSON' : 'a web page'} instead of a stream${d.bodyMessage ? `: ${d.bodyMessage}` : '.'}`,
  },
  malformed_stream: {
    kind: 'malformed_stream',
    sentence: (d) =>
      `The reply stream from ${d.host} was malformed: an event in it could not be read as the model API's, so the reply stopped there.`,
  },
  transport_abort: {
    kind: 'transport_abort',
    sentence: () => 'The request was cut off by the browser or the network before the reply finished.',
  },
  unknown: {
    kind: 'unknown',
    sentence: (d) => `The model request failed: ${d.apiMessage ?? 'unknown error'}`,
  },
};

/** Long API messages are cut so the sentence stays readable. */
const MAX_DETAIL_CHARS = 300;

/** Flattened to one line and cut to MAX_DETAIL_CHARS. */
export function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_DETAIL_CHARS ? `${flat.slice(0, MAX_DETAIL_CHARS - 1)}…` : flat;
}

/** "60 seconds", "1.5 seconds": whole seconds when they are whole. */
function seconds(ms: number): string {
  const value = Math.round(ms / 100) / 10;
  return `${value} ${value === 1 ? 'second' : 'seconds'}`;
}
