/**
 * What a user does over and over in the specs, done the way a user does it:
 * through the visible controls, found by their accessible names.
 */
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import type { MockApi, MockStep } from './mock/mockApi';

export const TEST_KEY = 'sk-ant-test-key-0123456789';

export async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
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

/**
 * How long waitIdle waits by default: a whole reply, which the demo model types at a
 * human pace (an event every 15 ms); one took over 15 s on a loaded two-core CI machine.
 * Only a failing check waits this long.
 */
export const REPLY_TIMEOUT_MS = 45_000;

/** Waits until no reply is being written. */
export async function waitIdle(page: Page, timeout = REPLY_TIMEOUT_MS): Promise<void> {
  await expect(page.getByTestId('agent-state')).toHaveText('Ready', { timeout });
}

/** A text reply from the mock; with `delayMsPerEvent` it streams slowly enough to stop or reload mid-way. */
export function textReply(
  text: string,
  options: { delayMsPerEvent?: number; chunkSize?: number } = {},
): MockStep {
  return {
    kind: 'reply',
    reply: { blocks: [{ type: 'text', text }], ...(options.chunkSize && { chunkSize: options.chunkSize }) },
    ...(options.delayMsPerEvent && { delayMsPerEvent: options.delayMsPerEvent }),
  };
}

export function settingsDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Settings' });
}

/** The Settings dialog's sections, as their tabs name them. */
export type SettingsSectionTitle = 'General' | 'Model' | 'Handoff' | 'Tools' | 'Storage' | 'Sync' | 'Data';

/**
 * Shows the Settings section `title` (opening Settings first if it is not open) and
 * returns its panel ("<title> settings"). The fields of the other sections are hidden meanwhile.
 */
export async function settingsSection(page: Page, title: SettingsSectionTitle) {
  const dialog = settingsDialog(page);
  if (!(await dialog.isVisible())) {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect(dialog).toBeVisible();
  }
  const tab = dialog.getByRole('tab', { name: title, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  return dialog.getByRole('tabpanel', { name: `${title} settings`, exact: true });
}

/**
 * Chooses `file` for Import sessions in Settings → Data (already shown); when there are
 * sessions to lose, answers the question about a backup with `answer`.
 */
export async function chooseImportFile(
  page: Page,
  file: string,
  answer: 'Back up first' | 'Import without backup' | 'Cancel import' = 'Back up first',
): Promise<void> {
  const data = settingsDialog(page).getByRole('group', { name: 'Data' });
  await data.getByLabel('Import sessions').setInputFiles(file);
  const question = page.getByRole('dialog', { name: 'Back up before importing?' });
  // An empty browser is not asked: the import starts at once (its result, or Importing…).
  await expect(question.or(data.getByRole('status')).or(data.getByRole('alert')).first()).toBeVisible();
  if (await question.isVisible()) await question.getByRole('button', { name: answer }).click();
}

/** What `fillSettings` can change; fields left out keep their current value. */
export interface SettingsInput {
  apiKey?: string;
  baseURL?: string;
  model?: string;
  maxTokens?: number;
  rememberKey?: boolean;
  /** "Name sessions with the model": off unless given (see fillSettings). */
  nameSessions?: boolean;
}

/**
 * Opens Settings, fills the given fields, saves and waits for the dialog to close.
 * "Name sessions with the model" is turned off unless `nameSessions` says otherwise:
 * specs script the mock's replies in order and count its requests, and a title request
 * after each first exchange would take a reply meant for the chat and add a request.
 * session-titles.spec.ts turns it on.
 */
export async function fillSettings(page: Page, input: SettingsInput): Promise<void> {
  const dialog = settingsDialog(page);
  const general = await settingsSection(page, 'General');
  if (input.apiKey !== undefined) await general.getByLabel('API key').fill(input.apiKey);
  if (input.baseURL !== undefined) await general.getByLabel('API base URL').fill(input.baseURL);
  if (input.rememberKey !== undefined)
    await general.getByLabel('Remember key on this device').setChecked(input.rememberKey);
  await general.getByLabel('Name sessions with the model').setChecked(input.nameSessions ?? false);
  if (input.model !== undefined || input.maxTokens !== undefined) {
    const model = await settingsSection(page, 'Model');
    if (input.model !== undefined) await model.getByLabel('Model', { exact: true }).fill(input.model);
    if (input.maxTokens !== undefined)
      await model.getByLabel('Max output tokens').fill(String(input.maxTokens));
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // The dialog closes once the settings are stored: read at once, not polled, so that a
  // dialog that closed before its write committed (a reload then lost it) fails here.
  const expected = {
    ...(input.baseURL !== undefined && { baseURL: input.baseURL.trim().replace(/\/+$/, '') }),
    ...(input.model !== undefined && { model: input.model }),
    ...(input.maxTokens !== undefined && { maxTokens: input.maxTokens }),
    // Stored as false when off; absent (settings from before it) is on.
    nameSessions: input.nameSessions ?? false,
  };
  const stored = (await readStoredSettings(page)) ?? {};
  const read: Record<string, unknown> = { ...stored, nameSessions: stored.nameSessions !== false };
  expect(Object.fromEntries(Object.keys(expected).map((key) => [key, read[key]]))).toEqual(expected);
}

/** The saved Settings record as IndexedDB holds it now. */
export async function readStoredSettings(page: Page): Promise<Record<string, unknown> | undefined> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('baton');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const request = db.transaction('settings', 'readonly').objectStore('settings').get('settings');
    const value = await new Promise<unknown>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return value as Record<string, unknown> | undefined;
  });
}

