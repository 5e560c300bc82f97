/**
 * Accessibility: axe-core finds no serious or critical violations on
 * the main views (the chat with a handoff in it, in both themes and at 375 px; the
 * Settings dialog; the Hand off popover; the shortcut list; the session's usage panel).
 */
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import {
  connect,
  exchange,
  handOff,
  handoffCard,
  handoffDocument,
  openApp,
  send,
  settingsDialog,
  textReply,
  turnOnReview,
} from './helpers';
import type { MockApi } from './mock/mockApi';

// axe takes seconds per page on a loaded machine, and each test runs it more than once.
test.describe.configure({ timeout: 180_000 });

/** A chat that holds a finished handoff: card, breadcrumb, grouped sessions, markdown. */
async function chatWithHandoff(page: Page, mockApi: MockApi): Promise<void> {
  await connect(page, mockApi);
  await exchange(page, 'Tell me about billing');
  await handOff(page, mockApi);
  await exchange(page, 'Go on');
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the chat has no serious violations (${scheme} theme)`, async ({ page, mockApi }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await chatWithHandoff(page, mockApi);
    expect(await seriousViolations(page)).toEqual([]);
    // The old session, with its handoff request and "Continued in" link.
    await handoffCard(page).getByRole('button', { name: 'Tell me about billing' }).click();
    await expect(page.getByText(/^Continued in/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the Settings dialog has no serious violations', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(settingsDialog(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the session usage panel has no serious violations', async ({ connected: page }) => {
  await exchange(page, 'Tell me about billing');
  await page.getByRole('button', { name: /^Session cost: / }).click();
  await expect(page.getByRole('dialog', { name: 'Session usage' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the Hand off popover and the shortcut list have no serious violations', async ({ connected: page }) => {
  await exchange(page, 'Tell me about billing');
  await page.getByRole('button', { name: 'Hand off', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Hand off to a new session' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Settings' }).focus();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the handoff review editor has no serious violations', async ({ connected: page, mockApi }) => {
  await turnOnReview(page);
  await exchange(page, 'Tell me about billing');
  mockApi.script(textReply(handoffDocument('the billing API')));
  await send(page, '/handoff');
  const review = page.getByRole('dialog', { name: 'Review handoff document' });
  await expect(review.getByRole('textbox', { name: 'Handoff document' })).toHaveValue(/Ship the billing API/);
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the chat and the open Sessions drawer have no serious violations', async ({ page, mockApi }) => {
    await chatWithHandoff(page, mockApi);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sessions', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Sessions' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
