/**
 * The MCP secret store in IndexedDB, in a database of its own (`baton-secrets`), so the
 * app's main database needs no new version and its exports and sync never see these
 * records. Each record is keyed by the server's id.
 */
import { deleteDB, type IDBPDatabase, openDB } from 'idb';
import type { McpSecretRecord, McpSecretStore } from './secretStore';

export const SECRETS_DATABASE = 'baton-secrets';
export const MCP_SECRETS_STORE = 'mcp-oauth';
const VERSION = 1;

export function createIdbSecretStore(
  databaseName = SECRETS_DATABASE,
): McpSecretStore & { close(): Promise<void> } {
  let opened: Promise<IDBPDatabase> | undefined;
  const database = () => {
    opened ??= openDB(databaseName, VERSION, {
      upgrade(db) {
        if (!db.objectStoreNames.contains(MCP_SECRETS_STORE)) db.createObjectStore(MCP_SECRETS_STORE);
      },
      // Another tab upgrading or deleting the database (Delete all data) must not wait on this one.
      blocking() {
        void opened?.then((db) => db.close());
        opened = undefined;
      },
    });
    return opened;
  };
  return {
    async get(serverId) {
      return (await (await database()).get(MCP_SECRETS_STORE, serverId)) as McpSecretRecord | undefined;
    },
    async put(serverId, record) {
      await (await database()).put(MCP_SECRETS_STORE, record, serverId);
    },
    async delete(serverId) {
      await (await database()).delete(MCP_SECRETS_STORE, serverId);
    },
    async close() {
      if (opened) (await opened).close();
      opened = undefined;
    },
  };
}

/**
 * Deletes the whole secrets database: every server's tokens, registrations and sign-ins
 * in progress. For Forget key (and Delete all data): forgetting credentials on this
 * device forgets these too. An open store in this or another tab closes its connection
 * when asked (`blocking` above), so the delete does not wait on it; resolves once gone.
 */
export async function deleteSecretsDatabase(databaseName = SECRETS_DATABASE): Promise<void> {
  await deleteDB(databaseName);
}
