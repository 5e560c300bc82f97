/**
 * Persistence: a reload keeps sessions, messages and settings; the key not remembered
 * lives as long as the tab; a reply cut by a reload stays visible, marked interrupted.
 */
import { expect, test } from './fixtures';
import {
  addPromptTemplate,
  assistantMessages,
  connect,
  fillSettings,
  openApp,
  send,
  sessionTitles,
  settingsDialog,
  settingsSection,
  TEST_KEY,
  textReply,
  userMessages,
  waitIdle,
  withoutCacheMarks,
} from './helpers';

const LONG_REPLY =
  'Alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango.';

test('a reload keeps the sessions, their messages and the settings; the key stays for the tab', async ({
  page,
  mockApi,
}) => {
  await connect(page, mockApi, { model: 'claude-reload-test' });
  await addPromptTemplate(page, 'summarise', 'Summarise: $ARGUMENTS');
  await send(page, 'First session message');
  await expect(assistantMessages(page)).toHaveText(['Mock reply to: First session message']);
  await waitIdle(page);
  await page.getByRole('button', { name: 'New session', exact: true }).click();
  await expect(userMessages(page)).toHaveCount(0);
  await send(page, 'Second session message');
  await expect(assistantMessages(page)).toHaveText(['Mock reply to: Second session message']);
  await waitIdle(page);
  await expect(sessionTitles(page)).toHaveText(['Second session message', 'First session message']);

  await page.reload();

  await expect(sessionTitles(page)).toHaveText(['Second session message', 'First session message']);
  await expect(sessionTitles(page).first()).toHaveAttribute('aria-current', 'page');
  await expect(userMessages(page)).toHaveText(['Second session message']);
  await expect(assistantMessages(page)).toHaveText(['Mock reply to: Second session message']);
  await expect(page.getByTitle('Model', { exact: true })).toHaveText('claude-reload-test');

  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = settingsDialog(page);
  await expect(dialog.getByLabel('API key')).toHaveValue(TEST_KEY);
  await expect(dialog.getByLabel('API base URL')).toHaveValue(mockApi.url);
  await expect(dialog.getByLabel('Remember key on this device')).not.toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Remove template summarise' })).toBeVisible();
  await settingsSection(page, 'Model');
  await expect(dialog.getByLabel('Model', { exact: true })).toHaveValue('claude-reload-test');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // Not remembered: the key is kept by the tab (sessionStorage), not on the device.
  expect(await page.evaluate(() => sessionStorage.getItem('baton.apiKey'))).toBe(TEST_KEY);

  // The older session opens with its own messages, and the conversation goes on with the key.
  await sessionTitles(page).filter({ hasText: 'First session message' }).click();
  await expect(userMessages(page)).toHaveText(['First session message']);
  await send(page, 'Still there?');
  await expect(assistantMessages(page)).toHaveText([
    'Mock reply to: First session message',
    'Mock reply to: Still there?',
  ]);
  await waitIdle(page);
  const last = mockApi.requests.at(-1);
  expect(last?.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
  expect(last?.body.model).toBe('claude-reload-test');
  expect(withoutCacheMarks(last?.body.messages)).toEqual([
    { role: 'user', content: [{ type: 'text', text: 'First session message' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'Mock reply to: First session message' }] },
    { role: 'user', content: [{ type: 'text', text: 'Still there?' }] },
  ]);
});

test('a key not remembered is not in a new tab; a remembered one is', async ({ page, context, mockApi }) => {
  await connect(page, mockApi, { model: 'claude-tab-test' });
  await expect(page.getByTitle('Model', { exact: true })).toHaveText('claude-tab-test');

  const secondTab = await context.newPage();
  await openApp(secondTab);
  // The other settings are on the device; the key is not, so the new tab runs the demo.
  await expect(secondTab.getByTitle('Model', { exact: true })).toHaveText('Demo (offline)');
  await secondTab.getByRole('button', { name: 'Settings' }).click();
  await expect(settingsDialog(secondTab).getByLabel('API key')).toHaveValue('');
  await expect(settingsDialog(secondTab).getByLabel('API base URL')).toHaveValue(mockApi.url);
  await settingsSection(secondTab, 'Model');
  await expect(settingsDialog(secondTab).getByLabel('Model', { exact: true })).toHaveValue('claude-tab-test');
  await secondTab.close();

  await fillSettings(page, { rememberKey: true });
  expect(await page.evaluate(() => sessionStorage.getItem('baton.apiKey'))).toBeNull();
  const thirdTab = await context.newPage();
  await openApp(thirdTab);
  await expect(thirdTab.getByTitle('Model', { exact: true })).toHaveText('claude-tab-test');
  await thirdTab.getByRole('button', { name: 'Settings' }).click();
  await expect(settingsDialog(thirdTab).getByLabel('API key')).toHaveValue(TEST_KEY);
  await expect(settingsDialog(thirdTab).getByLabel('Remember key on this device')).toBeChecked();
});

test('a reload mid-reply keeps the question and the partial reply, marked interrupted', async ({
  connected: page,
  mockApi,
}) => {
  // About ten seconds in all, so the reload surely lands mid-reply even on a loaded machine.
  mockApi.script(textReply(LONG_REPLY, { delayMsPerEvent: 300, chunkSize: 4 }));
  await send(page, 'Spell the alphabet');
  await expect(assistantMessages(page).first()).toContainText('Alpha bravo');
  // Let at least two of the ~250 ms write windows pass after text arrived.
  await page.waitForTimeout(700);
  await expect(page.getByTestId('agent-state')).toHaveText('Replying');

  await page.reload();

  await expect(userMessages(page)).toHaveText(['Spell the alphabet']);
  const reply = assistantMessages(page).first();
  await expect(reply).toHaveAttribute('data-stop-reason', 'interrupted');
  await expect(reply).toContainText('Interrupted');
  await expect(reply.locator('.markdown')).toContainText('Alpha bravo');
  const kept = ((await reply.locator('.markdown').textContent()) ?? '').trim();
  expect(LONG_REPLY.startsWith(kept)).toBe(true);
  expect(kept.length).toBeLessThan(LONG_REPLY.length);
  await waitIdle(page);
  await expect(page.getByTestId('agent-state')).toHaveText('Ready');

  // The conversation goes on: the question and what was kept of the reply are context.
  await send(page, 'Go on');
  await expect(assistantMessages(page)).toHaveCount(2);
  await waitIdle(page);
  const request = mockApi.requests.at(-1);
  expect(withoutCacheMarks(request?.body.messages?.[0])).toEqual({
    role: 'user',
    content: [{ type: 'text', text: 'Spell the alphabet' }],
  });
  expect(withoutCacheMarks(request?.body.messages?.at(-1))).toEqual({
    role: 'user',
    content: [{ type: 'text', text: 'Go on' }],
  });
  expect(JSON.stringify(request?.body.messages)).toContain(kept);

  // And it is still marked interrupted after another reload.
  await page.reload();
  await expect(assistantMessages(page).first()).toHaveAttribute('data-stop-reason', 'interrupted');
});
