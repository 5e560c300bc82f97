/**
 * Connects to one MCP server and keeps the connection: checks the URL, opens the SDK
 * client (signing in through the app's hook when the server asks for OAuth), lists the
 * tools, lists them again on tools/list_changed, and runs calls with a timeout,
 * cancellation that reaches the server, and progress. Every failure is an
 * McpAdapterError whose message is the sentence to show.
 */
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { describeMcpFailure, type FailureContext, McpAdapterError, progressCapFailure } from './mcpErrors';
import { BatonOAuthProvider, type OAuthHooks } from './oauth/oauthProvider';
import { finishSignIn } from './oauth/signIn';
import { CONNECT_TIMEOUT_MS, type OpenedClient, openClient } from './openClient';
import { checkServerUrl } from './serverUrl';
import { toToolListing } from './toolListing';
import type { CallToolOutcome, ConnectionEvents, McpConnection, McpServerConfig, ToolListing } from './types';

export const DEFAULT_CALL_TIMEOUT_MS = 60_000;
/**
 * A server that keeps reporting progress has its wait started over each time, but not
 * for ever: a call may run at most this many times its timeout in all, so a server that
 * reports progress and never finishes cannot hold the run (and the user) indefinitely.
 */
export const PROGRESS_RUN_FACTOR = 10;
/** Pages of tools/list read at most; a server that pages on past this is cut there. */
const MAX_LIST_PAGES = 20;

export interface ConnectOptions extends ConnectionEvents {
  /** Needed for servers with OAuth: the secret store and the sign-in hook. */
  oauth?: OAuthHooks;
  /** Default: the page's fetch. */
  fetch?: FetchLike;
  /**
   * False when no one asked for this connect (a reconnect at start-up): a server that
   * wants a sign-in then fails with sign_in_needed instead of opening a window, which a
   * browser would block without a click anyway. Default true.
   */
  interactive?: boolean;
}

/** One page of tools/list, loosely: the entries are checked one by one (toolListing.ts). */
const ToolsPage = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });
/** A tool result, loosely: content blocks of types Baton does not know become notes, not a failure. */
const LooseCallResult = z.looseObject({
  content: z.array(z.unknown()).default([]),
  isError: z.boolean().optional(),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
});

async function listAllTools(client: Client, maxTools: number | undefined): Promise<ToolListing> {
  const raw: unknown[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const answer = await client.request(
      { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
      ToolsPage,
      { timeout: CONNECT_TIMEOUT_MS },
    );
    raw.push(...answer.tools);
    cursor = answer.nextCursor;
    if (cursor === undefined) break;
  }
  return toToolListing(raw, maxTools);
}

export async function connectMcpServer(
  config: McpServerConfig,
  options: ConnectOptions = {},
): Promise<McpConnection> {
  const checked = checkServerUrl(config.url);
  if (!checked.ok) throw new McpAdapterError('bad_url', checked.message);
  const url = checked.url;
  const fetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const context: FailureContext = {
    server: config.name,
    url: url.href,
    auth: config.auth.kind,
    phase: 'connect',
  };
  if (config.auth.kind === 'oauth' && !options.oauth) {
    throw new McpAdapterError('sign_in_failed', `Signing in to ${config.name} is not available here.`);
  }
  const provider = options.oauth ? await BatonOAuthProvider.load(config.id, options.oauth) : undefined;
  const authProvider = config.auth.kind === 'oauth' ? provider : undefined;

  let connection: McpConnection | undefined;
  const prepare = (client: Client) =>
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      if (!connection) return;
      connection.refreshTools().then(
        (listing) => options.onToolsChanged?.(listing),
        (error: unknown) => options.onToolsRefreshFailed?.((error as Error).message),
      );
    });
  const open = () => openClient({ url, auth: config.auth, authProvider, fetch, prepare });

  let opened: OpenedClient;
  try {
    opened = await open();
  } catch (error) {
    const hooks = options.oauth;
    const signInUrl = authProvider?.pendingAuthorization;
    if (!(error instanceof UnauthorizedError) || !hooks || !authProvider || !signInUrl) {
      throw describeMcpFailure(error, context);
    }
    if (options.interactive === false) {
      await authProvider.endSignIn();
      throw describeMcpFailure(error, context);
    }
    // The server wants a sign-in: show its page, check the answer, then connect again.
    let callbackUrl: string;
    try {
      callbackUrl = await hooks.authorize(signInUrl, config);
    } catch (hookError) {
      if (hookError instanceof McpAdapterError) throw hookError;
      const why = hookError instanceof Error ? hookError.message : String(hookError);
      throw new McpAdapterError('sign_in_failed', `Signing in to ${config.name} did not finish: ${why}`, {
        cause: hookError,
      });
    }
    await finishSignIn(config, hooks, callbackUrl, { fetch, provider: authProvider });
    try {
      opened = await open();
    } catch (retryError) {
      throw describeMcpFailure(retryError, context);
    }
  }

  try {
    connection = createConnection(config, opened, context);
    await connection.refreshTools();
    return connection;
  } catch (error) {
    await opened.client.close().catch(() => undefined);
    throw describeMcpFailure(error, { ...context, phase: 'list' });
  }
}

