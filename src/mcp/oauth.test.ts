/**
 * The MCP authorization flow end to end against the OAuth test server (the SDK's own
 * server-side auth): discovery, dynamic client registration, authorization code with
 * PKCE, tokens stored and refreshed. The popup is played by a hook that follows the
 * authorize redirect with fetch, as a browser window would, and hands back where it led.
 */
import { describe, expect, it } from 'vitest';
import { type OAuthTestServer, startOAuthTestServer } from '../../e2e/servers/oauthTestServer';
import { adapterFailure, closeAfterEach } from '../../testing/mcp/adapterTests';
import { connectMcpServer } from './connect';
import type { OAuthHooks } from './oauth/oauthProvider';
import { createMemorySecretStore } from './oauth/secretStore';
import { finishSignIn } from './oauth/signIn';
import type { McpConnection, McpServerConfig } from './types';

const REDIRECT_URL = 'http://127.0.0.1:5173/oauth/callback';

const closeLater = closeAfterEach();

async function start(): Promise<OAuthTestServer> {
  return closeLater(await startOAuthTestServer());
}

/** The authorization page's answer: where its redirect leads, without following it further. */
async function followAuthorize(url: URL): Promise<string> {
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`authorize answered ${response.status}`);
  return location;
}

function hooks(overrides: Partial<OAuthHooks> = {}) {
  const store = createMemorySecretStore();
  const opened: URL[] = [];
  const value: OAuthHooks = {
    store,
    redirectUrl: REDIRECT_URL,
    async authorize(url) {
      opened.push(url);
      return followAuthorize(url);
    },
    ...overrides,
  };
  return { hooks: value, store, opened };
}

const config = (
  server: OAuthTestServer,
  auth: McpServerConfig['auth'] = { kind: 'oauth' },
): McpServerConfig => ({
  id: 'oauth-1',
  name: 'Secure server',
  url: server.url,
  auth,
});

async function connect(server: OAuthTestServer, oauth: OAuthHooks): Promise<McpConnection> {
  return closeLater(await connectMcpServer(config(server), { oauth }));
}

