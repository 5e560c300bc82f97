/**
 * The end of a sign-in: the URL the authorization server sent the user back to is
 * checked before its code is used. Its `state` must be the one Baton sent for this
 * server (anything else may be a forged or stale answer and is refused, and the sign-in
 * in progress is dropped); an `error` means the user or server refused. Then the SDK
 * exchanges the code, with the PKCE verifier, for tokens.
 */
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { clip, describeMcpFailure, McpAdapterError } from '../mcpErrors';
import type { McpServerConfig } from '../types';
import { BatonOAuthProvider, type OAuthHooks } from './oauthProvider';

/** The authorization code a callback URL carries, once its state matched; throws McpAdapterError otherwise. */
export function readCallback(
  callbackUrl: string,
  expectedState: string | undefined,
  serverName: string,
): string {
  let params: URLSearchParams;
  try {
    params = new URL(callbackUrl).searchParams;
  } catch {
    throw new McpAdapterError('sign_in_failed', `The sign-in answer for ${serverName} is not a URL.`);
  }
  const state = params.get('state');
  if (expectedState === undefined || state !== expectedState) {
    throw new McpAdapterError(
      'sign_in_state',
      `The sign-in answer for ${serverName} does not match the sign-in Baton started (its state differs), so Baton ignored it. Sign in again.`,
    );
  }
  const error = params.get('error');
  if (error !== null) {
    const description = params.get('error_description');
    throw new McpAdapterError(
      'sign_in_refused',
      `${serverName} refused the sign-in (${clip(error, 60)})${description ? `: ${clip(description, 200)}` : '.'} Sign in again to retry.`,
    );
  }
  const code = params.get('code');
  if (!code)
    throw new McpAdapterError(
      'sign_in_failed',
      `The sign-in answer for ${serverName} has no authorization code.`,
    );
  return code;
}

/**
 * Checks a callback and stores the tokens its code is exchanged for. After a popup,
 * connect.ts calls it with the provider it used; after a full-page redirect, the app
 * calls it with the server the state names (serverIdOfState).
 */
export async function finishSignIn(
  config: McpServerConfig,
  hooks: OAuthHooks,
  callbackUrl: string,
  options: { fetch?: FetchLike; provider?: BatonOAuthProvider } = {},
): Promise<void> {
  const provider = options.provider ?? (await BatonOAuthProvider.load(config.id, hooks));
  let code: string;
  try {
    code = readCallback(callbackUrl, provider.expectedState, config.name);
  } catch (error) {
    await provider.endSignIn();
    throw error;
  }
  try {
    const result = await auth(provider, {
      serverUrl: config.url,
      authorizationCode: code,
      ...(options.fetch ? { fetchFn: options.fetch } : {}),
    });
    if (result !== 'AUTHORIZED') {
      throw new McpAdapterError(
        'sign_in_failed',
        `Signing in to ${config.name} did not finish. Sign in again.`,
      );
    }
  } catch (error) {
    if (error instanceof McpAdapterError) throw error;
    // Nothing answered (or CORS refused): the same sentence as for the server itself.
    if (error instanceof TypeError) {
      throw describeMcpFailure(error, {
        server: config.name,
        url: config.url,
        auth: 'oauth',
        phase: 'connect',
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    throw new McpAdapterError('sign_in_failed', `Signing in to ${config.name} failed: ${clip(message)}`, {
      cause: error,
    });
  } finally {
    await provider.endSignIn();
  }
}
