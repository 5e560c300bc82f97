/**
 * Baton's side of the MCP authorization flow, as the SDK's OAuthClientProvider: the SDK
 * does discovery, dynamic client registration, PKCE, the token exchange and refresh;
 * this keeps what it must remember in a McpSecretStore (through a copy in memory, since
 * the SDK asks for the tokens before every request) and notes where the user must go to
 * sign in. It never opens a window itself: connect.ts hands that URL to the app's hook.
 */
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { McpServerConfig } from '../types';
import type { McpSecretRecord, McpSecretStore } from './secretStore';

export interface OAuthHooks {
  store: McpSecretStore;
  /** The app's callback address, registered with each authorization server. */
  redirectUrl: string;
  /**
   * Shows the authorization page and resolves with the URL the server sent the user back
   * to (it carries `code` and `state`). A popup resolves; a hook that redirects the whole
   * page never does, and the app calls finishSignIn when it loads again at redirectUrl.
   */
  authorize(authorizationUrl: URL, server: McpServerConfig): Promise<string>;
  /** As the authorization server shows it to the user. Default "Baton". */
  clientName?: string;
}

const STATE_SEPARATOR = '.';

/** 32 random bytes as base64url: the part of the state no one can guess. */
function randomPart(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The server a sign-in's state was made for, so a page loaded at the callback knows which to finish. */
export function serverIdOfState(state: string): string | undefined {
  const end = state.lastIndexOf(STATE_SEPARATOR);
  if (end <= 0) return undefined;
  try {
    return decodeURIComponent(state.slice(0, end));
  } catch {
    return undefined;
  }
}

export class BatonOAuthProvider implements OAuthClientProvider {
  /** Set when the SDK wants the user to sign in: the authorization page to show. */
  pendingAuthorization: URL | undefined;

  private constructor(
    private readonly serverId: string,
    private readonly hooks: OAuthHooks,
    private record: McpSecretRecord,
  ) {}

  static async load(serverId: string, hooks: OAuthHooks): Promise<BatonOAuthProvider> {
    return new BatonOAuthProvider(serverId, hooks, (await hooks.store.get(serverId)) ?? {});
  }

  private async save(change: Partial<McpSecretRecord>): Promise<void> {
    this.record = { ...this.record, ...change };
    await this.hooks.store.put(this.serverId, this.record);
  }

  get redirectUrl(): string {
    return this.hooks.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.hooks.clientName ?? 'Baton',
      redirect_uris: [this.hooks.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // A page can keep no secret: a public client, with PKCE.
      token_endpoint_auth_method: 'none',
    };
  }

  /** The state the callback of the sign-in in progress must carry; undefined when none is. */
  get expectedState(): string | undefined {
    return this.record.state;
  }

  async state(): Promise<string> {
    const state = `${encodeURIComponent(this.serverId)}${STATE_SEPARATOR}${randomPart()}`;
    await this.save({ state });
    return state;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.record.clientInformation;
  }

  async saveClientInformation(clientInformation: OAuthClientInformationMixed): Promise<void> {
    await this.save({ clientInformation });
  }

  tokens(): OAuthTokens | undefined {
    return this.record.tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.save({ tokens });
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    this.pendingAuthorization = authorizationUrl;
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    await this.save({ codeVerifier });
  }

  codeVerifier(): string {
    if (!this.record.codeVerifier) throw new Error('No sign-in is in progress for this server.');
    return this.record.codeVerifier;
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    await this.save({ discovery });
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.record.discovery;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    const cleared: Record<typeof scope, Array<keyof McpSecretRecord>> = {
      all: ['tokens', 'clientInformation', 'discovery', 'codeVerifier', 'state'],
      client: ['clientInformation'],
      tokens: ['tokens'],
      verifier: ['codeVerifier', 'state'],
      discovery: ['discovery'],
    };
    const next = { ...this.record };
    for (const key of cleared[scope]) delete next[key];
    this.record = next;
    await this.hooks.store.put(this.serverId, next);
  }

  /** Forgets the sign-in in progress (after it finished, or after a callback was refused). */
  async endSignIn(): Promise<void> {
    this.pendingAuthorization = undefined;
    await this.invalidateCredentials('verifier');
  }
}
