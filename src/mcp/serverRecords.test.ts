import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { createIdbSecretStore } from './oauth/idbSecretStore';
import { MCP_SECRETS_STORE, MCP_SERVERS_STORE, secretsDatabaseFor } from './secretsDatabase';
import { createServerRecords, isToolEnabled, type McpServerRecord } from './serverRecords';

const record = (id: string, addedAt: number): McpServerRecord => ({
  id,
  name: id,
  url: 'https://example.com/mcp',
  authorization: 'bearer',
  token: 'tok',
  enabledTools: { off: false },
  alwaysAllowed: ['echo'],
  timeoutMs: 60_000,
  addedAt,
});

describe('MCP server records', () => {
  it('upgrades a version 1 secrets database: the OAuth records stay, the server records are added beside them', async () => {
    const name = 'records-upgrade';
    const v1 = await openDB(name, 1, { upgrade: (db) => db.createObjectStore(MCP_SECRETS_STORE) });
    await v1.put(MCP_SECRETS_STORE, { state: 'kept' }, 'srv');
    v1.close();

    const records = createServerRecords(name);
    await records.put(record('b', 2));
    await records.put(record('a', 1));
    expect((await records.list()).map((r) => r.id)).toEqual(['a', 'b']);
    await records.delete('a');
    expect(await records.list()).toEqual([record('b', 2)]);
    await records.close();

    expect(await createIdbSecretStore(name).get('srv')).toEqual({ state: 'kept' });
    const db = await openDB(name);
    expect([...db.objectStoreNames].sort()).toEqual([MCP_SECRETS_STORE, MCP_SERVERS_STORE]);
    expect(db.version).toBe(2);
    db.close();
  });

  it('names the secrets database after the main one, and reads tool switches', () => {
    expect(secretsDatabaseFor('baton')).toBe('baton-secrets');
    expect(isToolEnabled(record('a', 1), 'off')).toBe(false);
    expect(isToolEnabled(record('a', 1), 'new')).toBe(true);
  });
});
