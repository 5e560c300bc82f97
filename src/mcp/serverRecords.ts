/**
 * The MCP servers the user set up, as stored: one record per server in the secrets
 * database (secretsDatabase.ts), never in the main database, so a token or a server's
 * settings never reach an export, a backup or sync. Needs only idb: start-up reads the
 * records here and loads the MCP adapter only if there is a server.
 */
import { MCP_SERVERS_STORE, openSecretsDatabase, SECRETS_DATABASE } from './secretsDatabase';

export type McpAuthorization = 'none' | 'bearer' | 'oauth';

export const DEFAULT_TOOL_TIMEOUT_MS = 60_000;

export interface McpServerRecord {
  /** Stable: the key of the record, of the server's OAuth secrets and of Always allow. */
  id: string;
  /** As the user named it: part of its tools' names for the model (mcp__<name>__<tool>). */
  name: string;
  url: string;
  authorization: McpAuthorization;
  /** With `bearer`: sent as `Authorization: Bearer <token>`. */
  token?: string;
  /**
   * Which tools are switched on, by the server's own names. A tool not in it is on (one
   * the server adds later too); each call of any tool still asks the user first.
   */
  enabledTools: Record<string, boolean>;
  /** The tools the user chose Always allow for, by the server's own names. */
  alwaysAllowed: string[];
  /** How long a call may wait for the server's answer, in ms (default 60 s). */
  timeoutMs: number;
  /** When it was added: the servers are listed in that order. */
  addedAt: number;
  /**
   * "Let the API connect" (the MCP connector): the browser never connects; each request
   * names the server and the API calls its tools itself, without asking (the user is told,
   * and that the token is sent to the API). For public https servers that refuse browsers.
   */
  connector?: boolean;
}

export interface McpServerRecords {
  list(): Promise<McpServerRecord[]>;
  put(record: McpServerRecord): Promise<void>;
  delete(id: string): Promise<void>;
  close(): Promise<void>;
}

export function createServerRecords(databaseName = SECRETS_DATABASE): McpServerRecords {
  const secrets = openSecretsDatabase(databaseName);
  return {
    async list() {
      const records = (await secrets.getAll(MCP_SERVERS_STORE)) as McpServerRecord[];
      return records.sort((a, b) => a.addedAt - b.addedAt);
    },
    async put(record) {
      await secrets.put(MCP_SERVERS_STORE, record);
    },
    async delete(id) {
      await secrets.delete(MCP_SERVERS_STORE, id);
    },
    close: () => secrets.close(),
  };
}

/** Whether the tool `name` is switched on in `record`. */
export function isToolEnabled(record: McpServerRecord, name: string): boolean {
  return record.enabledTools[name] !== false;
}
