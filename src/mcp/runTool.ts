/**
 * One MCP tool call from start to tool_result, whatever happens: the server's answer
 * mapped to tool_result content, or, when the call fails or is cancelled, an error
 * result whose text is the same sentence the tool card shows. What a before-call hook
 * runs once the user has allowed the call.
 */
import { type MappedToolResult, mapCallToolResult, type ResultLimits } from './mapToolResult';
import { McpAdapterError, type McpFailureKind } from './mcpErrors';
import type { CallOptions, McpConnection } from './types';

export interface ToolRunOutcome {
  /** `failed` also for a result the server marked isError. */
  status: 'done' | 'failed' | 'cancelled';
  result: MappedToolResult;
  /** When the call itself failed: the sentence and its kind. */
  failure?: { kind: McpFailureKind; message: string };
}

/** After a timeout's sentence: where the user can give a slow server longer. */
export const TIMEOUT_ADVICE = "The server's timeout can be set with Edit in Settings → Tools.";

export async function runMcpTool(
  connection: McpConnection,
  name: string,
  args: Record<string, unknown>,
  options: CallOptions & { limits?: ResultLimits } = {},
): Promise<ToolRunOutcome> {
  try {
    const result = mapCallToolResult(await connection.callTool(name, args, options), options.limits);
    return { status: result.isError ? 'failed' : 'done', result };
  } catch (error) {
    const failure =
      error instanceof McpAdapterError
        ? error
        : new McpAdapterError('unknown', `"${name}" on ${connection.config.name} failed: ${String(error)}`);
    // The call waited as long as options.timeoutMs (the server's setting, passed by the hub) allows.
    const message = failure.kind === 'timeout' ? `${failure.message} ${TIMEOUT_ADVICE}` : failure.message;
    return {
      status: failure.kind === 'cancelled' ? 'cancelled' : 'failed',
      result: { content: [{ type: 'text', text: message }], isError: true, notes: [] },
      failure: { kind: failure.kind, message },
    };
  }
}
