/**
 * The MCP adapter's vocabulary, as the state layer sees it: a server as the user set it
 * up, its tools as Baton offers them, and a connection to call them through. Plain data
 * and interfaces only; nothing here loads the SDK.
 */

export type McpAuth =
  | { kind: 'none' }
  /** A token the user pasted; sent as `Authorization: Bearer <token>`. */
  | { kind: 'bearer'; token: string }
  /** The MCP authorization flow (discovery, registration, PKCE); tokens in a McpSecretStore. */
  | { kind: 'oauth' };

export interface McpServerConfig {
  /** Stable id: the key of the server's secrets and of Always allow. */
  id: string;
  /** The name the user gave it; part of the tools' names (mcp__<name>__<tool>) and of every sentence. */
  name: string;
  url: string;
  auth: McpAuth;
  /** How long a call may wait for the server's answer (or its next progress), in ms. Default 60 s. */
  callTimeoutMs?: number;
  /** How many tools to take from the server at most. Default DEFAULT_MAX_TOOLS. */
  maxTools?: number;
}

/** A tool as the server describes it, checked and ready to offer to the model. */
export interface McpToolInfo {
  /** The server's own name for it (what a call sends). */
  name: string;
  title?: string;
  description: string;
  /** A JSON Schema of type object, checked by toolSchema.ts. */
  inputSchema: { type: 'object'; [key: string]: unknown };
  /** The server's hints (read-only, destructive, …), for the permission card; untrusted. */
  annotations?: Record<string, unknown>;
}

export interface LeftOutTool {
  /** The tool's name as listed, or a placeholder when it had none. */
  name: string;
  /** A sentence saying why it is not offered. */
  reason: string;
}

export interface ToolListing {
  tools: McpToolInfo[];
  leftOut: LeftOutTool[];
  /** A sentence when the list was cut at the cap; undefined otherwise. */
  capped?: string;
}

export interface McpProgress {
  progress: number;
  total?: number;
  message?: string;
}

export interface CallOptions {
  /** Aborting it cancels the call on the server (notifications/cancelled). */
  signal?: AbortSignal;
  onProgress?(progress: McpProgress): void;
  /** Overrides the server's callTimeoutMs for this call. */
  timeoutMs?: number;
}

export type McpTransportKind = 'streamable-http' | 'sse';

export interface McpConnection {
  readonly config: McpServerConfig;
  readonly transport: McpTransportKind;
  /** The server's name and version as it reports them, and any instructions it gives. */
  readonly serverInfo: { name?: string; version?: string; instructions?: string };
  /** The tools as last listed (at connect, then after every tools/list_changed). */
  readonly tools: ToolListing;
  /** Lists the tools again. */
  refreshTools(): Promise<ToolListing>;
  /**
   * Calls a tool. Resolves with the server's result (isError results included); rejects
   * with an McpAdapterError whose message is the sentence to show and send.
   */
  callTool(name: string, args: Record<string, unknown>, options?: CallOptions): Promise<CallToolOutcome>;
  close(): Promise<void>;
}

/** A tool's result as the server sent it (MCP CallToolResult, content blocks unchecked). */
export interface CallToolOutcome {
  content: unknown[];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
}

export interface ConnectionEvents {
  /** The server changed its tool list (tools/list_changed) and the new listing is in. */
  onToolsChanged?(listing: ToolListing): void;
  /** Listing again after tools/list_changed failed; the old listing stays. */
  onToolsRefreshFailed?(message: string): void;
}
