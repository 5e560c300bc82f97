import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { clip, describeMcpFailure, type FailureContext, McpAdapterError } from './mcpErrors';

const context: FailureContext = {
  server: 'Files',
  url: 'https://files.example/mcp',
  auth: 'none',
  phase: 'call',
  tool: 'read',
  timeoutMs: 60_000,
};

const describe_ = (error: unknown, extra: Partial<FailureContext> = {}) =>
  describeMcpFailure(error, { ...context, ...extra });

describe('describeMcpFailure', () => {
  it('says a call was cancelled when the caller’s signal aborted, whatever the SDK threw', () => {
    const controller = new AbortController();
    controller.abort();
    const error = describe_(new McpError(ErrorCode.RequestTimeout, 'AbortError'), {
      signal: controller.signal,
    });
    expect(error).toMatchObject({ kind: 'cancelled', message: 'The call of "read" on Files was cancelled.' });
  });

  it('tells a timeout from a refusal of the server', () => {
    expect(describe_(new McpError(ErrorCode.RequestTimeout, 'Request timed out')).message).toBe(
      '"read" on Files did not answer within 60 s, so Baton cancelled the call.',
    );
    expect(describe_(new McpError(ErrorCode.InvalidParams, 'Unknown tool: read')).message).toBe(
      'Files refused the call of "read": Unknown tool: read',
    );
  });

  it('names HTTP answers: forbidden, server errors, and a body that is no MCP', () => {
    expect(describe_(new StreamableHTTPError(403, 'Forbidden'))).toMatchObject({ kind: 'unauthorized' });
    expect(describe_(new StreamableHTTPError(502, 'Bad gateway')).message).toBe(
      'Files answered with HTTP 502: Streamable HTTP error: Bad gateway',
    );
    expect(describe_(new StreamableHTTPError(-1, 'Unexpected content type: text/html')).kind).toBe(
      'malformed',
    );
  });

  it('asks OAuth servers to sign in again on 401', () => {
    expect(describe_(new UnauthorizedError(), { auth: 'oauth' })).toMatchObject({ kind: 'sign_in_needed' });
  });

  it('keeps its own errors as they are and words anything else plainly', () => {
    const own = new McpAdapterError('timeout', 'Already said.');
    expect(describe_(own)).toBe(own);
    expect(describe_('strange')).toMatchObject({
      kind: 'unknown',
      message: '"read" on Files failed: strange',
    });
  });

  it('clips what a server wrote to one short line', () => {
    expect(clip('a\n\n b   c')).toBe('a b c');
    expect(clip('x'.repeat(400), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
