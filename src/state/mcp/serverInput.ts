/**
 * What the Add MCP server form (and an edit) may store, checked before anything is
 * stored or sent: a name that gives the tools names of their own, a URL without
 * credentials in it, a token when Bearer token is chosen, https and no OAuth when the API
 * is to connect. Each refusal is one sentence.
 */
import { mcpApiName } from '../../core/tools/mcpNames';
import type { McpAuthorization, McpServerRecord } from '../../mcp/serverRecords';
import { checkServerUrl } from '../../mcp/serverUrl';
import { MAX_TIMEOUT_SECONDS, MIN_TIMEOUT_SECONDS } from './timeoutInput';

export interface McpServerInput {
  name: string;
  url: string;
  authorization: McpAuthorization;
  /** With `bearer`. */
  token?: string;
  /** How long a call may wait, in ms (default 60 s). */
  timeoutMs?: number;
  /** Let the API connect (the MCP connector) rather than this browser. */
  connector?: boolean;
}

export type McpServerPatch = Partial<McpServerInput>;

export type CheckedServerInput =
  | { ok: true; fields: Pick<McpServerRecord, 'name' | 'url' | 'authorization' | 'token' | 'connector'> }
  | { ok: false; message: string };

const MAX_NAME = 40;

/** The server part of its tools' names for the model: two names that give the same one collide. */
const nameForModel = (name: string) => mcpApiName({ server: name, tool: 'x' });

export function checkServerInput(
  input: McpServerInput,
  others: readonly Pick<McpServerRecord, 'name'>[],
): CheckedServerInput {
  const name = input.name.trim();
  if (name === '') return { ok: false, message: 'Give the server a name: its tools are offered under it.' };
  if (name.length > MAX_NAME) {
    return { ok: false, message: `The name is too long: keep it to ${MAX_NAME} characters.` };
  }
  const clash = others.find((other) => nameForModel(other.name) === nameForModel(name));
  if (clash) {
    const same = clash.name.trim() === name;
    return {
      ok: false,
      message: same
        ? `There is already a server named "${name}". Choose another name.`
        : `The name "${name}" gives its tools the same names as those of the server "${clash.name}" (both become "${nameForModel(name).slice(5, -3)}" for the model). Choose another name.`,
    };
  }
  const url = checkServerUrl(input.url);
  if (!url.ok) return url;
  if (input.connector === true && url.url.protocol !== 'https:') {
    return {
      ok: false,
      message:
        'The API connects only to https:// servers. Use the server’s https address, or let this browser connect.',
    };
  }
  if (input.connector === true && input.authorization === 'oauth') {
    return {
      ok: false,
      message:
        'When the API connects, Baton cannot sign in for it: choose None or Bearer token (the token is sent to the API).',
    };
  }
  const token = input.token?.trim() ?? '';
  if (input.authorization === 'bearer' && token === '') {
    return { ok: false, message: 'Paste the token under Token, or choose another kind of Authorization.' };
  }
  const timeout = input.timeoutMs;
  if (
    timeout !== undefined &&
    !(
      Number.isInteger(timeout) &&
      timeout >= MIN_TIMEOUT_SECONDS * 1000 &&
      timeout <= MAX_TIMEOUT_SECONDS * 1000
    )
  ) {
    return { ok: false, message: 'The timeout must be between 1 second and 1 hour.' };
  }
  return {
    ok: true,
    fields: {
      name,
      url: url.url.href,
      authorization: input.authorization,
      ...(input.authorization === 'bearer' && { token }),
      ...(input.connector === true && { connector: true }),
    },
  };
}
