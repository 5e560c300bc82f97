import { describe, expect, it } from 'vitest';
import { McpAdapterError } from './mcpErrors';
import { runMcpTool, TIMEOUT_ADVICE } from './runTool';
import type { CallOptions, CallToolOutcome, McpConnection } from './types';

function connection(
  answer: (name: string, args: Record<string, unknown>, options?: CallOptions) => Promise<CallToolOutcome>,
): McpConnection {
  return {
    config: { id: 's', name: 'Files', url: 'https://files.example/mcp', auth: { kind: 'none' } },
    transport: 'streamable-http',
    serverInfo: {},
    tools: { tools: [], leftOut: [] },
    refreshTools: async () => ({ tools: [], leftOut: [] }),
    callTool: answer,
    close: async () => undefined,
  };
}

describe('runMcpTool', () => {
  it('maps an answer, and counts an isError answer as failed', async () => {
    const done = await runMcpTool(
      connection(async () => ({ content: [{ type: 'text', text: 'ok' }] })),
      'read',
      {},
    );
    expect(done).toEqual({
      status: 'done',
      result: { content: [{ type: 'text', text: 'ok' }], isError: false, notes: [] },
    });
    const failed = await runMcpTool(
      connection(async () => ({ content: [{ type: 'text', text: 'no' }], isError: true })),
      'read',
      {},
    );
    expect(failed.status).toBe('failed');
    expect(failed.failure).toBeUndefined();
  });

  it('answers a failed call with an error result holding its sentence', async () => {
    const outcome = await runMcpTool(
      connection(() => Promise.reject(new McpAdapterError('server_died', 'Files closed the connection.'))),
      'read',
      {},
    );
    expect(outcome).toEqual({
      status: 'failed',
      result: {
        content: [{ type: 'text', text: 'Files closed the connection.' }],
        isError: true,
        notes: [],
      },
      failure: { kind: 'server_died', message: 'Files closed the connection.' },
    });
  });

  it('gives the call the timeout it is asked to keep, and a timed-out call says where to change it', async () => {
    const seen: Array<CallOptions | undefined> = [];
    const signal = new AbortController().signal;
    const outcome = await runMcpTool(
      connection((_name, _args, options) => {
        seen.push(options);
        return Promise.reject(
          new McpAdapterError(
            'timeout',
            '"read" on Files did not answer within 5 s, so Baton cancelled the call.',
          ),
        );
      }),
      'read',
      {},
      { timeoutMs: 5000, signal },
    );
    expect(seen).toEqual([expect.objectContaining({ timeoutMs: 5000, signal })]);
    const sentence = `"read" on Files did not answer within 5 s, so Baton cancelled the call. ${TIMEOUT_ADVICE}`;
    expect(outcome).toEqual({
      status: 'failed',
      result: { content: [{ type: 'text', text: sentence }], isError: true, notes: [] },
      failure: { kind: 'timeout', message: sentence },
    });
  });

  it('reports a cancelled call as cancelled', async () => {
    const outcome = await runMcpTool(
      connection(() => Promise.reject(new McpAdapterError('cancelled', 'The call was cancelled.'))),
      'read',
      {},
    );
    expect(outcome.status).toBe('cancelled');
    expect(outcome.result.isError).toBe(true);
  });
});
