/**
 * The mcp slice: the MCP servers as Settings → Tools shows them (their status and
 * tools), the tool calls waiting for the user's permission (the permission cards), and
 * the progress servers report for calls that run. The live side (connections, the
 * permission gate) is the McpHub (src/state/mcp), loaded only once a server exists.
 */
import type { McpAuthorization } from '../../../mcp/serverRecords';

export type McpServerStatus =
  | { kind: 'connecting' }
  | { kind: 'connected'; toolCount: number }
  /** The sentence to show on the row (and to send if a call was made). */
  | { kind: 'error'; message: string }
  /** OAuth: the authorization is missing or gone; the row offers Sign in again. */
  | { kind: 'sign_in'; message: string }
  /** "Let the API connect": the API connects with each request; this browser never does. */
  | { kind: 'api' };

export interface McpToolView {
  /** The server's own name for it (the checkbox's name). */
  name: string;
  /** The name the model calls it by; undefined when it cannot be offered (see leftOut). */
  apiName?: string;
  /** As the server describes it: untrusted, shown as text. */
  description: string;
  enabled: boolean;
  alwaysAllowed: boolean;
}

export interface McpServerView {
  id: string;
  name: string;
  url: string;
  authorization: McpAuthorization;
  /** A bearer token is stored: the Edit form says so and never shows it. */
  hasToken: boolean;
  /** How long a call may wait for the server's answer, in ms. */
  timeoutMs: number;
  /** "Let the API connect" is on. */
  connector: boolean;
  status: McpServerStatus;
  tools: McpToolView[];
  /** Sentences for tools the server lists that are not offered (bad schema, name taken). */
  leftOut: string[];
}

/** A call of an MCP tool waiting for the user's answer (the permission card). */
export interface ToolPermissionRequest {
  /** The tool_use id: what answerToolPermission takes. */
  callId: string;
  serverId: string;
  serverName: string;
  tool: string;
  input: unknown;
}

export interface ToolProgressView {
  callId: string;
  serverName: string;
  tool: string;
  /** When the call started running (epoch ms): the card counts its seconds from here, so a redraw does not restart them. */
  startedAt: number;
  progress?: number;
  total?: number;
  message?: string;
}

export interface McpState {
  mcpServers: McpServerView[];
  toolPermissions: ToolPermissionRequest[];
  /** Calls running now, by call id, with what their server last reported. */
  toolProgress: Record<string, ToolProgressView>;
}

export const initialMcpState: McpState = { mcpServers: [], toolPermissions: [], toolProgress: {} };
