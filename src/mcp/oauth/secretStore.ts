/**
 * Where an MCP server's OAuth secrets live between page loads: its tokens, its client
 * registration, the discovery it did, and the sign-in in progress (the PKCE verifier
 * and the state Baton sent). One record per server, by the server's id. Never exported
 * and never synced: the real store is IndexedDB (idbSecretStore.ts), in a database of
 * its own.
 */
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

export interface McpSecretRecord {
  /** Kept exactly as the SDK gave them (it stamps the issuer they belong to). */
  tokens?: OAuthTokens;
  clientInformation?: OAuthClientInformationMixed;
  discovery?: OAuthDiscoveryState;
  /** A sign-in in progress: the PKCE verifier and the state its callback must carry. */
  codeVerifier?: string;
  state?: string;
}

export interface McpSecretStore {
  get(serverId: string): Promise<McpSecretRecord | undefined>;
  put(serverId: string, record: McpSecretRecord): Promise<void>;
  delete(serverId: string): Promise<void>;
}

/** A store that lasts as long as the page: for tests, and for a server the user will not keep. */
export function createMemorySecretStore(): McpSecretStore & {
  readonly records: ReadonlyMap<string, McpSecretRecord>;
} {
  const records = new Map<string, McpSecretRecord>();
  return {
    records,
    async get(serverId) {
      const record = records.get(serverId);
      return record && structuredClone(record);
    },
    async put(serverId, record) {
      records.set(serverId, structuredClone(record));
    },
    async delete(serverId) {
      records.delete(serverId);
    },
  };
}
