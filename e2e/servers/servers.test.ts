/**
 * The test servers' HTTP face, as a browser page meets it: CORS preflights, the session
 * header exposed, the log, the OAuth metadata and the 401 that points to it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type McpTestServer, startMcpTestServer } from './mcpTestServer';
import { startOAuthTestServer } from './oauthTestServer';

const started: McpTestServer[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
});

const ORIGIN = 'http://127.0.0.1:4216';
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '1' } },
};

describe('test MCP server', () => {
  it('answers a preflight with the headers an MCP client sends, for any origin', async () => {
    const server = await startMcpTestServer();
    started.push(server);
    const response = await fetch(server.url, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, mcp-session-id, mcp-protocol-version',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'content-type, authorization, mcp-session-id, mcp-protocol-version, last-event-id',
    );
    expect(response.headers.get('access-control-allow-methods')).toContain('DELETE');
  });

  it('exposes the session id it gives at initialize, and counts the session', async () => {
    const server = await startMcpTestServer();
    started.push(server);
    const response = await fetch(server.url, {
      method: 'POST',
      headers: {
        origin: ORIGIN,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify(initialize),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('access-control-expose-headers')).toContain('mcp-session-id');
    await response.body?.cancel();
    expect(server.sessions).toBe(1);
  });

  it('serves its call log as JSON', async () => {
    const server = await startMcpTestServer();
    started.push(server);
    server.log.add({ event: 'call', tool: 'echo', args: { text: 'x' } });
    const entries = await (await fetch(server.logUrl)).json();
    expect(entries).toEqual([
      expect.objectContaining({ seq: 1, event: 'call', tool: 'echo', args: { text: 'x' } }),
    ]);
  });

  it('speaks only the older transport when started so: POST to it is refused with 405', async () => {
    const server = await startMcpTestServer({ transport: 'sse' });
    started.push(server);
    expect(server.url).toMatch(/\/sse$/);
    const response = await fetch(server.url, { method: 'POST', body: '{}' });
    expect(response.status).toBe(405);
    expect((await fetch(`${server.origin}/mcp`, { method: 'POST', body: '{}' })).status).toBe(404);
  });
});

describe('OAuth test server', () => {
  it('answers an MCP request without a token with 401 and the resource metadata URL', async () => {
    const server = await startOAuthTestServer();
    started.push(server);
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(initialize),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain(
      `resource_metadata="${server.resourceMetadataUrl}"`,
    );
    expect(response.headers.get('access-control-expose-headers')).toContain('www-authenticate');
    expect(server.log.entries.map((entry) => entry.event)).toEqual(['oauth_unauthorized']);
  });

  it('publishes protected-resource and authorization-server metadata', async () => {
    const server = await startOAuthTestServer();
    started.push(server);
    const resource = await (await fetch(server.resourceMetadataUrl)).json();
    expect(resource).toMatchObject({ resource: server.url, authorization_servers: [`${server.origin}/`] });
    const metadata = await (await fetch(`${server.origin}/.well-known/oauth-authorization-server`)).json();
    expect(metadata).toMatchObject({
      issuer: `${server.origin}/`,
      authorization_endpoint: `${server.origin}/authorize`,
      token_endpoint: `${server.origin}/token`,
      registration_endpoint: `${server.origin}/register`,
      code_challenge_methods_supported: ['S256'],
    });
  });
});
