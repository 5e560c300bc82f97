/**
 * Playwright fixtures for specs that need MCP servers, on top of e2e/fixtures.ts:
 *
 *   import { test, expect } from './servers/fixtures';
 *   test('…', async ({ connected, mcpServer }) => { … mcpServer.url … mcpServer.log … });
 *
 * - `mcpServer`: a fresh test MCP server per test (Streamable HTTP, CORS), closed after it.
 *   `test.use({ mcpServerOptions: { tools: 'many' } })` starts it differently.
 * - `oauthServer`: the OAuth-protected one, likewise.
 * A failed test gets the server's call log attached.
 */
import type { TestInfo } from '@playwright/test';
import { test as base, expect } from '../fixtures';
import type { CallLogEntry } from './callLog';
import { type McpTestServer, type McpTestServerOptions, startMcpTestServer } from './mcpTestServer';
import { type OAuthTestServer, startOAuthTestServer } from './oauthTestServer';

interface ServerFixtures {
  mcpServer: McpTestServer;
  oauthServer: OAuthTestServer;
}

interface ServerOptions {
  mcpServerOptions: McpTestServerOptions;
}

async function attachLog(testInfo: TestInfo, name: string, entries: readonly CallLogEntry[]): Promise<void> {
  if (testInfo.status === testInfo.expectedStatus) return;
  await testInfo.attach(name, { body: JSON.stringify(entries, null, 2), contentType: 'application/json' });
}

export const test = base.extend<ServerFixtures & ServerOptions>({
  mcpServerOptions: [{}, { option: true }],

  mcpServer: async ({ mcpServerOptions }, use, testInfo) => {
    const server = await startMcpTestServer(mcpServerOptions);
    try {
      await use(server);
    } finally {
      await attachLog(testInfo, 'mcp-server-log.json', server.log.entries);
      await server.close();
    }
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  oauthServer: async ({}, use, testInfo) => {
    const server = await startOAuthTestServer();
    try {
      await use(server);
    } finally {
      await attachLog(testInfo, 'oauth-server-log.json', server.log.entries);
      await server.close();
    }
  },
});

export { expect };
