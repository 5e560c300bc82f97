/**
 * Every way talking to an MCP server can fail, each as one sentence fit to show on the
 * server's row or tool card and to send to the model as the error result. The SDK's
 * errors are told apart by class (names are minified in the build) and by JSON-RPC code.
 */
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { STREAM_LOST_MESSAGE } from './streamLossFetch';
import type { McpAuth } from './types';

export type McpFailureKind =
  | 'bad_url'
  /** Nothing answered, or the browser refused the answer (CORS, the page's policy). */
  | 'unreachable'
  /** No MCP endpoint at the URL (404/405 to both transports). */
  | 'not_mcp'
  | 'http_error'
  | 'unauthorized'
  /** OAuth: the authorization is gone; the user must sign in again. */
  | 'sign_in_needed'
  | 'sign_in_refused'
  /** OAuth: the callback's state is not the one Baton sent. */
  | 'sign_in_state'
  | 'sign_in_failed'
  /** The server went away while a call was running. */
  | 'server_died'
  | 'timeout'
  | 'cancelled'
  /** The answer is not JSON-RPC, or not of MCP's shape. */
  | 'malformed'
  /** The server answered the call with a JSON-RPC error. */
  | 'refused_call'
  | 'unknown';

export class McpAdapterError extends Error {
  override readonly name = 'McpAdapterError';
  constructor(
    readonly kind: McpFailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface FailureContext {
  server: string;
  url: string;
  auth: McpAuth['kind'];
  phase: 'connect' | 'list' | 'call';
  tool?: string;
  timeoutMs?: number;
  /** The caller's signal: aborted means the user cancelled, not that the server failed. */
  signal?: AbortSignal;
}

/** At most `max` characters of text a server chose, on one line. */
export function clip(text: string, max = 300): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

function subject(context: FailureContext): string {
  return context.tool ? `"${context.tool}" on ${context.server}` : context.server;
}

function unauthorized(context: FailureContext, cause: unknown): McpAdapterError {
  switch (context.auth) {
    case 'oauth':
      return new McpAdapterError(
        'sign_in_needed',
        `Sign-in to ${context.server} is needed: its authorization is missing, expired or withdrawn. Use Sign in again.`,
        { cause },
      );
    case 'bearer':
      return new McpAdapterError(
        'unauthorized',
        `${context.server} refused the token (401). Check the token, or choose OAuth under Authorization.`,
        { cause },
      );
    case 'none':
      return new McpAdapterError(
        'unauthorized',
        `${context.server} requires authorization (401). Choose Bearer token or OAuth under Authorization.`,
        { cause },
      );
  }
}

function httpStatus(code: number | undefined, error: Error, context: FailureContext): McpAdapterError {
  if (code === 401) return unauthorized(context, error);
  if (code === 403) {
    return new McpAdapterError(
      'unauthorized',
      `${context.server} refused access (403): ${clip(error.message, 200)}`,
      {
        cause: error,
      },
    );
  }
  if (code === 404 || code === 405) {
    return new McpAdapterError(
      'not_mcp',
      `There is no MCP server at ${context.url} (it answered ${code}). Check the URL: many servers end in /mcp or /sse.`,
      { cause: error },
    );
  }
  if (code === undefined || code < 0) {
    return malformed(error, context);
  }
  return new McpAdapterError(
    'http_error',
    `${context.server} answered with HTTP ${code}: ${clip(error.message, 200)}`,
    {
      cause: error,
    },
  );
}

/** Zod's classic and core errors (`ZodError`, `$ZodError`): the answer did not have MCP's shape. */
function isZodError(error: Error): boolean {
  return /^\$?ZodError$/.test(error.name) && Array.isArray((error as { issues?: unknown }).issues);
}

/** A zod error's first issue (`content: Invalid input: expected array`); its message is all issues as JSON. */
function detail(error: Error): string {
  const issues = (error as { issues?: unknown }).issues;
  if (isZodError(error) && Array.isArray(issues) && issues.length > 0) {
    const first = issues[0] as { path?: unknown[]; message?: string };
    const path = Array.isArray(first.path) && first.path.length > 0 ? `${first.path.join('.')}: ` : '';
    return `${path}${first.message ?? 'unexpected shape'}`;
  }
  return error.message;
}

function malformed(error: Error, context: FailureContext): McpAdapterError {
  const during = context.tool ? ` to the call of "${context.tool}"` : '';
  return new McpAdapterError(
    'malformed',
    `${context.server} answered${during} with something that is not valid MCP (JSON-RPC): ${clip(detail(error), 160)}`,
    { cause: error },
  );
}

function unreachable(error: Error, context: FailureContext): McpAdapterError {
  if (context.phase === 'call') {
    return new McpAdapterError(
      'server_died',
      `${context.server} could not be reached during the call of "${context.tool}": it may have stopped. Reconnect it in Settings → Tools if this goes on.`,
      { cause: error },
    );
  }
  return new McpAdapterError(
    'unreachable',
    `Baton could not reach ${context.server} at ${context.url}. It is not answering, or it does not accept requests from a web page (CORS): the server must allow requests from this page's address. A public https server that does not can be used with Let the API connect (Edit).`,
    { cause: error },
  );
}

function fromMcpError(error: McpError, context: FailureContext): McpAdapterError {
  if (error.code === ErrorCode.RequestTimeout) {
    const limit = context.timeoutMs === undefined ? '' : ` within ${seconds(context.timeoutMs)}`;
    return new McpAdapterError(
      'timeout',
      `${subject(context)} did not answer${limit}, so Baton cancelled ${context.tool ? 'the call' : 'the request'}.`,
      { cause: error },
    );
  }
  if (error.code === ErrorCode.ConnectionClosed) {
    const what = context.tool ? `"${context.tool}" answered` : 'it answered';
    const why = error.message.includes(STREAM_LOST_MESSAGE)
      ? ' (the server may have stopped or crashed)'
      : '';
    return new McpAdapterError(
      'server_died',
      `${context.server} closed the connection before ${what}${why}.`,
      {
        cause: error,
      },
    );
  }
  const message = error.message.replace(/^MCP error -?\d+: /, '');
  const what = context.tool ? `the call of "${context.tool}"` : 'the request';
  return new McpAdapterError('refused_call', `${context.server} refused ${what}: ${clip(message)}`, {
    cause: error,
  });
}

/** The sentence for any failure of a connect, a listing or a call. */
/** A call that kept reporting progress past its total limit (connect.ts's PROGRESS_RUN_FACTOR). */
export function progressCapFailure(context: FailureContext, totalMs: number): McpAdapterError {
  return new McpAdapterError(
    'timeout',
    `${subject(context)} kept reporting progress but did not finish within ${seconds(totalMs)}, so Baton cancelled the call.`,
  );
}

export function describeMcpFailure(error: unknown, context: FailureContext): McpAdapterError {
  if (error instanceof McpAdapterError) return error;
  if (context.signal?.aborted) {
    return new McpAdapterError(
      'cancelled',
      `The call of "${context.tool}" on ${context.server} was cancelled.`,
      {
        cause: error,
      },
    );
  }
  if (error instanceof UnauthorizedError) return unauthorized(context, error);
  if (error instanceof StreamableHTTPError || error instanceof SseError)
    return httpStatus(error.code, error, context);
  if (error instanceof McpError) return fromMcpError(error, context);
  if (error instanceof SyntaxError) return malformed(error, context);
  if (error instanceof Error && isZodError(error)) return malformed(error, context);
  // fetch rejects with a TypeError when nothing answers, when CORS refuses the answer,
  // and when the page's Content-Security-Policy blocks the request.
  if (error instanceof TypeError) return unreachable(error, context);
  const message = error instanceof Error ? error.message : String(error);
  return new McpAdapterError('unknown', `${subject(context)} failed: ${clip(message)}`, { cause: error });
}
