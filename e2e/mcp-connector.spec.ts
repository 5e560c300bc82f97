/**
 * "Let the API connect" (issue 25, connector mode), in Chromium against the mock of the
 * Messages API: a server set up for the API is never contacted by the browser; each
 * request names it in `mcp_servers` with its token and an `mcp_toolset`, under the
 * connector's beta header; the API's `mcp_tool_use` / `mcp_tool_result` blocks show as a
 * card (after a reload too) and go back unchanged with the next message. The form says
 * what the mode means and refuses a server that is not https.
 */
import type { Page } from '@playwright/test';
import { assistantMessages, send, settingsDialog, settingsSection, textReply, waitIdle } from './helpers';
import { expect, test } from './servers/fixtures';

const URL = 'https://mcp.example.test/mcp';
const TOKEN = 'tok-connector-123';

const call = {
  type: 'mcp_tool_use',
  id: 'mcptoolu_01',
  name: 'search',
  server_name: 'docs',
  input: { q: 'relay' },
} as const;
const result = {
  type: 'mcp_tool_result' as const,
  tool_use_id: 'mcptoolu_01',
  is_error: false,
  content: [{ type: 'text' as const, text: 'Three pages mention the relay zone.' }],
};

/** Adds "docs" for the API to connect to, with a bearer token. */
async function addConnectorServer(page: Page, url = URL) {
  const panel = await settingsSection(page, 'Tools');
  await panel.getByRole('button', { name: 'Add MCP server' }).click();
  const form = panel.getByRole('group', { name: 'Add MCP server' });
  await form.getByLabel('Name').fill('docs');
  await form.getByLabel('Server URL').fill(url);
  await form.getByLabel('Authorization').selectOption('bearer');
  await form.getByLabel('Token').fill(TOKEN);
  const connector = form.getByRole('checkbox', { name: 'Let the API connect' });
  await connector.check();
  await expect(connector).toHaveAccessibleDescription(
    /runs its tools without asking you first, and a token is sent to the API/,
  );
  await form.getByRole('button', { name: 'Connect' }).click();
  return panel;
}

test('a server the API connects to is named in each request and its calls show as cards; the browser never contacts it', async ({
  connected: page,
  mockApi,
}) => {
  const contacted: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('mcp.example.test')) contacted.push(request.url());
  });
  const panel = await addConnectorServer(page);
  const row = panel.getByRole('listitem', { name: 'docs' });
  await expect(
    row.getByText('The API connects to this server with each request and runs its tools without asking you.'),
  ).toBeVisible();
  await expect(row.getByRole('button', { name: 'Reconnect' })).toHaveCount(0);
  await settingsDialog(page).getByRole('button', { name: 'Cancel' }).click();

  mockApi.script(
    {
      kind: 'reply',
      reply: { blocks: [call, result, { type: 'text', text: 'The relay zone is on three pages.' }] },
    },
    textReply('You are welcome.'),
  );
  await send(page, 'Search the docs for the relay');
  await expect(assistantMessages(page).last()).toContainText('The relay zone is on three pages.');
  await waitIdle(page);

  const first = mockApi.messageRequests()[0];
  expect(first?.headers['anthropic-beta']).toContain('mcp-client-2025-11-20');
  expect(first?.body.mcp_servers).toEqual([
    { type: 'url', url: URL, name: 'docs', authorization_token: TOKEN },
  ]);
  expect(first?.body.tools).toContainEqual({ type: 'mcp_toolset', mcp_server_name: 'docs' });

  const card = assistantMessages(page).getByRole('region', { name: 'search on docs', exact: true });
  await expect(card.locator('.mcp-tool-status')).toHaveText('Done');
  await expect(card).toContainText('run by the API');
  await card.getByText('Arguments and result').click();
  await expect(card.locator('pre').first()).toContainText('"q": "relay"');
  await expect(card.locator('pre').nth(1)).toHaveText('Three pages mention the relay zone.');

  // The next message sends the API's blocks back as they came.
  await send(page, 'Thanks');
  await expect(assistantMessages(page).last()).toContainText('You are welcome.');
  await waitIdle(page);
  const second = mockApi.messageRequests()[1];
  const reply = second?.body.messages?.find((message) => message.role === 'assistant');
  expect(Array.isArray(reply?.content) ? reply.content.slice(0, 2) : reply?.content).toEqual([
    call,
    { type: 'mcp_tool_result', tool_use_id: 'mcptoolu_01', content: result.content },
  ]);
  expect(second?.headers['anthropic-beta']).toContain('mcp-client-2025-11-20');

  await page.reload();
  await expect(
    assistantMessages(page)
      .getByRole('region', { name: 'search on docs', exact: true })
      .locator('.mcp-tool-status'),
  ).toHaveText('Done');
  expect(contacted).toEqual([]);
});

test('Let the API connect refuses a server that is not https, and keeps what was typed', async ({
  connected: page,
}) => {
  // Plain http is fine for this browser on this computer, never for the API.
  const panel = await addConnectorServer(page, 'http://127.0.0.1:9/mcp');
  const form = panel.getByRole('group', { name: 'Add MCP server' });
  await expect(form.getByRole('alert')).toHaveText(
    'The API connects only to https:// servers. Use the server’s https address, or let this browser connect.',
  );
  await expect(form.getByLabel('Server URL')).toHaveValue('http://127.0.0.1:9/mcp');
  await expect(panel.getByRole('listitem', { name: 'docs' })).toHaveCount(0);
});
