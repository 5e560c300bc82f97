/**
 * What the UI can do with MCP servers and tool permissions. Each loads the McpHub (and
 * with it the adapter) if it is not loaded yet: the first server the user adds is what
 * loads it when none was stored. Every outcome is a sentence or an id, never a throw.
 */

import { whenRuntime } from '../app/runtime';
import type { McpHub, McpOutcome, PermissionAnswer } from '../mcp/mcpHub';
import type { McpServerInput, McpServerPatch } from '../mcp/serverInput';
import { errorText } from '../store/storeAccess';

export type { McpOutcome, PermissionAnswer } from '../mcp/mcpHub';
export type { McpServerInput, McpServerPatch } from '../mcp/serverInput';

async function withHub(action: (hub: McpHub) => McpOutcome | Promise<McpOutcome>): Promise<McpOutcome> {
  try {
    return await action(await (await whenRuntime()).mcp.load());
  } catch (error) {
    return { ok: false, message: `That could not be done: ${errorText(error)}` };
  }
}

/** Stores the server and connects to it; its row then shows "Connected · N tools" or the sentence why not. */
export const addMcpServer = (input: McpServerInput) => withHub((hub) => hub.add(input));
/**
 * Edit: stores the changed settings and reconnects with them, or refuses with a sentence
 * and changes nothing. A Token left blank keeps the stored one; what else an edit keeps
 * (Always allow, tools switched off) and what a new URL drops is in state/mcp/serverEdit.ts.
 */
export const updateMcpServer = (id: string, patch: McpServerPatch) => withHub((hub) => hub.update(id, patch));
export const reconnectMcpServer = (id: string) => withHub((hub) => hub.reconnect(id));
/** Forgets the server: its record, its tokens, its Always allow; its tools leave every session. */
export const removeMcpServer = (id: string) => withHub((hub) => hub.remove(id));
export const setMcpToolEnabled = (id: string, tool: string, enabled: boolean) =>
  withHub((hub) => hub.setToolEnabled(id, tool, enabled));
export const revokeAlwaysAllow = (id: string, tool: string) =>
  withHub((hub) => hub.revokeAlwaysAllow(id, tool));
/** The permission card's answer: Allow once, Always allow (stored for that server and tool) or Deny. */
export const answerToolPermission = (callId: string, answer: PermissionAnswer) =>
  withHub((hub) => hub.answer(callId, answer));
