/**
 * A key that is forgotten or replaced leaves the device: it is taken out of every stored
 * conversation (and the one on screen), and exports leave out every key the device has
 * used, found by fingerprint even in what was imported after the key was forgotten.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  assistantMessages,
  chooseImportFile,
  exchange,
  fillSettings,
  settingsDialog,
  settingsSection,
  TEST_KEY,
  textReply,
} from './helpers';

const REMOVED = '[API key removed]';

/** Every record of every store of the app's database, as one JSON text. */
async function storedEverything(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('baton');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const names = [...db.objectStoreNames];
    const tx = db.transaction(names, 'readonly');
    const all = await Promise.all(
      names.map(
        (name) =>
          new Promise<unknown[]>((resolve, reject) => {
            const request = tx.objectStore(name).getAll();
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          }),
      ),
    );
    db.close();
    return JSON.stringify(all);
  });
}

async function download(page: Page, act: () => Promise<void>): Promise<string> {
  const pending = page.waitForEvent('download');
  await act();
  return readFile(await (await pending).path(), 'utf8');
}

async function exportFromMenu(page: Page, item: string): Promise<string> {
  return download(page, async () => {
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('dialog', { name: 'Export' }).getByRole('button', { name: item }).click();
  });
}

async function backup(page: Page): Promise<string> {
  const data = (await settingsSection(page, 'Data')).getByRole('group', { name: 'Data' });
  const text = await download(page, () => data.getByRole('button', { name: 'Download backup' }).click());
  await settingsDialog(page).getByRole('button', { name: 'Cancel' }).click();
  return text;
}

test('"Forget key" takes the key out of every stored conversation, the screen and every export', async ({
  connected: page,
  mockApi,
}) => {
  mockApi.script(textReply(`Noted. Your key ${TEST_KEY} is set; keep ${TEST_KEY} private.`));
  await exchange(page, `Is ${TEST_KEY} my key?`);
  expect(await storedEverything(page)).toContain(TEST_KEY);

  await page.getByRole('button', { name: 'Settings' }).click();
  await settingsDialog(page).getByRole('button', { name: 'Forget key' }).click();
  await settingsDialog(page).getByRole('button', { name: 'Cancel' }).click();

  await expect(assistantMessages(page).last()).toContainText(`Noted. Your key ${REMOVED} is set`);
  await expect(page.getByText(TEST_KEY)).toHaveCount(0);
  await expect.poll(() => storedEverything(page)).not.toContain(TEST_KEY);
  expect(await storedEverything(page)).toContain(REMOVED);

  for (const item of ['Session as JSONL', 'Session as Markdown']) {
    const text = await exportFromMenu(page, item);
    expect(text, item).toContain(REMOVED);
    expect(text, item).not.toContain(TEST_KEY);
  }
  expect(await backup(page)).not.toContain(TEST_KEY);

  // After a reload nothing brings it back.
  await page.reload();
  await expect(assistantMessages(page).last()).toContainText(REMOVED);
  expect(await storedEverything(page)).not.toContain(TEST_KEY);
});

test('"Forget key" also takes out a key the model echoed broken in two, prefix and body apart (issue 27, finding 6)', async ({
  connected: page,
  mockApi,
}) => {
  const prefix = 'sk-ant-test-';
  const body = TEST_KEY.slice(prefix.length);
  mockApi.script(textReply(`Your key is ${prefix.slice(0, -1)} -${body} and again ${prefix}\n${body}.`));
  await exchange(page, 'What is my key?');
  expect(await storedEverything(page)).toContain(body);

  await page.getByRole('button', { name: 'Settings' }).click();
  await settingsDialog(page).getByRole('button', { name: 'Forget key' }).click();
  await settingsDialog(page).getByRole('button', { name: 'Cancel' }).click();

  await expect(assistantMessages(page).last()).toContainText(`Your key is sk-ant-test -${REMOVED}`);
  await expect.poll(() => storedEverything(page)).not.toContain(body);
  for (const item of ['Session as JSONL', 'Session as Markdown']) {
    expect(await exportFromMenu(page, item), item).not.toContain(body);
  }
  expect(await backup(page)).not.toContain(body);
});

test('"Forget key" deletes the MCP servers\' OAuth secrets database too', async ({ connected: page }) => {
  // A server's tokens as the MCP sign-in stores them, in their own database (version 2,
  // which start-up may already have created to read the server records).
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('baton-secrets', 2);
      request.onupgradeneeded = () => {
        const names = request.result.objectStoreNames;
        if (!names.contains('mcp-oauth')) request.result.createObjectStore('mcp-oauth');
        if (!names.contains('mcp-servers'))
          request.result.createObjectStore('mcp-servers', { keyPath: 'id' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tx = db.transaction('mcp-oauth', 'readwrite');
    tx.objectStore('mcp-oauth').put(
      { tokens: { access_token: 'mcp-secret-token', token_type: 'Bearer' } },
      'srv',
    );
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  });
  const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  expect(await databases()).toContain('baton-secrets');

  await page.getByRole('button', { name: 'Settings' }).click();
  await settingsDialog(page).getByRole('button', { name: 'Forget key' }).click();
  await expect.poll(databases).not.toContain('baton-secrets');
  expect(await databases()).toContain('baton');
});

test('a key used before is found by its fingerprint in data imported later, and left out of exports', async ({
  connected: page,
}, testInfo) => {
  await exchange(page, 'A first session');
  // Replaced by another key: the first is forgotten, its fingerprint stays.
  const next = 'sk-ant-test-second-key-9876543210';
  await fillSettings(page, { apiKey: next });
  expect(await storedEverything(page)).not.toContain(TEST_KEY);
  expect(await storedEverything(page)).not.toContain(next); // tab-only: not stored

  // A file from elsewhere carries the old key inside a message.
  const exported = await exportFromMenu(page, 'Session as JSONL');
  const withOldKey = exported.replace('A first session', `A first session, with ${TEST_KEY} pasted in`);
  expect(withOldKey).toContain(TEST_KEY);
  const file = testInfo.outputPath('with-old-key.jsonl');
  await writeFile(file, withOldKey);
  const data = (await settingsSection(page, 'Data')).getByRole('group', { name: 'Data' });
  await chooseImportFile(page, file);
  await expect(data.getByRole('status')).toContainText('Imported');
  await settingsDialog(page).getByRole('button', { name: 'Cancel' }).click();
  expect(await storedEverything(page)).toContain(TEST_KEY);

  const everything = await backup(page);
  expect(everything).toContain(`with ${REMOVED} pasted in`);
  expect(everything).not.toContain(TEST_KEY);
});
