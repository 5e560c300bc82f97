/** The runtime's hold on MCP (runtime.mcp): the hub once loaded, and what it is loaded from. */
import type { McpServerRecords } from '../../mcp/serverRecords';
import type { McpHub } from './mcpHub';

export interface McpHold {
  /** Set once loaded: new live sessions are attached to it at once. */
  hub: McpHub | null;
  loading: Promise<McpHub> | null;
  /** Every server answered (connected or failed) after the hub was loaded. */
  connected: Promise<void> | null;
  readonly records: McpServerRecords;
  readonly secretsDatabase: string;
  /** The hub, loaded on the first ask (startMcp.ts). */
  load(): Promise<McpHub>;
}
