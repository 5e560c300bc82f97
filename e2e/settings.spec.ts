/**
 * Settings in sections (tabs by keyboard, Save always in view), the Model combobox over
 * the model table, Switch model for the open session (the next request uses it), Test key
 * against the mock (200, 401, nothing listening), the import that offers a backup instead
 * of forcing one, the Thinking select at full width, and axe on the new surfaces.
 */
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import {
  assistantMessages,
  chooseImportFile,
  exchange,
  fillSettings,
  openApp,
  settingsDialog,
  settingsSection,
  TEST_KEY,
  waitIdle,
} from './helpers';

// axe and several dialogs per test; a loaded machine needs room.
test.describe.configure({ timeout: 120_000 });

const SECTIONS = ['General', 'Model', 'Handoff', 'Tools', 'Storage', 'Sync', 'Data'] as const;

function tab(page: Page, name: string) {
  return settingsDialog(page).getByRole('tab', { name, exact: true });
}

async function focusedTabName(page: Page): Promise<string | null> {
  return page.evaluate(() =>
    document.activeElement?.getAttribute('role') === 'tab' ? document.activeElement.textContent : null,
  );
}

test('the sections are tabs reached by the arrow keys, and Save and Cancel stay in view in each', async ({
  page,
}) => {
  await page.setViewportSize({ width: 900, height: 560 });
  await openApp(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).focus();
  await page.keyboard.press('Enter');
  const dialog = settingsDialog(page);
  await expect(dialog.getByRole('tablist', { name: 'Settings sections' })).toBeVisible();
  await expect(dialog.getByRole('tab')).toHaveText([...SECTIONS]);
  // The selected tab is the one tab stop of the list: the focus starts on it.
  expect(await focusedTabName(page)).toBe('General');
  await expect(
    dialog.getByRole('tabpanel', { name: 'General settings' }).getByLabel('API key'),
  ).toBeVisible();

  await page.keyboard.press('ArrowRight');
  expect(await focusedTabName(page)).toBe('Model');
  await expect(tab(page, 'Model')).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('combobox', { name: 'Model', exact: true })).toBeVisible();
  // The other sections' fields are hidden, not just scrolled away.
  await expect(dialog.getByLabel('API key')).toBeHidden();

  await page.keyboard.press('End');
  expect(await focusedTabName(page)).toBe('Data');
  await expect(dialog.getByRole('button', { name: 'Download backup' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  expect(await focusedTabName(page)).toBe('General');
  await page.keyboard.press('ArrowLeft');
  expect(await focusedTabName(page)).toBe('Data');
  await page.keyboard.press('Home');
  expect(await focusedTabName(page)).toBe('General');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  expect(await focusedTabName(page)).toBe('Handoff');
  await expect(dialog.getByLabel('Suggest a handoff at (% of context)')).toBeVisible();
  // Tools comes after Handoff, with the API's server tools as switches.
  await page.keyboard.press('ArrowRight');
  expect(await focusedTabName(page)).toBe('Tools');
  await expect(dialog.getByRole('switch', { name: 'Web fetch', exact: true })).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'Code execution', exact: true })).toBeVisible();

  for (const name of SECTIONS) {
    await tab(page, name).click();
    await expect(dialog.getByRole('tabpanel', { name: `${name} settings` })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeInViewport();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport();
  }

  // A reopened dialog starts on General again.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(tab(page, 'General')).toHaveAttribute('aria-selected', 'true');
});

test('a value refused on Save shows the section it is in', async ({ page }) => {
  await openApp(page);
  const model = await settingsSection(page, 'Model');
  await model.getByLabel('Model', { exact: true }).fill('');
  await settingsSection(page, 'Data');
  await settingsDialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(settingsDialog(page).getByRole('alert')).toHaveText('Model is required');
  await expect(tab(page, 'Model')).toHaveAttribute('aria-selected', 'true');
  await expect(model.getByLabel('Model', { exact: true })).toBeVisible();
});

