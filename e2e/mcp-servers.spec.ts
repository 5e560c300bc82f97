/**
 * Settings → Tools against a real MCP server (the official SDK's, Streamable HTTP, CORS)
 * on 127.0.0.1: Add MCP server connects and lists its tools, a tool can be switched off,
 * a server that does not answer says so, a server can be edited (name, timeout) and
 * removed, and tool names and descriptions the server wrote are shown with their hidden
 * characters revealed (issue 25).
 */
import type { Page } from '@playwright/test';
import { assistantMessages, send, settingsDialog, settingsSection, textReply, waitIdle } from './helpers';
import { expect, test } from './servers/fixtures';

const TIMEOUT_SENTENCE =
  'Timeout (seconds) takes a whole number of seconds from 1 to 3600 (an hour), such as 60.';

/** Adds the server at `url` as `name` in Settings → Tools; resolves with the Tools panel. */
async function addServer(page: Page, name: string, url: string) {
  const panel = await settingsSection(page, 'Tools');
  await panel.getByRole('button', { name: 'Add MCP server' }).click();
  const form = panel.getByRole('group', { name: 'Add MCP server' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Server URL').fill(url);
  await expect(form.getByLabel('Timeout (seconds)')).toHaveValue('60');
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(form).toHaveCount(0);
  return panel;
}

/** The names of the tools the model was offered in the last request. */
function offeredTools(requests: ReadonlyArray<{ body: { tools?: unknown } }>): string[] {
  return ((requests.at(-1)?.body.tools ?? []) as Array<{ name: string }>).map((tool) => tool.name);
}

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
  await expect(row).toContainText('(CORS): the server must allow requests');
});

test('Edit changes the name and timeout: a bad timeout keeps what was typed, the row reconnects, the change outlives a reload, Cancel changes nothing', async ({
  connected: page,
  mcpServer,
  mockApi,
}) => {
  let panel = await addServer(page, 'test', mcpServer.url);
  await expect(panel.getByRole('listitem', { name: 'test' }).getByText('Connected · 8 tools')).toBeVisible();

  await panel.getByRole('listitem', { name: 'test' }).getByRole('button', { name: 'Edit' }).click();
  const form = panel.getByRole('group', { name: 'Edit MCP server' });
  await expect(form.getByLabel('Name')).toHaveValue('test');
  await expect(form.getByLabel('Server URL')).toHaveValue(mcpServer.url);
  await expect(form.getByLabel('Authorization')).toHaveValue('none');
  await expect(form.getByLabel('Timeout (seconds)')).toHaveValue('60');
  await expect(form.getByLabel('Name')).toBeFocused();

  // A bad timeout: its sentence, every typed value kept, nothing stored.
  await form.getByLabel('Name').fill('renamed');
  await form.getByLabel('Timeout (seconds)').fill('1.5');
  await form.getByRole('button', { name: 'Save and reconnect' }).click();
  await expect(form.getByRole('alert')).toHaveText(TIMEOUT_SENTENCE);
  await expect(form.getByLabel('Timeout (seconds)')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Name')).toHaveValue('renamed');
  await expect(form.getByLabel('Timeout (seconds)')).toHaveValue('1.5');
  await expect(panel.getByRole('listitem', { name: 'test' })).toBeVisible();

  // Enter in a field saves this form, not the Settings dialog around it.
  await form.getByLabel('Timeout (seconds)').fill('5');
  await form.getByLabel('Timeout (seconds)').press('Enter');
  await expect(form).toHaveCount(0);
  await expect(settingsDialog(page)).toBeVisible();
  const row = panel.getByRole('listitem', { name: 'renamed' });
  await expect(row.getByText('Connected · 8 tools')).toBeVisible();
  await expect(row.getByRole('checkbox', { name: 'echo', exact: true })).toBeChecked();
  await expect(panel.getByRole('listitem', { name: 'test' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Edit' })).toBeFocused();

  // The model is offered the tools under the new name.
  await settingsDialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
  mockApi.script(textReply('Hello.'));
  await send(page, 'Hi');
  // The reply, not only an idle box: idle can be seen before the request has gone out.
  await expect(assistantMessages(page)).toHaveCount(1);
  await waitIdle(page);
  const offered = offeredTools(mockApi.messageRequests());
  expect(offered).toContain('mcp__renamed__echo');
  expect(offered).not.toContain('mcp__test__echo');

  await page.reload();
  panel = await settingsSection(page, 'Tools');
  const reloaded = panel.getByRole('listitem', { name: 'renamed' });
  await expect(reloaded.getByText('Connected · 8 tools')).toBeVisible();
  await reloaded.getByRole('button', { name: 'Edit' }).click();
  await expect(form.getByLabel('Timeout (seconds)')).toHaveValue('5');

  // Cancel: what was typed is dropped and the server stays as it was.
  await form.getByLabel('Name').fill('other');
  await form.getByLabel('Timeout (seconds)').fill('120');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);
  await expect(reloaded.getByText('Connected · 8 tools')).toBeVisible();
  await expect(panel.getByRole('listitem', { name: 'other' })).toHaveCount(0);
  await reloaded.getByRole('button', { name: 'Edit' }).click();
  await expect(form.getByLabel('Name')).toHaveValue('renamed');
  await expect(form.getByLabel('Timeout (seconds)')).toHaveValue('5');
});

test('a rename onto another server’s name is refused with its sentence and keeps the typed name', async ({
  connected: page,
  mcpServer,
}) => {
  await addServer(page, 'first', mcpServer.url);
  const panel = await addServer(page, 'second', mcpServer.url);
  await expect(
    panel.getByRole('listitem', { name: 'second' }).getByText('Connected · 8 tools'),
  ).toBeVisible();
  await panel.getByRole('listitem', { name: 'second' }).getByRole('button', { name: 'Edit' }).click();
  const form = panel.getByRole('group', { name: 'Edit MCP server' });
  await form.getByLabel('Name').fill('first');
  await form.getByRole('button', { name: 'Save and reconnect' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'There is already a server named "first". Choose another name.',
  );
  await expect(form.getByLabel('Name')).toHaveValue('first');
  await expect(panel.getByRole('listitem', { name: 'second' })).toBeVisible();
});

test('a tool whose name and description hold a hidden character is shown with it revealed', async ({
  connected: page,
  mcpServer,
}) => {
  // "peek\u202Etxt.exe" would read "peekexe.txt"; its description ("Added later: …") holds it too.
  mcpServer.addTool('peek\u202Etxt.exe');
  const panel = await addServer(page, 'test', mcpServer.url);
  const row = panel.getByRole('listitem', { name: 'test' });
  await expect(row.getByText('Connected · 9 tools')).toBeVisible();
  const tool = page.getByRole('checkbox', { name: 'peek⟨U+202E⟩txt.exe', exact: true });
  await expect(row.locator(tool)).toBeChecked();
  // The description is the label's title (`has` takes a locator relative to the label).
  await expect(row.locator('label', { has: tool })).toHaveAttribute(
    'title',
    'Added later: peek⟨U+202E⟩txt.exe.',
  );
  expect(await row.textContent()).not.toContain('\u202E');
  expect(await row.innerHTML()).not.toContain('\u202E');
});