/** Opens the app and points it at the mock with the test key, and any other `settings`. */
export async function connect(page: Page, mockApi: MockApi, settings: SettingsInput = {}): Promise<void> {
  await openApp(page);
  await fillSettings(page, { apiKey: TEST_KEY, baseURL: mockApi.url, ...settings });
}

/** An error notice (role=alert) whose text is exactly `sentence`. */
export function alertNotice(page: Page, sentence: string) {
  return page.getByRole('alert').getByText(sentence, { exact: true });
}

/** An info notice (role=status) whose text is exactly `text`. */
export function statusNotice(page: Page, text: string) {
  return page.getByRole('status').getByText(text, { exact: true });
}

export function sessionList(page: Page) {
  return page.getByRole('list', { name: 'Sessions' });
}

/** The title buttons of the Sessions list, newest first (not the ☆/★ pin, ✎ rename and ✕ delete buttons). */
export function sessionTitles(page: Page) {
  return sessionList(page)
    .getByRole('button')
    .filter({ hasNotText: /^[☆★✎✕]$/ });
}

/**
 * Shows the ✎ and ✕ buttons of the session titled `title`, as pointing at it does (they
 * stay hidden on other sessions until hovered or focused), and returns its list item.
 */
export async function revealSessionActions(page: Page, title: string) {
  const item = sessionList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: title, exact: true }) });
  await item.hover();
  return item;
}

// --- Handoff ---------------------------------------------------------------------------

/** The six sections the handoff instruction asks for, in order. */
export const HANDOFF_SECTION_NAMES = [
  'Goal',
  'Constraints & Preferences',
  'Progress',
  'Key Decisions',
  'Critical Context',
  'Next Steps',
] as const;

/** A complete handoff document (all six sections) that mentions `topic`. */
export function handoffDocument(topic: string): string {
  return [
    `## Goal\nShip ${topic}.`,
    '## Constraints & Preferences\n- Keep the public API stable.',
    `## Progress\n- Explained how ${topic} works.`,
    '## Key Decisions\n- REST over GraphQL, for the existing clients.',
    '## Critical Context\n- The staging database is shared; never reset it.',
    '## Next Steps\n1. Write the tests.\n2. Open the pull request.',
  ].join('\n\n');
}

export function handoffCard(page: Page) {
  return page.getByRole('article', { name: 'Handoff document' });
}

/** The line under the chat while the document is written (elapsed time, tokens, Cancel). */
export function handoffProgress(page: Page) {
  return page.getByRole('progressbar', { name: 'Handoff progress' });
}

/** The collapsed user turn that carries the internal handoff instruction. */
export function handoffRequest(page: Page) {
  return page.getByRole('article', { name: 'Handoff request' });
}

/** The Sessions list entry of the session shown now. */
export function activeSessionTitle(page: Page) {
  return sessionList(page).locator('[aria-current="page"]');
}

