/**
 * Issue 27, finding 2, in Chromium: names and model-chosen strings that carry a
 * right-to-left override are shown with it revealed (`⟨U+202E⟩`), never applied. A file
 * named "x\u202Efdp.exe" would read "xexe.pdf"; a session titled "Invoice \u202Efdp.exe"
 * would read "Invoice exe.pdf"; the model's reason for a handoff could turn its words
 * around. What is stored and sent keeps the characters as they are.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  composer,
  exchange,
  send,
  sessionList,
  textReply,
  userMessages,
  waitIdle,
} from './helpers';
import type { MockStep } from './mock/mockApi';

// A model whose window the table knows, as the handoff tool's specs use.
test.use({ connection: { model: 'claude-sonnet-4-5' } });
test.describe.configure({ timeout: 120_000 });

const RLO = '\u202E';

/** Every text of the page (hidden parts too): none of it may hold a raw override. */
async function pageText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.textContent ?? '');
}

/** Ctrl+V of one text file, as the browser delivers it to the message box. */
async function pasteTextFile(page: Page, name: string, text: string): Promise<void> {
  await page.evaluate(
    ({ name, text }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], name, { type: 'text/plain' }));
      const box = document.querySelector('textarea[aria-label="Message"]');
      if (!box) throw new Error('no message box');
      box.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
      );
    },
    { name, text },
  );
}

test('a file named x, U+202E, fdp.exe shows revealed in its chip and in the sent message, and goes to the model as named', async ({
  connected: page,
  mockApi,
}) => {
  const name = `x${RLO}fdp.exe`;
  await pasteTextFile(page, name, 'hello');
  const chip = page.getByRole('list', { name: 'Files to send' }).getByRole('listitem');
  await expect(chip.locator('.chip-name')).toHaveText('x⟨U+202E⟩fdp.exe');
  await expect(page.getByRole('button', { name: 'Remove x⟨U+202E⟩fdp.exe', exact: true })).toBeVisible();
  expect(await pageText(page)).not.toContain(RLO);

  // A reply of its own: the mock's echo would quote the request, override and all, in the reply.
  mockApi.script(textReply('A greeting.'));
  await composer(page).fill('What is this file?');
  await composer(page).press('Enter');
  await expect.poll(() => mockApi.messageRequests().length).toBe(1);
  await waitIdle(page);
  const files = userMessages(page).last().getByRole('list', { name: 'Attached files' });
  await expect(files.locator('.chip-name')).toHaveText('x⟨U+202E⟩fdp.exe');
  expect(await pageText(page)).not.toContain(RLO);

  // The model gets the name as it is: revealing is for the screen only.
  const content = mockApi.messageRequests()[0]?.body.messages?.at(-1)?.content as Array<{ text?: string }>;
  expect(content[0]?.text?.startsWith(`<attached-file name="${name}">\n`)).toBe(true);
});

test('a session title with a right-to-left override shows revealed in the sidebar and in search results', async ({
  connected: page,
}) => {
  await exchange(page, 'Tell me about invoices');
  const before = (await activeSessionTitle(page).textContent()) ?? '';
  const item = sessionList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: before, exact: true }) });
  await item.hover();
  await item.getByRole('button', { name: `Rename ${before}`, exact: true }).click();
  await page.getByLabel('Session title').fill(`Invoice ${RLO}fdp.exe`);
  await page.getByLabel('Session title').press('Enter');

  await expect(activeSessionTitle(page)).toHaveText('Invoice ⟨U+202E⟩fdp.exe');
  await expect(
    page.getByRole('button', { name: 'Rename Invoice ⟨U+202E⟩fdp.exe', exact: true }),
  ).toBeAttached();
  expect(await pageText(page)).not.toContain(RLO);
  // Stored as typed, after a reload too.
  await page.reload();
  await expect(activeSessionTitle(page)).toHaveText('Invoice ⟨U+202E⟩fdp.exe');
  const stored = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('baton');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const all = await new Promise<Array<{ title: string }>>((resolve, reject) => {
      const request = db.transaction('sessions').objectStore('sessions').getAll();
      request.onsuccess = () => resolve(request.result as Array<{ title: string }>);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return all.map((session) => session.title);
  });
  expect(stored).toContain(`Invoice ${RLO}fdp.exe`);

  await page.getByRole('searchbox', { name: 'Search sessions' }).fill('invoices');
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('button', { name: 'Invoice ⟨U+202E⟩fdp.exe', exact: true })).toBeVisible();
  expect(await pageText(page)).not.toContain(RLO);
});

test('the model’s reason and focus on the handoff proposal card show the override revealed', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'Tell me about billing');
  const proposal: MockStep = {
    kind: 'reply',
    reply: {
      blocks: [
        { type: 'text', text: 'This session is getting long.' },
        {
          type: 'tool_use',
          id: 'toolu_bidi_1',
          name: 'handoff',
          input: { reason: `the context is ${RLO}lluf ylraen`, focus: `billing ${RLO}gnp.exe` },
        },
      ],
    },
  };
  mockApi.script(proposal);
  await send(page, 'Hand this off');
  const card = page.getByRole('region', { name: 'Handoff proposal' });
  await expect(card).toContainText('The model suggests a handoff: the context is ⟨U+202E⟩lluf ylraen');
  await expect(card.getByLabel('Focus for the handoff document (optional)')).toHaveValue(
    'billing ⟨U+202E⟩gnp.exe',
  );
  expect(await pageText(page)).not.toContain(RLO);
});
