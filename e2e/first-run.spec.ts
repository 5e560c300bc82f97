/**
 * The first run (issue 24, item 6): with no key and no session, a "Getting started" card
 * says the app is in demo mode, what a handoff is, offers to add a key and a few prompts;
 * a prompt starts a chat whose first demo reply shows Markdown and highlighted code; the
 * demo counts an image by its pixels, as the API does, not its base64 as text.
 */
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { assistantMessages, composer, openApp, settingsDialog, TEST_KEY, userMessages } from './helpers';

/**
 * The demo types at a human pace, one event every 15 ms; on a loaded machine a whole
 * first reply takes a while, so the waits for its end are longer than the default.
 */
const DEMO_REPLY_MS = 60_000;
// Whole demo replies, a reload and axe runs: a loaded machine needs room.
test.describe.configure({ timeout: 180_000 });

/** The test's one demo reply has begun and ended ("Ready" alone also holds before the send starts). */
async function demoReplyEnded(page: Page): Promise<void> {
  await expect(page.getByRole('article', { name: 'Assistant' })).toHaveCount(1, { timeout: DEMO_REPLY_MS });
  await expect(page.getByTestId('agent-state')).toHaveText('Ready', { timeout: DEMO_REPLY_MS });
}

function gettingStarted(page: Page) {
  return page.getByRole('region', { name: 'Getting started' });
}

/** A PNG of random pixels (so it hardly compresses), as base64, drawn in the page. */
function noisyPng(page: Page, width: number, height: number): Promise<string> {
  return page.evaluate(
    async ({ width, height }) => {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      const pixels = context.createImageData(width, height);
      // A fixed sequence (xorshift), so every run draws the same image.
      let seed = 0x9e3779b9;
      for (let i = 0; i < pixels.data.length; i++) {
        seed ^= seed << 13;
        seed ^= seed >>> 17;
        seed ^= seed << 5;
        pixels.data[i] = i % 4 === 3 ? 255 : seed & 0xff;
      }
      context.putImageData(pixels, 0, 0);
      const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { width, height },
  );
}

/** Tokens the meter shows ("1.2k / 16k" → 1200). */
async function meterTokens(page: Page): Promise<number> {
  const text = (await page.getByTestId('context-count').textContent()) ?? '';
  const match = /^([\d.,]+)(k?)\s*\//.exec(text.trim());
  if (!match?.[1]) throw new Error(`unexpected meter text: ${text}`);
  return Number.parseFloat(match[1].replace(/,/g, '')) * (match[2] ? 1000 : 1);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a newcomer sees the Getting started card, in demo mode (${scheme} theme)`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openApp(page);
    const card = gettingStarted(page);
    await expect(card).toBeVisible();
    await expect(card).toContainText('demo mode');
    await expect(card).toContainText(/a handoff writes down where the work stands/);
    await expect(card.getByRole('button')).toHaveText([
      'Add an Anthropic API key',
      'Make a plan for launching a small website',
      'Show me what a reply with code looks like',
      'What is a handoff, and when should I use one?',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('a starter prompt starts the chat; the first demo reply shows Markdown and highlighted code', async ({
  page,
}) => {
  await openApp(page);
  await gettingStarted(page)
    .getByRole('button', { name: 'Show me what a reply with code looks like' })
    .click();
  await expect(userMessages(page)).toHaveText(['Show me what a reply with code looks like']);
  await expect(gettingStarted(page)).toHaveCount(0);
  await demoReplyEnded(page);
  const reply = assistantMessages(page).last();
  await expect(reply.locator('strong').first()).toHaveText('Markdown');
  const block = reply.locator('[data-code-block]');
  await expect(block.locator('.code-language')).toHaveText('typescript');
  await expect(block.locator('code .hljs-keyword').first()).toBeVisible();
  // The focus stays where the chat goes on.
  await expect(composer(page)).toBeFocused();
  await expect(composer(page)).toHaveValue('');
});

test('the card offers to add a key, and is gone once there is one', async ({ page }) => {
  await openApp(page);
  await gettingStarted(page).getByRole('button', { name: 'Add an Anthropic API key' }).click();
  const dialog = settingsDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('API key').fill(TEST_KEY);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(gettingStarted(page)).toHaveCount(0);
  await expect(page.getByText('Start typing below.')).toBeVisible();
});

test('the card is not shown once a session exists, even without a key', async ({ page }) => {
  await openApp(page);
  await composer(page).fill('Hello');
  await composer(page).press('Enter');
  await demoReplyEnded(page);
  await page.reload();
  await expect(composer(page)).toBeVisible();
  await expect(userMessages(page)).toHaveText(['Hello']);
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(userMessages(page)).toHaveCount(0);
  await expect(gettingStarted(page)).toHaveCount(0);
});

test('the demo counts a 250 KB screenshot by its pixels, not its base64', async ({ page }) => {
  await openApp(page);
  const png = await noisyPng(page, 300, 220);
  expect(Buffer.from(png, 'base64').length).toBeGreaterThan(190_000);
  await page.evaluate((base64) => {
    const transfer = new DataTransfer();
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    transfer.items.add(new File([bytes], 'screenshot.png', { type: 'image/png' }));
    const box = document.querySelector('textarea[aria-label="Message"]');
    if (!box) throw new Error('no message box');
    box.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, png);
  await expect(page.getByRole('list', { name: 'Files to send' }).getByRole('listitem')).toHaveCount(1);
  await composer(page).fill('What is on this screenshot?');
  await composer(page).press('Enter');
  await demoReplyEnded(page);
  await expect(assistantMessages(page).last()).toContainText('You attached one file');
  // 300 × 220 / 750 = 88 tokens for the image, plus the text: far below the 16k window.
  // Counted as text, its base64 alone would be over 60,000 tokens and the demo would refuse it.
  const tokens = await meterTokens(page);
  expect(tokens).toBeGreaterThan(88);
  expect(tokens).toBeLessThan(3_000);
});