test('Save closes the dialog once the settings are stored, not before: a reload then keeps them', async ({
  page,
}) => {
  await openApp(page);
  const model = await settingsSection(page, 'Model');
  await model.getByLabel('Model', { exact: true }).fill('claude-slow-disk');
  // Another connection holds the settings store in a transaction it keeps alive, as a
  // slow or busy disk would: the app's write of the settings waits behind it.
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('baton');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const w = window as Window & { releaseSettings?: boolean };
    const store = db.transaction('settings', 'readwrite').objectStore('settings');
    const spin = () => {
      store.get('settings').onsuccess = () => {
        if (!w.releaseSettings) spin();
      };
    };
    spin();
  });
  const dialog = settingsDialog(page);
  const save = dialog.getByRole('button', { name: 'Save' });
  await save.click();
  // Held: still open, Save not pressable twice, and it says why.
  await expect(dialog.getByRole('status')).toHaveText('Saving…');
  await expect(save).toBeDisabled();
  await page.evaluate(() => {
    (window as Window & { releaseSettings?: boolean }).releaseSettings = true;
  });
  await expect(dialog).toBeHidden();
  await page.reload();
  await settingsSection(page, 'Model');
  await expect(settingsDialog(page).getByLabel('Model', { exact: true })).toHaveValue('claude-slow-disk');
});

test('the Model field lists the model table with window, price and thinking; a pick by keyboard is what new sessions use', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'Before the change');
  const section = await settingsSection(page, 'Model');
  const field = section.getByRole('combobox', { name: 'Model', exact: true });
  await field.fill('opus-4-6');
  const list = section.getByRole('listbox', { name: 'Known models' });
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  await expect(list.getByRole('option')).toHaveText([/^claude-opus-4-6/]);
  await expect(list.getByRole('option').first()).toHaveText(
    'claude-opus-4-6200k window · $5 in / $25 out per M tokens · adaptive thinking',
  );
  // ↓ highlights the option (aria-activedescendant), Enter picks it and keeps the dialog open.
  await field.press('ArrowDown');
  await expect(list.getByRole('option', { selected: true })).toHaveText(/^claude-opus-4-6/);
  const active = await field.getAttribute('aria-activedescendant');
  expect(active).toBe(await list.getByRole('option').first().getAttribute('id'));
  await field.press('Enter');
  await expect(field).toHaveValue('claude-opus-4-6');
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await expect(settingsDialog(page)).toBeVisible();

  // Emptied, it lists the whole table (and the small demo); Esc closes the list, not the dialog.
  await field.fill('');
  await expect(list.getByRole('option')).not.toHaveCount(0);
  expect(await list.getByRole('option').count()).toBeGreaterThan(20);
  await expect(list.getByRole('option', { name: /^claude-3-5-haiku.*no thinking$/ })).toHaveCount(1);
  await expect(list.getByRole('option', { name: /^baton-demo-small/ })).toHaveCount(1);
  await field.press('Escape');
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await expect(settingsDialog(page)).toBeVisible();
  // Any id can be typed.
  await field.fill('my-gateway/claude-typed-1');
  await settingsDialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(settingsDialog(page)).toBeHidden();

  // A new session starts on the default.
  await page.getByRole('button', { name: 'New session', exact: true }).first().click();
  // The new, empty session must be shown before exchange counts the replies on screen.
  await expect(assistantMessages(page)).toHaveCount(0);
  await exchange(page, 'Which model?');
  expect(mockApi.messageRequests().at(-1)?.body.model).toBe('my-gateway/claude-typed-1');
});

