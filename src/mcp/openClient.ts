/**
 * Opens an SDK client on a server: Streamable HTTP first, and the older HTTP+SSE
 * transport when the server answers the first POST with a 4xx that is not about
 * authorization (the fallback the MCP specification describes for older servers).
 */
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { withStreamLossAnswers } from './streamLossFetch';
import type { McpAuth, McpTransportKind } from './types';

export const CONNECT_TIMEOUT_MS = 30_000;
export const CLIENT_INFO = { name: 'Baton', version: '1.0.0' };

/**
 * Baton never asks the SDK to check structured tool output (it sends the content blocks
 * to the model), and the SDK's default checker (Ajv) compiles code with `new Function`,
 * which the page's Content-Security-Policy forbids. Should the SDK ever ask, it says so.
 */
const noOutputValidation: jsonSchemaValidator = {
  getValidator: () => () => ({
    valid: false,
    data: undefined,
    errorMessage: 'Baton does not check structured tool output.',
  }),
};

export interface OpenedClient {
  client: Client;
  transport: McpTransportKind;
}

export interface OpenOptions {
  url: URL;
  auth: McpAuth;
  authProvider?: OAuthClientProvider;
  fetch: FetchLike;
  /** Called on the new client before it connects (notification handlers). */
  prepare(client: Client): void;
}

function newClient(prepare: (client: Client) => void): Client {
  const client = new Client(CLIENT_INFO, { capabilities: {}, jsonSchemaValidator: noOutputValidation });
  prepare(client);
  return client;
}

function fallsBack(error: unknown): boolean {
  return (
    error instanceof StreamableHTTPError &&
    error.code !== undefined &&
    error.code >= 400 &&
    error.code < 500 &&
    error.code !== 401 &&
    error.code !== 403
  );
}

export async function openClient(options: OpenOptions): Promise<OpenedClient> {
  const { url, auth, authProvider, fetch } = options;
  const requestInit: RequestInit | undefined =
    auth.kind === 'bearer' ? { headers: { Authorization: `Bearer ${auth.token}` } } : undefined;
  const shared = { ...(authProvider ? { authProvider } : {}), ...(requestInit ? { requestInit } : {}) };

  const client = newClient(options.prepare);
  try {
    await client.connect(
      new StreamableHTTPClientTransport(url, { ...shared, fetch: withStreamLossAnswers(fetch) }),
      { timeout: CONNECT_TIMEOUT_MS },
    );
    return { client, transport: 'streamable-http' };
  } catch (error) {
    await client.close().catch(() => undefined);
    if (!fallsBack(error)) throw error;
    const legacy = newClient(options.prepare);
    try {
      await legacy.connect(new SSEClientTransport(url, { ...shared, fetch }), {
        timeout: CONNECT_TIMEOUT_MS,
      });
      return { client: legacy, transport: 'sse' };
    } catch (legacyError) {
      await legacy.close().catch(() => undefined);
      // Neither transport: the first answer says more (a 404 to the POST that every server takes).
      throw isNotFound(legacyError) ? error : legacyError;
    }
  }
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 404 || code === 405;
}
