/**
 * An edit of a stored MCP server (Settings → Tools → Edit): the record it becomes, or the
 * one sentence why it cannot. Pure, so each rule is tested without a server; the hub
 * stores the record, drops what it says to drop and reconnects.
 *
 * What an edit keeps:
 * - A Token left blank keeps the stored one (the form never shows it).
 * - The same URL (a new name, timeout or token): the server is the same, so the tools
 *   switched off stay off and Always allow stays.
 * - A changed URL may be another server, even one that offers tools of the same names
 *   that do something else. So Always allow is dropped there (each tool asks again: a
 *   choice to trust a server is not carried to another one), waiting calls are denied,
 *   and OAuth tokens and registration are forgotten (they were issued for the old
 *   server, and sending them to a new one would hand them over). Tools switched off
 *   stay off: that only ever offers less, and the user can switch them on again.
 * - A stored bearer token is never sent to another site without the user's say: a URL
 *   on another origin with Token left blank is refused, asking for the token again.
 */
import { mapMcpToolNames, mcpApiName } from '../../core/tools/mcpNames';
import type { McpServerRecord } from '../../mcp/serverRecords';
import { checkServerInput, type McpServerPatch } from './serverInput';

export interface ServerEdit {
  record: McpServerRecord;
  /** The URL changed: Always allow and waiting calls of the server go (see above). */
  urlChanged: boolean;
  /** The server's OAuth secrets are to be deleted (its URL changed, or it no longer uses OAuth). */
  forgetOAuth: boolean;
}

export type PlannedEdit = ({ ok: true } & ServerEdit) | { ok: false; message: string };

const originOf = (url: string) => new URL(url).origin;

/** `record` with `patch` applied, checked against the `others`' names. */
export function planServerEdit(
  record: McpServerRecord,
  patch: McpServerPatch,
  others: readonly Pick<McpServerRecord, 'name'>[],
): PlannedEdit {
  const authorization = patch.authorization ?? record.authorization;
  const typedToken = patch.token?.trim() ?? '';
  const keepsToken = typedToken === '' && authorization === 'bearer';
  const checked = checkServerInput(
    {
      name: patch.name ?? record.name,
      url: patch.url ?? record.url,
      authorization,
      ...(authorization === 'bearer' && { token: keepsToken ? (record.token ?? '') : typedToken }),
      timeoutMs: patch.timeoutMs ?? record.timeoutMs,
      connector: patch.connector ?? record.connector === true,
    },
    others,
  );
  if (!checked.ok) return checked;
  const { fields } = checked;
  const urlChanged = fields.url !== record.url;
  if (keepsToken && record.authorization === 'bearer' && originOf(fields.url) !== originOf(record.url)) {
    return {
      ok: false,
      message: `The new Server URL is on another site (${originOf(fields.url)}), so the stored token is not sent there. Paste the token for it under Token.`,
    };
  }
  const { token: _stored, connector: _mode, ...kept } = record;
  return {
    ok: true,
    record: {
      ...kept,
      ...fields,
      timeoutMs: patch.timeoutMs ?? record.timeoutMs,
      alwaysAllowed: urlChanged ? [] : record.alwaysAllowed,
    },
    urlChanged,
    forgetOAuth: record.authorization === 'oauth' && (urlChanged || fields.authorization !== 'oauth'),
  };
}

/** A server as far as its tools' names go: the tools it listed when last connected. */
export interface ListedServer {
  id: string;
  name: string;
  tools: readonly string[];
}

/** Each collision in a mapping, as the pair of tools (by server id) that want one name, in a fixed order. */
function collisions(servers: readonly ListedServer[], taken: readonly string[]): Map<string, string> {
  const idOf = new Map(servers.map((server) => [server.name, server.id]));
  const refs = servers.flatMap((server) => server.tools.map((tool) => ({ server: server.name, tool })));
  const { mapped, refused } = mapMcpToolNames(refs, taken);
  const key = (ref: { server: string; tool: string }) => `${idOf.get(ref.server)}\u0000${ref.tool}`;
  const found = new Map<string, string>();
  for (const loser of refused) {
    const apiName = mcpApiName(loser);
    const owner = mapped.find((each) => each.apiName === apiName);
    // A tool refused for another reason (no name, listed twice) is no collision.
    if (!owner && !taken.includes(apiName)) continue;
    const pair = owner ? [key(loser), key(owner)].sort().join('\u0001') : `${key(loser)}\u0001taken`;
    const sentence = owner
      ? `the tool "${loser.tool}" of "${loser.server}" and the tool "${owner.tool}" of "${owner.server}" would both be called "${apiName}" for the model`
      : `its tool "${loser.tool}" would be called "${apiName}" for the model, a name another tool already has`;
    found.set(pair, sentence);
  }
  return found;
}

/**
 * Why server `id` cannot be renamed to `name` when its tools' names for the model would
 * collide with another's (server `a__b` with tool `c` and server `a` with tool `b__c`
 * are both `mcp__a__b__c`), or null. Connect leaves such a tool out with a sentence on
 * the row; an edit is refused instead, since the user can choose another name right
 * there. Collisions the servers had before the rename are not the rename's doing.
 */
export function renameClash(
  id: string,
  name: string,
  servers: readonly ListedServer[],
  taken: readonly string[] = [],
): string | null {
  const before = collisions(servers, taken);
  const renamed = servers.map((server) => (server.id === id ? { ...server, name } : server));
  for (const [pair, sentence] of collisions(renamed, taken)) {
    if (!before.has(pair)) return `With the name "${name}", ${sentence}. Choose another name.`;
  }
  return null;
}
