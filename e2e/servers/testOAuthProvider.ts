/**
 * The authorization server behind the OAuth test server, in memory: dynamic client
 * registration, authorization codes bound to a PKCE challenge, access tokens that a test
 * can expire, and refresh tokens that rotate. Its authorize step asks no one: it approves
 * or refuses as the test has set, and redirects back at once.
 */
import { randomUUID } from 'node:crypto';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import {
  AccessDeniedError,
  InvalidGrantError,
  InvalidTokenError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type {
  AuthorizationParams,
  OAuthServerProvider,
} from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Response } from 'express';
import type { CallLog } from './callLog';

export type AuthorizeAnswer = 'approve' | 'refuse';

interface Grant {
  clientId: string;
  scopes: string[];
  resource?: URL;
}

interface PendingCode extends Grant {
  challenge: string;
  redirectUri: string;
}

interface AccessToken extends Grant {
  /** Seconds since the epoch, as AuthInfo wants it. */
  expiresAt: number;
}

export interface TestOAuthProvider extends OAuthServerProvider {
  answer: AuthorizeAnswer;
  /** Makes every access token issued so far unusable, as if it had expired. */
  expireAccessTokens(): void;
  /** Makes every refresh token unusable, as if the user had revoked the app's access. */
  revokeRefreshTokens(): void;
  readonly registeredClients: number;
}

export function createTestOAuthProvider(log: CallLog, accessTokenSeconds = 3600): TestOAuthProvider {
  const clients = new Map<string, OAuthClientInformationFull>();
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, AccessToken>();
  const refreshTokens = new Map<string, Grant>();

  const issue = (grant: Grant): OAuthTokens => {
    const access = `at-${randomUUID()}`;
    const refresh = `rt-${randomUUID()}`;
    accessTokens.set(access, { ...grant, expiresAt: Math.floor(Date.now() / 1000) + accessTokenSeconds });
    refreshTokens.set(refresh, grant);
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: accessTokenSeconds,
      refresh_token: refresh,
      scope: grant.scopes.join(' '),
    };
  };

  const clientsStore: OAuthRegisteredClientsStore = {
    getClient: (clientId) => clients.get(clientId),
    registerClient(client) {
      // The SDK's handler has already given it an id; keep that one.
      const full = client as OAuthClientInformationFull;
      const registered = { ...full, client_id: full.client_id ?? randomUUID() };
      clients.set(registered.client_id, registered);
      log.add({ event: 'oauth_register', detail: registered.client_name });
      return registered;
    },
  };

  const provider: TestOAuthProvider = {
    answer: 'approve',
    clientsStore,
    get registeredClients() {
      return clients.size;
    },

    async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response) {
      if (provider.answer === 'refuse') {
        log.add({ event: 'oauth_refused', detail: client.client_id });
        // The SDK's handler turns this into a redirect with error=access_denied and the state.
        throw new AccessDeniedError('The user refused to let Baton use this server.');
      }
      const code = `code-${randomUUID()}`;
      codes.set(code, {
        clientId: client.client_id,
        scopes: params.scopes ?? [],
        challenge: params.codeChallenge,
        redirectUri: params.redirectUri,
        ...(params.resource ? { resource: params.resource } : {}),
      });
      log.add({ event: 'oauth_authorize', detail: client.client_id });
      const target = new URL(params.redirectUri);
      target.searchParams.set('code', code);
      if (params.state !== undefined) target.searchParams.set('state', params.state);
      res.redirect(302, target.href);
    },

    async challengeForAuthorizationCode(_client, code) {
      const pending = codes.get(code);
      if (!pending) throw new InvalidGrantError('Unknown authorization code');
      return pending.challenge;
    },

    async exchangeAuthorizationCode(client, code, _verifier, redirectUri) {
      const pending = codes.get(code);
      if (!pending || pending.clientId !== client.client_id)
        throw new InvalidGrantError('Unknown authorization code');
      if (redirectUri !== undefined && redirectUri !== pending.redirectUri) {
        throw new InvalidGrantError('redirect_uri does not match the authorization request');
      }
      codes.delete(code);
      log.add({ event: 'oauth_token', detail: client.client_id });
      return issue(pending);
    },

    async exchangeRefreshToken(client, refreshToken) {
      const grant = refreshTokens.get(refreshToken);
      if (!grant || grant.clientId !== client.client_id) throw new InvalidGrantError('Unknown refresh token');
      refreshTokens.delete(refreshToken);
      log.add({ event: 'oauth_refresh', detail: client.client_id });
      return issue(grant);
    },

    async verifyAccessToken(token): Promise<AuthInfo> {
      const found = accessTokens.get(token);
      if (!found || found.expiresAt * 1000 <= Date.now())
        throw new InvalidTokenError('The access token is not valid');
      return {
        token,
        clientId: found.clientId,
        scopes: found.scopes,
        expiresAt: found.expiresAt,
        ...(found.resource ? { resource: found.resource } : {}),
      };
    },

    expireAccessTokens() {
      accessTokens.clear();
    },
    revokeRefreshTokens() {
      refreshTokens.clear();
    },
  };
  return provider;
}