function createConnection(
  config: McpServerConfig,
  opened: OpenedClient,
  context: FailureContext,
): McpConnection {
  const { client } = opened;
  let listing: ToolListing = { tools: [], leftOut: [] };
  let closed = false;
  let running: Promise<ToolListing> | undefined;
  let queued: Promise<ToolListing> | undefined;

  const list = async () => {
    try {
      listing = await listAllTools(client, config.maxTools);
      return listing;
    } catch (error) {
      throw describeMcpFailure(error, { ...context, phase: 'list' });
    }
  };
  // Several tools/list_changed in a row cause one listing after the running one, not one each.
  const refreshTools = (): Promise<ToolListing> => {
    if (queued) return queued;
    if (!running) {
      running = list().finally(() => {
        running = undefined;
      });
      return running;
    }
    queued = running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return refreshTools();
      });
    return queued;
  };

  const server = client.getServerVersion();
  const instructions = client.getInstructions();
  return {
    config,
    transport: opened.transport,
    serverInfo: {
      ...(server?.name !== undefined ? { name: server.name } : {}),
      ...(server?.version !== undefined ? { version: server.version } : {}),
      ...(instructions !== undefined ? { instructions } : {}),
    },
    get tools() {
      return listing;
    },
    refreshTools,
    async callTool(name, args, options = {}) {
      const timeoutMs = options.timeoutMs ?? config.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
      const callContext: FailureContext = {
        ...context,
        phase: 'call',
        tool: name,
        timeoutMs,
        ...(options.signal ? { signal: options.signal } : {}),
      };
      if (closed) {
        throw new McpAdapterError(
          'server_died',
          `${config.name} is not connected. Reconnect it in Settings → Tools.`,
        );
      }
      // Our own cap rather than the SDK's maxTotalTimeout: the SDK's gives up without
      // telling the server, while aborting the request's signal sends it notifications/cancelled.
      const totalMs = timeoutMs * PROGRESS_RUN_FACTOR;
      const cap = new AbortController();
      const capTimer = setTimeout(() => cap.abort(new Error('The call ran past its total limit.')), totalMs);
      const signal = options.signal ? AbortSignal.any([options.signal, cap.signal]) : cap.signal;
      try {
        // client.request, not client.callTool: callTool takes only the SDK's strict result schema.
        const result = await client.request(
          { method: 'tools/call', params: { name, arguments: args } },
          LooseCallResult,
          {
            timeout: timeoutMs,
            // A server that reports progress is still working: the wait starts over.
            resetTimeoutOnProgress: true,
            signal,
            onprogress: ({ progress, total, message }) =>
              options.onProgress?.({
                progress,
                ...(total !== undefined ? { total } : {}),
                ...(message !== undefined ? { message } : {}),
              }),
          },
        );
        return result as CallToolOutcome;
      } catch (error) {
        if (cap.signal.aborted && !options.signal?.aborted) throw progressCapFailure(callContext, totalMs);
        throw describeMcpFailure(error, callContext);
      } finally {
        clearTimeout(capTimer);
      }
    },
    async close() {
      closed = true;
      await client.close().catch(() => undefined);
    },
  };
}