describe('OAuth', () => {
  it('signs in through the hook (discovery, registration, PKCE), stores the tokens and calls a tool', async () => {
    const server = await start();
    const { hooks: oauth, store, opened } = hooks();
    const connection = await connect(server, oauth);

    expect(opened).toHaveLength(1);
    const authorizeUrl = opened[0]!;
    expect(authorizeUrl.origin).toBe(server.origin);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(REDIRECT_URL);
    expect(authorizeUrl.searchParams.get('resource')).toBe(server.url);
    expect(authorizeUrl.searchParams.get('state')).toMatch(/^oauth-1\.[A-Za-z0-9_-]{43}$/);

    const events = server.log.entries.map((entry) => entry.event);
    expect(events).toEqual(['oauth_unauthorized', 'oauth_register', 'oauth_authorize', 'oauth_token']);

    const record = store.records.get('oauth-1');
    expect(record?.tokens?.access_token).toMatch(/^at-/);
    expect(record?.tokens?.refresh_token).toMatch(/^rt-/);
    expect(record?.clientInformation?.client_id).toBeTruthy();
    // The sign-in is over: nothing of it is kept.
    expect(record?.codeVerifier).toBeUndefined();
    expect(record?.state).toBeUndefined();

    await expect(connection.callTool('echo', { text: 'signed in' })).resolves.toEqual({
      content: [{ type: 'text', text: 'signed in' }],
    });
  });

  it('connects again with the stored tokens, without a new sign-in', async () => {
    const server = await start();
    const { hooks: oauth, opened } = hooks();
    await (await connect(server, oauth)).close();
    await connect(server, oauth);
    expect(opened).toHaveLength(1);
    expect(server.oauth.registeredClients).toBe(1);
  });

  it('refreshes an expired access token by itself in the middle of use', async () => {
    const server = await start();
    const { hooks: oauth, store, opened } = hooks();
    const connection = await connect(server, oauth);
    const before = store.records.get('oauth-1')?.tokens?.access_token;
    server.oauth.expireAccessTokens();

    await expect(connection.callTool('echo', { text: 'after refresh' })).resolves.toEqual({
      content: [{ type: 'text', text: 'after refresh' }],
    });
    expect(server.log.entries.filter((entry) => entry.event === 'oauth_refresh')).toHaveLength(1);
    expect(store.records.get('oauth-1')?.tokens?.access_token).not.toBe(before);
    expect(opened).toHaveLength(1);
  });

  it('asks to sign in again when a call finds both tokens gone, without opening a window by itself', async () => {
    const server = await start();
    const { hooks: oauth, opened } = hooks();
    const connection = await connect(server, oauth);
    server.oauth.expireAccessTokens();
    server.oauth.revokeRefreshTokens();
    const error = await adapterFailure(connection.callTool('echo', { text: 'x' }));
    expect(error.kind).toBe('sign_in_needed');
    expect(error.message).toBe(
      'Sign-in to Secure server is needed: its authorization is missing, expired or withdrawn. Use Sign in again.',
    );
    expect(opened).toHaveLength(1);
  });

  it('refuses a callback with the wrong state, stores no token and drops the sign-in in progress', async () => {
    const server = await start();
    const { hooks: oauth, store } = hooks({
      async authorize(url) {
        const callback = new URL(await followAuthorize(url));
        callback.searchParams.set('state', 'oauth-1.forged');
        return callback.href;
      },
    });
    const error = await adapterFailure(connectMcpServer(config(server), { oauth }));
    expect(error.kind).toBe('sign_in_state');
    expect(error.message).toBe(
      'The sign-in answer for Secure server does not match the sign-in Baton started (its state differs), so Baton ignored it. Sign in again.',
    );
    const record = store.records.get('oauth-1');
    expect(record?.tokens).toBeUndefined();
    expect(record?.codeVerifier).toBeUndefined();
    expect(record?.state).toBeUndefined();
    expect(server.log.entries.map((entry) => entry.event)).not.toContain('oauth_token');
  });

  it('says so when the user refuses on the authorization page', async () => {
    const server = await start();
    server.oauth.answer = 'refuse';
    const { hooks: oauth } = hooks();
    const error = await adapterFailure(connectMcpServer(config(server), { oauth }));
    expect(error.kind).toBe('sign_in_refused');
    expect(error.message).toBe(
      'Secure server refused the sign-in (access_denied): The user refused to let Baton use this server. Sign in again to retry.',
    );
  });

  it('opens no sign-in on a connect no one asked for, and says a sign-in is needed', async () => {
    const server = await start();
    const { hooks: oauth, opened, store } = hooks();
    const error = await adapterFailure(connectMcpServer(config(server), { oauth, interactive: false }));
    expect(error.kind).toBe('sign_in_needed');
    expect(opened).toEqual([]);
    expect(store.records.get('oauth-1')?.codeVerifier).toBeUndefined();
  });

  it('says so when the sign-in window closes without an answer', async () => {
    const server = await start();
    const { hooks: oauth } = hooks({
      authorize: () => Promise.reject(new Error('The sign-in window was closed.')),
    });
    const error = await adapterFailure(connectMcpServer(config(server), { oauth }));
    expect(error.message).toBe('Signing in to Secure server did not finish: The sign-in window was closed.');
  });

  it('finishes a sign-in after a full-page redirect, from the callback URL alone', async () => {
    const server = await start();
    let callback: string | undefined;
    const { hooks: oauth, store } = hooks({
      async authorize(url) {
        callback = await followAuthorize(url);
        // The page goes away here; its promise never settles.
        return new Promise<string>(() => undefined);
      },
    });
    void connectMcpServer(config(server), { oauth });
    await expect.poll(() => callback).toBeDefined();
    // The app loads again at the redirect URL, with the same store.
    await finishSignIn(
      config(server),
      { ...oauth, authorize: () => Promise.reject(new Error('unused')) },
      callback!,
    );
    expect(store.records.get('oauth-1')?.tokens?.access_token).toMatch(/^at-/);
    const connection = await connect(server, oauth);
    await expect(connection.callTool('echo', { text: 'back again' })).resolves.toBeDefined();
  });

  it('says a bearer token the server refuses is refused', async () => {
    const server = await start();
    const error = await adapterFailure(connectMcpServer(config(server, { kind: 'bearer', token: 'wrong' })));
    expect(error.kind).toBe('unauthorized');
    expect(error.message).toBe(
      'Secure server refused the token (401). Check the token, or choose OAuth under Authorization.',
    );
  });

  it('says a server that wants authorization needs it, when none is set', async () => {
    const server = await start();
    const error = await adapterFailure(connectMcpServer(config(server, { kind: 'none' })));
    expect(error.message).toBe(
      'Secure server requires authorization (401). Choose Bearer token or OAuth under Authorization.',
    );
  });
});
