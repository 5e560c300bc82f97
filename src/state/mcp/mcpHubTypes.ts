/**
 * What the MCP hub (mcpHub.ts) is given and what it answers: its ports (the records, the
 * adapter, the live sessions, the store's view) and the outcome of each of its actions.
 */
import type { AgentSession } from '../../core/agentSession';
import type { OAuthHooks } from '../../mcp';
import type { McpServerRecords } from '../../mcp/serverRecords';
import type { McpServerView, ToolPermissionRequest, ToolProgressView } from '../slices/mcp/initialState';

export type Adapter = typeof import('../../mcp');

export type PermissionAnswer = 'allow_once' | 'always_allow' | 'deny';

export type McpOutcome = { ok: true; id: string } | { ok: false; message: string };

/** What the hub tells the store (the mcp slice's actions). */
export interface McpViewPort {
  putServer(view: McpServerView): void;
  removeServer(id: string): void;
  setPermissions(requests: ToolPermissionRequest[]): void;
  setProgress(view: ToolProgressView): void;
  clearProgress(callId: string): void;
}

export interface McpHubDeps {
  records: McpServerRecords;
  adapter(): Promise<Adapter>;
  /** The agent sessions held live now (the one on screen and those writing in the background). */
  sessions(): readonly AgentSession[];
  view: McpViewPort;
  /** The secrets database the OAuth tokens go in. */
  secretsDatabase: string;
  /** Shows a server's sign-in page and resolves with the callback URL (oauthPopup.ts in the browser). */
  authorize: OAuthHooks['authorize'];
  redirectUrl: string;
  now?(): number;
}

export function missing(id: string): McpOutcome {
  return { ok: false, message: `There is no MCP server ${id}: it may have been removed.` };
}
