/**
 * A small CouchDB HTTP client (issue 28): JSON in and out, Basic auth when a username is
 * given, a timeout on every request, and every failure turned into a SyncError whose
 * kind and sentence say what the user can do (errorSentences.ts). Nothing CouchDB-
 * specific beyond status codes lives here; the protocol steps are push.ts and pull.ts.
 */
import { SyncError } from '../syncContract';
import type { SyncSettings } from '../syncStatus';
import { corsBlocked, errorOf, unreachable } from './errorSentences';

export interface RequestOptions {
  body?: unknown;
  /** The caller's stop: aborting it rejects with its reason (an AbortError), not a SyncError. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Statuses the caller handles itself (404 for "no such document", 409 for a race). */
  accept?: readonly number[];
  headers?: Record<string, string>;
}

export interface CouchResponse {
  status: number;
  body: unknown;
}

/** A refusal by HTTP status: the kind for the user, the status for the step that can act on it (413). */
export class CouchHttpError extends SyncError {
  constructor(
    readonly status: number,
    cause: SyncError,
  ) {
    super(cause.kind, cause.message);
  }
}

export interface CouchClient {
  /** The database URL, without a trailing slash. */
  readonly url: string;
  /** `path` is relative to the database ('' for the database itself, '_changes?…'). */
  request(method: string, path: string, options?: RequestOptions): Promise<CouchResponse>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** Request bodies and answers larger than this are refused as not CouchDB's (a malicious server). */
export const MAX_RESPONSE_CHARS = 64 * 1024 * 1024;

export function createCouchClient(
  settings: SyncSettings,
  fetchFn: typeof fetch = globalThis.fetch,
): CouchClient {
  const url = settings.url.replace(/\/+$/, '');
  const auth =
    settings.username || settings.password
      ? `Basic ${base64(`${settings.username}:${settings.password}`)}`
      : undefined;
  return {
    url,
    async request(method, path, options = {}) {
      const target = path ? `${url}/${path}` : url;
      const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
      const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
      if (auth) headers.authorization = auth;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      let response: Response;
      let text: string;
      try {
        response = await fetchFn(target, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal,
        });
        text = await response.text();
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason;
        if (timeout.aborted) throw unreachable(url);
        if (error instanceof TypeError) throw await networkError(fetchFn, url);
        throw unreachable(url);
      }
      const accepted =
        (response.status >= 200 && response.status < 300) || options.accept?.includes(response.status);
      if (!accepted) throw new CouchHttpError(response.status, statusError(response.status, text));
      return { status: response.status, body: parseJson(text) };
    },
  };
}

/**
 * fetch failed without an answer: the server is down, or it answered without the CORS
 * headers this page needs, which fetch reports alike. An opaque `no-cors` request tells
 * them apart: it resolves whenever anything answered.
 */
async function networkError(fetchFn: typeof fetch, url: string): Promise<SyncError> {
  try {
    await fetchFn(url, { mode: 'no-cors', signal: AbortSignal.timeout(5_000) });
    const origin = typeof location === 'undefined' ? 'this page’s origin' : location.origin;
    return corsBlocked(url, origin);
  } catch {
    return unreachable(url);
  }
}

function statusError(status: number, text: string): SyncError {
  const reason = couchReason(text);
  if (status === 401) return errorOf('unauthorized');
  if (status === 403) {
    // CouchDB answers 403 for validation refusals as well; a quota plugin says so in the reason.
    return /quota|exceed|space/i.test(reason) ? errorOf('quota-server', reason) : errorOf('forbidden');
  }
  if (status === 404) return errorOf('missing-database');
  if (status === 413 || status === 507) return errorOf('quota-server', `HTTP ${status}`);
  if (status >= 500) return errorOf('server', `HTTP ${status}${reason ? `: ${reason}` : ''}`);
  return errorOf('bad-server', `HTTP ${status}${reason ? `: ${reason}` : ''}`);
}

/** CouchDB's `{error, reason}` as one short string, or '' for anything else. */
function couchReason(text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null) {
      const { error, reason } = body as { error?: unknown; reason?: unknown };
      return [error, reason]
        .filter((part) => typeof part === 'string')
        .join(': ')
        .slice(0, 200);
    }
  } catch {
    // not JSON: no reason to give
  }
  return '';
}

function parseJson(text: string): unknown {
  if (text.length > MAX_RESPONSE_CHARS) throw errorOf('bad-server', 'an answer too large to be CouchDB’s');
  try {
    return JSON.parse(text);
  } catch {
    throw errorOf(
      'bad-server',
      text.trimStart().startsWith('<') ? 'an HTML page' : 'truncated or broken JSON',
    );
  }
}

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A plain object, as JSON answers are checked with. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An answer that is not the shape CouchDB documents. */
export function wrongShape(what: string): SyncError {
  return errorOf('bad-server', `${what} has the wrong shape`);
}
