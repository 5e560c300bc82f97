/**
 * Settings → Tools against a real MCP server (the official SDK's, Streamable HTTP, CORS)
 * on 127.0.0.1: Add MCP server connects and lists its tools, a tool can be switched off,
 * a server that does not answer says so, and a server can be removed (issue 25).
 */
import { settingsSection } from './helpers';
import { expect, test } from './servers/fixtures';

test('Add MCP server connects: "Connected · 8 tools", tools as checkboxes, switched off and removed', async ({
  connected: page,
  mcpServer,
}) => {
  const panel = await settingsSection(page, 'Tools');
  await panel.getByRole('button', { name: 'Add MCP server' }).click();
  await panel.getByLabel('Name').fill('test');
  await panel.getByLabel('Server URL').fill(mcpServer.url);
  await expect(panel.getByLabel('Authorization')).toHaveValue('none');
  await panel.getByRole('button', { name: 'Connect' }).click();

  const row = panel.getByRole('listitem', { name: 'test' });
  await expect(row.getByText('Connected · 8 tools')).toBeVisible();
  const echo = row.getByRole('checkbox', { name: 'echo', exact: true });
  await expect(echo).toBeChecked();
  await echo.uncheck();
  await expect(echo).not.toBeChecked();

  await row.getByRole('button', { name: 'Remove' }).click();
  await expect(row).toHaveCount(0);
});

test('a server that does not answer gets the sentence that suggests connector mode', async ({
  connected: page,
  mcpServer,
}) => {
  const url = mcpServer.url;
  await mcpServer.kill();
  const panel = await settingsSection(page, 'Tools');
  await panel.getByRole('button', { name: 'Add MCP server' }).click();
  await panel.getByLabel('Name').fill('gone');
  await panel.getByLabel('Server URL').fill(url);
  await panel.getByRole('button', { name: 'Connect' }).click();
  const row = panel.getByRole('listitem', { name: 'gone' });
  await expect(row).toContainText('Baton could not reach gone');
  await expect(row).toContainText('Let the API connect');
});
