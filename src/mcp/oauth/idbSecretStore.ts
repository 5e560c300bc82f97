/**
 * The MCP secret store in IndexedDB, in a database of its own (`baton-secrets`,
 * secretsDatabase.ts), so the app's main database needs no new version and its exports
 * and sync never see these records. Each record is keyed by the server's id.
 */
import { MCP_SECRETS_STORE, openSecretsDatabase, SECRETS_DATABASE } from '../secretsDatabase';
import type { McpSecretRecord, McpSecretStore } from './secretStore';

export { MCP_SECRETS_STORE, SECRETS_DATABASE } from '../secretsDatabase';

export function createIdbSecretStore(
  databaseName = SECRETS_DATABASE,
): McpSecretStore & { close(): Promise<void> } {
  const secrets = openSecretsDatabase(databaseName);
  return {
    async get(serverId) {
      return (await secrets.get(MCP_SECRETS_STORE, serverId)) as McpSecretRecord | undefined;
    },
    async put(serverId, record) {
      await secrets.put(MCP_SECRETS_STORE, record, serverId);
    },
    async delete(serverId) {
      await secrets.delete(MCP_SECRETS_STORE, serverId);
    },
    close: () => secrets.close(),
  };
}

/**
 * Deletes the whole secrets database: every server's tokens, registrations and sign-ins
 * in progress, and the server records with their tokens. For Forget key (and Delete all
 * data): forgetting credentials on this device forgets these too. An open store in this
 * or another tab closes its connection when asked (`blocking` in secretsDatabase.ts), so
 * the delete does not wait on it; resolves once gone.
 */
export function deleteSecretsDatabase(databaseName = SECRETS_DATABASE): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(databaseName);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}
