import { describe, expect, it } from 'vitest';
import { McpAdapterError } from './mcpErrors';
import { runMcpTool } from './runTool';
import type { CallToolOutcome, McpConnection } from './types';

function connection(answer: () => Promise<CallToolOutcome>): McpConnection {
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
      connection(() => Promise.reject(new McpAdapterError('timeout', '"read" on Files did not answer.'))),
      'read',
      {},
    );
    expect(outcome).toEqual({
      status: 'failed',
      result: {
        content: [{ type: 'text', text: '"read" on Files did not answer.' }],
        isError: true,
        notes: [],
      },
      failure: { kind: 'timeout', message: '"read" on Files did not answer.' },
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
