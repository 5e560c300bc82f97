/**
 * The offline demo model calls an MCP tool the user names (issue 25), so the path can
 * be tried without a key: in Chromium with no API key, the real test MCP server
 * connected in Settings → Tools, a message naming `echo` gets the permission card;
 * Allow once runs the call on the server and the demo's reply quotes what it echoed;
 * Deny leaves the server untouched and the demo says the call was declined. The mock
 * of the Messages API hears nothing: the demo answers in the browser.
 */
import { assistantMessages, openApp, REPLY_TIMEOUT_MS, send, waitIdle } from './helpers';
import { expect, test } from './servers/fixtures';
import { addTestServer, permissionCards } from './servers/mcpSteps';
import type { McpTestServer } from './servers/mcpTestServer';

// The card waits for the demo's first reply, typed at a human pace: as long as waitIdle
// waits for a reply. Each test waits for two such replies, so it gets more than
// Playwright's default time too.
test.describe.configure({ timeout: 180_000 });

const echoCalls = (server: McpTestServer) =>
  server.log.entries.filter((entry) => entry.event === 'call' && entry.tool === 'echo');

test('with no key, the demo calls the echo tool the message names; Allow once runs it and the reply quotes it', async ({
  page,
  mockApi,
  mcpServer,
}) => {
  await openApp(page);
  await addTestServer(page, mcpServer);
  await send(page, 'Please echo “hello from the demo”');

  const card = permissionCards(page);
  await expect(card).toHaveCount(1, { timeout: REPLY_TIMEOUT_MS });
  await expect(card).toContainText('test');
  await expect(card).toContainText('echo');
  await expect(card).toContainText('hello from the demo');
  // Nothing runs before the user answers.
  expect(echoCalls(mcpServer)).toHaveLength(0);

  await card.getByRole('button', { name: 'Allow once' }).click();
  await waitIdle(page);
  await expect(card).toHaveCount(0);
  await expect(assistantMessages(page).last()).toContainText(
    'The tool “echo” of the MCP server “test” answered: “hello from the demo”',
  );
  expect(echoCalls(mcpServer).map((entry) => entry.args)).toEqual([{ text: 'hello from the demo' }]);
  expect(mcpServer.log.entries.filter((entry) => entry.tool === 'echo').map((entry) => entry.event)).toEqual([
    'call',
    'done',
  ]);
  expect(mockApi.requests).toHaveLength(0);
});

test('with no key, Deny leaves the server untouched and the demo says the call was declined', async ({
  page,
  mockApi,
  mcpServer,
}) => {
  await openApp(page);
  await addTestServer(page, mcpServer);
  await send(page, 'echo: do not run this');

  const card = permissionCards(page);
  await expect(card).toHaveCount(1, { timeout: REPLY_TIMEOUT_MS });
  await expect(card).toContainText('do not run this');
  await card.getByRole('button', { name: 'Deny' }).click();
  await waitIdle(page);
  await expect(card).toHaveCount(0);
  await expect(assistantMessages(page).last()).toContainText(
    'The tool “echo” of the MCP server “test” did not run: the call was declined.',
  );
  await expect(assistantMessages(page).last()).toContainText('The user declined to run it');
  expect(echoCalls(mcpServer)).toHaveLength(0);
  expect(mockApi.requests).toHaveLength(0);
});
