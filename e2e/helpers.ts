/**
 * What a user does over and over in the specs, done the way a user does it:
 * through the visible controls, found by their accessible names.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import type { MockApi } from './mock/mockApi';

export const TEST_KEY = 'sk-ant-test-key-0123456789';

export async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
}

/** Opens Settings and points the app at the mock with a key. */
export async function configureApi(
  page: Page,
  mockApi: MockApi,
  options: { model?: string } = {},
): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByLabel('API key').fill(TEST_KEY);
  await dialog.getByLabel('API base URL').fill(mockApi.url);
  if (options.model) await dialog.getByLabel('Model', { exact: true }).fill(options.model);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

export function composer(page: Page) {
  return page.getByRole('textbox', { name: 'Message' });
}

/** Types a message and presses Enter. */
export async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

export function assistantMessages(page: Page) {
  return page.getByRole('article', { name: 'Assistant' });
}

export function userMessages(page: Page) {
  return page.getByRole('article', { name: 'You' });
}

/** Waits until no reply is being written. */
export async function waitIdle(page: Page): Promise<void> {
  await expect(page.getByTestId('agent-state')).toHaveText('Ready');
}
