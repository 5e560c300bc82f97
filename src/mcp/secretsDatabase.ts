/**
 * The database of MCP credentials and settings (`baton-secrets`), apart from the app's
 * main database so that exports, backups and sync never see it: the OAuth secrets
 * (oauth/idbSecretStore.ts) and the server records (serverRecords.ts), each in its own
 * object store. Opening it needs neither the MCP SDK nor idb (plain IndexedDB, a few
 * calls), so start-up can read the server records without loading the adapter and
 * without changing how the first load's chunks are cut.
 *
 * Version 1 held the OAuth store alone; version 2 adds the server records and keeps
 * every OAuth record as it was.
 */

export const SECRETS_DATABASE = 'baton-secrets';
export const MCP_SECRETS_STORE = 'mcp-oauth';
export const MCP_SERVERS_STORE = 'mcp-servers';
export const SECRETS_DATABASE_VERSION = 2;

/** The secrets database beside a main database: `baton` has `baton-secrets`, a test's `x` has `x-secrets`. */
export function secretsDatabaseFor(mainDatabase: string): string {
  return `${mainDatabase}-secrets`;
}

type StoreName = typeof MCP_SECRETS_STORE | typeof MCP_SERVERS_STORE;

export interface SecretsDatabase {
  get(store: StoreName, key: string): Promise<unknown>;
  getAll(store: StoreName): Promise<unknown[]>;
  /** `key` for the OAuth store (out of line); the server records carry theirs (`id`). */
  put(store: StoreName, value: unknown, key?: string): Promise<void>;
  delete(store: StoreName, key: string): Promise<void>;
  close(): Promise<void>;
}

function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function open(databaseName: string, onBlocking: () => void): Promise<IDBDatabase> {
  const request = indexedDB.open(databaseName, SECRETS_DATABASE_VERSION);
  request.onupgradeneeded = () => {
    const db = request.result;
    if (!db.objectStoreNames.contains(MCP_SECRETS_STORE)) db.createObjectStore(MCP_SECRETS_STORE);
    if (!db.objectStoreNames.contains(MCP_SERVERS_STORE))
      db.createObjectStore(MCP_SERVERS_STORE, { keyPath: 'id' });
  };
  return settled(request).then((db) => {
    // Another tab upgrading or deleting the database (Forget key) must not wait on this one.
    db.onversionchange = () => {
      db.close();
      onBlocking();
    };
    return db;
  });
}

/** Opens the database on first use and keeps the connection; each call is one transaction. */
export function openSecretsDatabase(databaseName = SECRETS_DATABASE): SecretsDatabase {
  let opened: Promise<IDBDatabase> | undefined;
  const run = async <T>(
    store: StoreName,
    mode: IDBTransactionMode,
    act: (objects: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> => {
    opened ??= open(databaseName, () => {
      opened = undefined;
    });
    const db = await opened;
    const transaction = db.transaction(store, mode);
    const result = await settled(act(transaction.objectStore(store)));
    if (mode === 'readwrite') {
      await new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
        transaction.onabort = () => reject(transaction.error);
      });
    }
    return result;
  };
  return {
    get: (store, key) => run(store, 'readonly', (objects) => objects.get(key)),
    getAll: (store) => run(store, 'readonly', (objects) => objects.getAll()),
    async put(store, value, key) {
      await run(store, 'readwrite', (objects) =>
        key === undefined ? objects.put(value) : objects.put(value, key),
      );
    },
    async delete(store, key) {
      await run(store, 'readwrite', (objects) => objects.delete(key));
    },
    async close() {
      if (opened) (await opened).close();
      opened = undefined;
    },
  };
}
