/**
 * What the sync specs (issue 28) do over and over, through Settings → Sync as a user
 * does it: the fields and buttons by their accessible names, the "Sync status" region.
 */
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import type { PageErrors } from './fixtures';
import { connect, sessionTitles, settingsDialog, settingsSection } from './helpers';
import type { MockApi } from './mock/mockApi';

export interface SyncInput {
  url: string;
  username: string;
  password: string;
  passphrase: string;
}

/**
 * How long a start may take: the checks, PBKDF2 with 600,000 iterations, and a first
 * sync of thousands of records on a loaded two-core machine. Only a failure waits so long.
 */
export const SYNC_TIMEOUT_MS = 60_000;

/** The status region of Settings → Sync. */
export function syncStatus(page: Page) {
  return page.getByRole('status', { name: 'Sync status' });
}

/** Settings → Sync, open, with its form loaded (the section and the engine load on first use). */
export async function openSync(page: Page) {
  const panel = await settingsSection(page, 'Sync');
  await expect(panel.getByRole('button', { name: 'Start sync' })).toBeVisible();
  return panel;
}

/**
 * Fills Database URL, Username, Password and Passphrase, presses Start sync and waits
 * until the start has settled (the button is enabled again), without judging how:
 * the caller reads the status. Leaves Settings open on Sync.
 */
export async function startSync(page: Page, input: SyncInput) {
  const panel = await openSync(page);
  await panel.getByLabel('Database URL').fill(input.url);
  await panel.getByLabel('Username').fill(input.username);
  await panel.getByLabel('Password', { exact: true }).fill(input.password);
  await panel.getByLabel('Passphrase').fill(input.passphrase);
  const start = panel.getByRole('button', { name: 'Start sync' });
  await start.click();
  await expect(start).toBeEnabled({ timeout: SYNC_TIMEOUT_MS });
  return panel;
}

/** Waits until the status says the device is in sync ("Synced just now · …"). */
export async function waitSynced(page: Page, timeout = SYNC_TIMEOUT_MS): Promise<void> {
  await expect(syncStatus(page)).toHaveText(/^Synced /, { timeout });
}

/** Starts sync and waits until the first sync is done. */
export async function syncDevice(page: Page, input: SyncInput): Promise<void> {
  await startSync(page, input);
  await waitSynced(page);
}

/** Closes Settings (its Cancel: the sync form acts at once, nothing in it waits for Save). */
export async function closeSettings(page: Page): Promise<void> {
  const dialog = settingsDialog(page);
  if (!(await dialog.isVisible())) return;
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
}

/** Opens the session titled `title` from the Sessions list. */
export async function openSession(page: Page, title: string): Promise<void> {
  await sessionTitles(page).filter({ hasText: title }).first().click();
}

export interface Device {
  context: BrowserContext;
  page: Page;
}

export interface TwoDevices {
  a: Device;
  b: Device;
  close(): Promise<void>;
}

export interface DeviceOptions {
  mockApi: MockApi;
  pageErrors: PageErrors;
  /** The project's baseURL (testInfo.project.use.baseURL). */
  baseURL: string;
}

/**
 * A device: a browser context of its own (its own profile and IndexedDB) with the app
 * open and connected to the mock API as the `connected` fixture does, watched for
 * uncaught exceptions. The caller closes its context.
 */
export async function newDevice(browser: Browser, options: DeviceOptions): Promise<Device> {
  // As the config's `use` has it: a context made by hand does not inherit it.
  const context = await browser.newContext({ baseURL: options.baseURL, serviceWorkers: 'block' });
  options.pageErrors.watch(context);
  const page = await context.newPage();
  await connect(page, options.mockApi);
  return { context, page };
}

/** Two devices (newDevice), closed together. */
export async function twoDevices(browser: Browser, options: DeviceOptions): Promise<TwoDevices> {
  const a = await newDevice(browser, options);
  const b = await newDevice(browser, options);
  return {
    a,
    b,
    async close() {
      await a.context.close();
      await b.context.close();
    },
  };
}