test('Switch model changes the model of the open session: the header shows it and the next request uses it', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'First question');
  expect(mockApi.messageRequests()[0]?.body.model).toBe('claude-sonnet-5-5');
  await expect(page.getByTestId('session-model')).toHaveText('claude-sonnet-5-5');

  // By pointer: the list opens with the table, each option with its facts.
  await page.getByRole('button', { name: 'Switch model' }).click();
  const popover = page.getByRole('dialog', { name: 'Switch model' });
  const field = popover.getByRole('combobox', { name: 'Model for this session' });
  await expect(field).toBeFocused();
  await expect(popover.getByRole('listbox', { name: 'Known models' })).toBeVisible();
  await popover.getByRole('option', { name: /^claude-haiku-5 1M window · \$0\.1 in/ }).click();
  await expect(popover).toBeHidden();
  await expect(page.getByRole('button', { name: 'Switch model' })).toBeFocused();
  await expect(page.getByTestId('session-model')).toHaveText('claude-haiku-5');
  await exchange(page, 'Second question');
  expect(mockApi.messageRequests()[1]?.body.model).toBe('claude-haiku-5');

  // By keyboard, a custom id typed and Enter.
  await page.getByRole('button', { name: 'Switch model' }).press('Enter');
  await expect(field).toBeFocused();
  await field.fill('my-gateway/custom-9');
  await field.press('Enter');
  await expect(popover).toBeHidden();
  await expect(page.getByTestId('session-model')).toHaveText('my-gateway/custom-9');
  await exchange(page, 'Third question');
  expect(mockApi.messageRequests()[2]?.body.model).toBe('my-gateway/custom-9');

  // The session keeps it after a reload; Settings' default is unchanged, so a new session starts there.
  await page.reload();
  await expect(page.getByTestId('session-model')).toHaveText('my-gateway/custom-9');
  await page.getByRole('button', { name: 'New session', exact: true }).click();
  await expect(page.getByTestId('session-model')).toHaveText('claude-sonnet-5-5');
  await waitIdle(page);
});

test('the Hand off popover picks the new session model from the same list', async ({ connected: page }) => {
  await exchange(page, 'Tell me about billing');
  await page.getByRole('button', { name: 'Hand off', exact: true }).click();
  const popover = page.getByRole('dialog', { name: 'Hand off to a new session' });
  const field = popover.getByRole('combobox', { name: 'Model for the new session' });
  await expect(field).toHaveValue('claude-sonnet-5-5');
  await field.press('ArrowDown');
  await expect(popover.getByRole('listbox', { name: 'Known models' })).toBeVisible();
  await field.fill('fable-5-2');
  await field.press('ArrowDown');
  await field.press('Enter');
  await expect(field).toHaveValue('claude-fable-5-2');
  // Picking does not start the handoff: the popover waits for Start handoff.
  await expect(popover).toBeVisible();
  await popover.getByRole('button', { name: 'Cancel' }).click();
});

test.describe('Test key', () => {
  test('a key the API accepts is called valid, from one free count_tokens request with the key as typed', async ({
    connected: page,
    mockApi,
  }) => {
    mockApi.reset();
    const general = await settingsSection(page, 'General');
    // The key in the field, not yet saved, is the one tested.
    await general.getByLabel('API key').fill('sk-ant-typed-not-saved');
    await general.getByRole('button', { name: 'Test key' }).click();
    const host = new URL(mockApi.url).host;
    await expect(general.getByTestId('key-test-result')).toHaveText(
      `Valid: ${host} accepted the key (a token count for claude-sonnet-5-5 succeeded).`,
    );
    const counted = mockApi.requests.filter((r) => r.path === '/v1/messages/count_tokens');
    expect(counted).toHaveLength(1);
    expect(counted[0]?.headers.authorization).toBe('Bearer sk-ant-typed-not-saved');
    expect(mockApi.messageRequests()).toHaveLength(0);
    // Testing saved nothing: Cancel keeps the key that was there.
    await settingsDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect(settingsDialog(page).getByLabel('API key')).toHaveValue(TEST_KEY);
  });

  test('a key the API refuses with 401 is called rejected', async ({ connected: page, mockApi }) => {
    mockApi.scriptCount({ kind: 'status', status: 401 });
    const general = await settingsSection(page, 'General');
    await general.getByRole('button', { name: 'Test key' }).click();
    await expect(general.getByTestId('key-test-result')).toHaveText(
      `Rejected (401): ${new URL(mockApi.url).host} did not accept this key. Check that it was copied whole, and that it has not been revoked.`,
    );
  });

  test('an address with nothing listening is called a network problem; no key says so', async ({ page }) => {
    await openApp(page);
    const general = await settingsSection(page, 'General');
    await general.getByRole('button', { name: 'Test key' }).click();
    await expect(general.getByTestId('key-test-result')).toHaveText(/^No key to test/);
    await general.getByLabel('API key').fill(TEST_KEY);
    // Port 9 is one fetch refuses outright: a failure without waiting for a timeout.
    await general.getByLabel('API base URL').fill('http://127.0.0.1:9');
    await general.getByRole('button', { name: 'Test key' }).click();
    await expect(general.getByTestId('key-test-result')).toHaveText(
      /^Network: no answer from 127\.0\.0\.1:9: it could not be reached, or it does not allow requests from this page \(CORS\)\./,
    );
  });
});

