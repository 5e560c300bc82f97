/**
 * The test MCP server behind OAuth, with the SDK's server-side auth support on express:
 * protected-resource metadata (RFC 9728) for its MCP endpoint, authorization-server
 * metadata (RFC 8414), dynamic client registration, authorization code with PKCE, token
 * and refresh. Unauthenticated MCP requests get 401 with the resource metadata URL in
 * WWW-Authenticate. The same tools and log as startMcpTestServer.
 *
 *   const server = await startOAuthTestServer();
 *   server.oauth.answer = 'refuse';        // the next authorize redirects with access_denied
 *   server.oauth.expireAccessTokens();     // the next MCP request needs a refresh
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import {
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthRouter,
} from '@modelcontextprotocol/sdk/server/auth/router.js';
import express from 'express';
import { createCallLog } from './callLog';
import { createMcpSessions, MCP_PATH } from './mcpHttp';
import { answerCommon, type McpTestServer, routeMcp, stoppable } from './mcpTestServer';
import { createTestOAuthProvider, type TestOAuthProvider } from './testOAuthProvider';
import { registerTestTools } from './testTools';

export interface OAuthTestServer extends McpTestServer {
  readonly oauth: TestOAuthProvider;
  /** Where the protected-resource metadata of the MCP endpoint is served. */
  readonly resourceMetadataUrl: string;
}

export interface OAuthTestServerOptions {
  /** How long access tokens last (default an hour; tests expire them with oauth.expireAccessTokens). */
  accessTokenSeconds?: number;
}

export async function startOAuthTestServer(options: OAuthTestServerOptions = {}): Promise<OAuthTestServer> {
  const log = createCallLog();
  const oauth = createTestOAuthProvider(log, options.accessTokenSeconds);
  const sessions = createMcpSessions({
    log,
    setup: (server, session) => registerTestTools(server, log, session),
  });

  // The metadata names absolute URLs, so the port must be known before the routes exist.
  const http = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const resource = new URL(`${origin}${MCP_PATH}`);
  const resourceMetadataUrl = getOAuthProtectedResourceMetadataUrl(resource);

  const app = express();
  app.use((req, res, next) => {
    if (!answerCommon(req, res, req.path, log)) next();
  });
  const noRateLimit = { rateLimit: false } as const;
  app.use(
    mcpAuthRouter({
      provider: oauth,
      issuerUrl: new URL(origin),
      resourceServerUrl: resource,
      scopesSupported: ['mcp'],
      resourceName: 'Baton OAuth test server',
      authorizationOptions: noRateLimit,
      tokenOptions: noRateLimit,
      clientRegistrationOptions: noRateLimit,
    }),
  );
  app.all(
    MCP_PATH,
    (_req, res, next) => {
      res.on('finish', () => {
        if (res.statusCode === 401) log.add({ event: 'oauth_unauthorized' });
      });
      next();
    },
    requireBearerAuth({ verifier: oauth, resourceMetadataUrl, expectedResource: resource }),
    (req, res) => routeMcp(sessions, req, res, MCP_PATH),
  );
  http.on('request', app);

  // Assigned onto it, not spread: `sessions` is a getter.
  return Object.assign(stoppable({ http, sessions, log, origin, url: resource.href }), {
    oauth,
    resourceMetadataUrl,
  });
}
