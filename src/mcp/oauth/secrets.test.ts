import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { createIdbSecretStore, deleteSecretsDatabase, MCP_SECRETS_STORE } from './idbSecretStore';
import { BatonOAuthProvider, type OAuthHooks, serverIdOfState } from './oauthProvider';
import { createMemorySecretStore, type McpSecretStore } from './secretStore';
import { readCallback } from './signIn';

const tokens = {
  access_token: 'at',
  token_type: 'Bearer',
  refresh_token: 'rt',
  issuer: 'https://as.example/',
};

const hooksWith = (store: McpSecretStore): OAuthHooks => ({
  store,
  redirectUrl: 'https://baton.example/oauth/callback',
  authorize: () => Promise.reject(new Error('not used')),
});

describe('IndexedDB secret store', () => {
  it('is deleted whole, even while a store has it open, and a store opened later starts empty', async () => {
    const store = createIdbSecretStore('secrets-test-delete');
    await store.put('a', { tokens });
    await deleteSecretsDatabase('secrets-test-delete');
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain('secrets-test-delete');
    expect(await createIdbSecretStore('secrets-test-delete').get('a')).toBeUndefined();
  });

  it('keeps records per server in a database of its own, and deletes them', async () => {
    const store = createIdbSecretStore('secrets-test-1');
    await store.put('a', { tokens });
    await store.put('b', { state: 'b.x' });
    expect(await store.get('a')).toEqual({ tokens });
    await store.delete('a');
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('b')).toEqual({ state: 'b.x' });
    await store.close();

    const db = await openDB('secrets-test-1');
    expect([...db.objectStoreNames]).toContain(MCP_SECRETS_STORE);
    db.close();
  });

  it('keeps what the provider saved across a reload', async () => {
    const store = createIdbSecretStore('secrets-test-2');
    const provider = await BatonOAuthProvider.load('srv', hooksWith(store));
    await provider.saveTokens(tokens);
    await store.close();
    const again = await BatonOAuthProvider.load('srv', hooksWith(createIdbSecretStore('secrets-test-2')));
    expect(again.tokens()).toEqual(tokens);
  });
});

describe('BatonOAuthProvider', () => {
  it('registers as a public client with the app’s callback', async () => {
    const provider = await BatonOAuthProvider.load('srv', hooksWith(createMemorySecretStore()));
    expect(provider.clientMetadata).toEqual({
      client_name: 'Baton',
      redirect_uris: ['https://baton.example/oauth/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
  });

  it('makes a fresh unguessable state per sign-in that names its server, and stores it', async () => {
    const store = createMemorySecretStore();
    const provider = await BatonOAuthProvider.load('server/ü 1', hooksWith(store));
    const first = await provider.state();
    const second = await provider.state();
    expect(first).not.toBe(second);
    expect(serverIdOfState(second)).toBe('server/ü 1');
    expect(store.records.get('server/ü 1')?.state).toBe(second);
    expect(serverIdOfState('no-separator')).toBeUndefined();
  });

  it('forgets what the SDK asks it to, and nothing else', async () => {
    const store = createMemorySecretStore();
    const provider = await BatonOAuthProvider.load('srv', hooksWith(store));
    await provider.saveTokens(tokens);
    await provider.saveClientInformation({ client_id: 'c1' });
    await provider.saveCodeVerifier('v');
    await provider.invalidateCredentials('tokens');
    expect(store.records.get('srv')).toEqual({ clientInformation: { client_id: 'c1' }, codeVerifier: 'v' });
    await provider.invalidateCredentials('all');
    expect(store.records.get('srv')).toEqual({});
    expect(() => provider.codeVerifier()).toThrow('No sign-in is in progress for this server.');
  });
});

describe('readCallback', () => {
  const callback = (params: Record<string, string>) =>
    `https://baton.example/oauth/callback?${new URLSearchParams(params).toString()}`;

  it('gives the code when the state is the one sent', () => {
    expect(readCallback(callback({ code: 'c1', state: 's.1' }), 's.1', 'Files')).toBe('c1');
  });

  it('refuses a wrong or missing state before looking at anything else', () => {
    for (const url of [
      callback({ code: 'c1', state: 's.2' }),
      callback({ code: 'c1' }),
      callback({ error: 'access_denied', state: 'x' }),
    ]) {
      expect(() => readCallback(url, 's.1', 'Files')).toThrow(
        'The sign-in answer for Files does not match the sign-in Baton started (its state differs), so Baton ignored it. Sign in again.',
      );
    }
    expect(() => readCallback(callback({ code: 'c1', state: 's.1' }), undefined, 'Files')).toThrow(
      'its state differs',
    );
  });

  it('says a refusal or an answer without a code is one', () => {
    expect(() => readCallback(callback({ error: 'access_denied', state: 's.1' }), 's.1', 'Files')).toThrow(
      'Files refused the sign-in (access_denied). Sign in again to retry.',
    );
    expect(() => readCallback(callback({ state: 's.1' }), 's.1', 'Files')).toThrow(
      'The sign-in answer for Files has no authorization code.',
    );
  });
});