test('import sits beside Download backup and asks before making a backup', async ({
  connected: page,
}, testInfo) => {
  await exchange(page, 'Keep me');
  const section = await settingsSection(page, 'Data');
  const data = section.getByRole('group', { name: 'Data' });
  const downloads: string[] = [];
  page.on('download', (download) => downloads.push(download.suggestedFilename()));
  const backupDownload = page.waitForEvent('download');
  await data.getByRole('button', { name: 'Download backup' }).click();
  const file = testInfo.outputPath('backup.jsonl');
  await (await backupDownload).saveAs(file);
  await expect(data.getByLabel('Import sessions')).toBeVisible();
  expect(downloads).toHaveLength(1);

  const question = page.getByRole('dialog', { name: 'Back up before importing?' });
  await data.getByLabel('Import sessions').setInputFiles(file);
  await expect(question).toBeVisible();
  await expect(question.getByRole('button')).toHaveText([
    'Cancel import',
    'Import without backup',
    'Back up first',
  ]);
  await question.getByRole('button', { name: 'Cancel import' }).click();
  await expect(question).toBeHidden();
  // Cancelled: Settings is still open, nothing imported, nothing downloaded.
  await expect(settingsDialog(page)).toBeVisible();
  await expect(data.getByRole('status')).toHaveCount(0);

  await chooseImportFile(page, file, 'Import without backup');
  await expect(data.getByRole('status')).toContainText('Restored 1 session');
  await expect(data.getByRole('status')).not.toContainText('Your data as it was is saved');
  expect(downloads).toHaveLength(1);

  // Esc in the question cancels the import only, not Settings around it.
  await data.getByLabel('Import sessions').setInputFiles(file);
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(settingsDialog(page)).toBeVisible();
});

for (const width of [1440, 390]) {
  test(`the Thinking select is as wide as its label (${width} px)`, async ({ page, mockApi }) => {
    await page.setViewportSize({ width, height: 844 });
    await openApp(page);
    // A model that cannot think shows the longest label: "No thinking (not on this model)".
    await fillSettings(page, { apiKey: TEST_KEY, baseURL: mockApi.url, model: 'claude-3-5-haiku' });
    const select = page.getByRole('combobox', { name: 'Thinking', exact: true });
    await expect(select).toContainText('No thinking (not on this model)');
    const fit = await select.evaluate((node) => {
      const el = node as HTMLSelectElement;
      const style = getComputedStyle(el);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return null;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = el.selectedOptions[0]?.text ?? '';
      const padding = Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
      return { needed: context.measureText(text).width + padding, width: el.clientWidth };
    });
    expect(fit).not.toBeNull();
    // The drop-down arrow takes about 16 px beside the text.
    expect(fit?.width ?? 0).toBeGreaterThanOrEqual((fit?.needed ?? 0) + 16);
    await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport();
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`Settings sections, the model list and Switch model have no serious violations (${scheme} theme)`, async ({
    connected: page,
  }) => {
    // axe takes tens of seconds a run on a loaded machine.
    test.setTimeout(300_000);
    await page.emulateMedia({ colorScheme: scheme });
    await exchange(page, 'Tell me about billing');
    await settingsSection(page, 'General');
    expect(await seriousViolations(page)).toEqual([]);
    const model = await settingsSection(page, 'Model');
    await model.getByRole('combobox', { name: 'Model', exact: true }).press('ArrowDown');
    await expect(model.getByRole('listbox', { name: 'Known models' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await settingsDialog(page).getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Switch model' }).click();
    await expect(page.getByRole('dialog', { name: 'Switch model' }).getByRole('listbox')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