/** Clicks "Hand off", types the optional focus into the popover and presses Enter. */
export async function handOffWithButton(page: Page, focus?: string): Promise<void> {
  await page.getByRole('button', { name: 'Hand off', exact: true }).click();
  const popover = page.getByRole('dialog', { name: 'Hand off to a new session' });
  const field = popover.getByLabel('Focus (optional)');
  await expect(field).toBeFocused();
  if (focus !== undefined) await field.fill(focus);
  await field.press('Enter');
  await expect(popover).toBeHidden();
}

/** The document as the new session's first turn carries it to the model. */
export function wrappedHandoff(document: string): string {
  const end =
    'The above is a handoff document from a previous session. Use this context to continue the work seamlessly.';
  return `<handoff-context>\n${document}\n</handoff-context>\n\n${end}`;
}

/** Ticks "Review handoff before starting" in Settings (checking it was off, as by default) and saves. */
export async function turnOnReview(page: Page): Promise<void> {
  const dialog = settingsDialog(page);
  const box = (await settingsSection(page, 'Handoff')).getByLabel('Review handoff before starting');
  await expect(box).not.toBeChecked();
  await box.check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Dismisses the notices shown now, for a screenshot without them. Info notices also leave
 * by themselves after a few seconds: one gone before its click is no matter.
 */
export async function dismissNotices(page: Page): Promise<void> {
  const buttons = page.getByRole('status').getByRole('button', { name: 'Dismiss' });
  for (let tries = 0; tries < 10 && (await buttons.count()) > 0; tries++) {
    await buttons
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect(buttons).toHaveCount(0);
}

/** What the app says once a handoff has started the new session. */
export const NEW_SESSION_NOTICE = 'New session started with handoff context';

/**
 * Types `/handoff` with the mock scripted to write a complete document about `topic`, and
 * waits for the new session: the card with that document, which only the new session
 * shows (the session handed off from must show no card about `topic`). Not by counting
 * the success notices: they leave after a few seconds, and on a loaded machine an earlier
 * one can leave as the new one comes.
 */
export async function handOff(page: Page, mockApi: MockApi, topic = 'the billing API'): Promise<void> {
  const card = handoffCard(page).filter({ hasText: `Ship ${topic}` });
  expect(await card.count()).toBe(0);
  mockApi.script(textReply(handoffDocument(topic)));
  await send(page, '/handoff');
  await expect(card).toHaveCount(1);
}

/**
 * Sends `text` and waits for the whole reply, so the session holds the two messages
 * a handoff needs. Unscripted, the mock answers `Mock reply to: <text>`.
 */
export async function exchange(page: Page, text: string): Promise<void> {
  // A transcript still being drawn (the frame after start-up, or a session opening) would
  // be counted short: the replies shown before the send are counted once it is drawn.
  await expect(page.locator('.chat[aria-busy="true"]')).toHaveCount(0);
  const before = await assistantMessages(page).count();
  await send(page, text);
  await expect(assistantMessages(page)).toHaveCount(before + 1);
  await waitIdle(page);
}

/** Every text block of a recorded request's messages, joined: what the model was shown. */
export function requestText(body: { messages?: Array<{ content: unknown }> } | undefined): string {
  return JSON.stringify(body?.messages ?? []);
}

/**
 * Writes a session straight into the app's IndexedDB, makes it the active one and
 * reloads: for states the UI cannot produce on purpose (a session holding exactly one
 * message). Call it after openApp, which creates the database.
 */
export async function seedSession(
  page: Page,
  session: { id: string; title: string; messages: Array<{ role: 'user' | 'assistant'; text: string }> },
): Promise<void> {
  await page.evaluate(async (seed) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('baton');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tx = db.transaction(['sessions', 'entries', 'settings'], 'readwrite');
    const now = Date.now();
    let parentId: string | null = null;
    seed.messages.forEach((message, index) => {
      const id = `${seed.id}-entry-${index}`;
      tx.objectStore('entries').put({
        id,
        parentId,
        sessionId: seed.id,
        timestamp: now + index,
        type: 'message',
        message: {
          role: message.role,
          content: [{ type: 'text', text: message.text }],
          ...(message.role === 'assistant' && { stopReason: 'end_turn' }),
        },
      });
      parentId = id;
    });
    tx.objectStore('sessions').put({
      id: seed.id,
      title: seed.title,
      createdAt: now,
      updatedAt: now + seed.messages.length,
      model: 'claude-test',
      leafId: parentId,
      children: [],
    });
    tx.objectStore('settings').put(seed.id, 'activeSessionId');
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
    db.close();
  }, session);
  await page.reload();
  await expect(composer(page)).toBeVisible();
  await expect(activeSessionTitle(page)).toHaveText(session.title);
}

/**
 * Saves a screenshot of the flow: into test-results/screenshots/ on every run, and into
 * docs/screenshots/ (the README's copies) only when BATON_SCREENSHOTS is set, so a plain
 * run leaves the work tree unchanged. `BATON_SCREENSHOTS=1 npm run test:e2e` refreshes them.
 */
export async function saveReadmeScreenshot(page: Page, name: string): Promise<void> {
  // Every run keeps its screenshots with the test results; README's copies change only on request.
  const folder = process.env.BATON_SCREENSHOTS ? '../docs/screenshots/' : '../test-results/screenshots/';
  await page.screenshot({ path: fileURLToPath(new URL(`${folder}${name}`, import.meta.url)) });
}

/**
 * A reply that streams `text` and then goes silent, as a model does between two bursts:
 * the app stays mid-reply however slow the machine, until the test stops it (or, after
 * 30 s, the connection drops).
 */
export function stalledReply(text: string): MockStep {
  return { kind: 'drop', afterText: text, dropDelayMs: 30_000 };
}

/**
 * Holds the app's next request to the model until `release()`: the app waits as it does
 * for a slow first byte, and the test can act meanwhile on a machine of any speed.
 */
export async function holdNextModelRequest(page: Page, mockApi: MockApi): Promise<{ release(): void }> {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = false;
  await page.route(
    (url) => url.href.startsWith(mockApi.url) && url.pathname === '/v1/messages',
    async (route) => {
      if (held || route.request().method() !== 'POST') return route.fallback();
      held = true;
      await gate;
      return route.continue();
    },
  );
  return { release: () => release() };
}

/** Adds a prompt template (`/name`) through the Settings dialog and saves. */
export async function addPromptTemplate(page: Page, name: string, text: string): Promise<void> {
  await settingsSection(page, 'General');
  const dialog = settingsDialog(page);
  await dialog.getByLabel('Template name').fill(name);
  await dialog.getByLabel('Template text').fill(text);
  await dialog.getByRole('button', { name: 'Add template' }).click();
  await expect(dialog.getByRole('button', { name: `Remove template ${name}` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

// --- Reliability: what is really stored --------------------------------------------

/** Every record of the app's IndexedDB, read raw (not through the app's code). */
export interface StoredData {
  sessions: Array<{
    id: string;
    title: string;
    leafId: string | null;
    parentSession?: string;
    children: string[];
    pinned?: boolean;
  }>;
  entries: Array<{
    id: string;
    sessionId: string;
    parentId: string | null;
    type: string;
    customType?: string;
    message?: { role: string; content: Array<{ type: string; text?: string }>; stopReason?: string };
  }>;
  activeSessionId: string | undefined;
  /** The saved Settings record (the key among them only when remembered). */
  settings: unknown;
}

export async function readStoredData(page: Page): Promise<StoredData> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('baton');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tx = db.transaction(['sessions', 'entries', 'settings'], 'readonly');
    const read = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const [sessions, entries, activeSessionId, settings] = await Promise.all([
      read(tx.objectStore('sessions').getAll()),
      read(tx.objectStore('entries').getAll()),
      read(tx.objectStore('settings').get('activeSessionId')),
      read(tx.objectStore('settings').get('settings')),
    ]);
    db.close();
    return { sessions, entries, activeSessionId, settings };
  });
}

/** The text of a stored message entry's text blocks, joined. */
export function storedText(entry: StoredData['entries'][number]): string {
  return (entry.message?.content ?? []).map((block) => block.text ?? '').join('');
}

/**
 * A request's turns (or one turn, or one turn's blocks) without the prompt cache's
 * breakpoint marks, for specs about what was said; chat.spec checks where the mark goes.
 */
export function withoutCacheMarks<T>(value: T): T {
  return JSON.parse(JSON.stringify(value ?? null), (key, inner) =>
    key === 'cache_control' ? undefined : inner,
  );
}
