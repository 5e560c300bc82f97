/**
 * Export and import through the UI: the open session and its handoff chain as JSONL
 * and Markdown (the status line's Export popover), the full backup and the import of
 * a file or a backup (Settings, Data). Files are read back from the real downloads.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  chooseImportFile,
  exchange,
  handOffWithButton,
  handoffCard,
  handoffDocument,
  openApp,
  readStoredData,
  sessionTitles,
  settingsSection,
  statusNotice,
  storedText,
  TEST_KEY,
  textReply,
} from './helpers';
import type { MockApi } from './mock/mockApi';

// Whole flows with handoffs, downloads and a second browser context; a loaded machine needs room.
test.describe.configure({ timeout: 150_000 });

interface Download {
  name: string;
  text: string;
}

type Json = Record<string, unknown>;

/** Text that ends with `title` (a list entry may show a mark before it). */
function endsWith(title: string): RegExp {
  return new RegExp(`${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** Runs `act` and returns the file it downloads. */
async function downloadOf(page: Page, act: () => Promise<void>): Promise<Download> {
  const pending = page.waitForEvent('download');
  await act();
  const download = await pending;
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

function jsonLines(text: string): Json[] {
  expect(text.endsWith('\n')).toBe(true);
  return text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Json);
}

async function exportFromMenu(page: Page, item: string): Promise<Download> {
  return downloadOf(page, async () => {
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('dialog', { name: 'Export' }).getByRole('button', { name: item }).click();
  });
}

async function openData(page: Page) {
  return (await settingsSection(page, 'Data')).getByRole('group', { name: 'Data' });
}

/** The session headers stored in the page's IndexedDB, oldest first. */
async function storedHeaders(page: Page): Promise<Json[]> {
  const { sessions } = await readStoredData(page);
  return (sessions as unknown as Json[]).sort((a, b) => Number(a.createdAt) - Number(b.createdAt));
}

/** A session, then a handoff from it: a chain of two, the child open. */
async function makeChain(page: Page, mockApi: MockApi): Promise<void> {
  await exchange(page, 'Tell me about billing');
  mockApi.script(textReply(handoffDocument('the billing API')));
  await handOffWithButton(page);
  await expect(handoffCard(page)).toBeVisible();
  await expect(statusNotice(page, 'New session started with handoff context')).toBeVisible();
  await exchange(page, 'Continue with the tests');
}

test('a session exports as JSONL (header line, then its entries) and as Markdown', async ({
  connected: page,
}) => {
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
  await exchange(page, 'Tell me about billing');
  const title = (await activeSessionTitle(page).textContent()) ?? '';

  const jsonl = await exportFromMenu(page, 'Session as JSONL');
  expect(jsonl.name).toMatch(/^baton-[a-z0-9-]+\.jsonl$/);
  const [first, ...entries] = jsonLines(jsonl.text);
  expect(first).toMatchObject({
    type: 'session',
    version: 3,
    exportedBy: 'baton',
    entryCount: 2,
    attachmentCount: 0,
  });
  const header = first?.header as Json;
  expect(header).toMatchObject({ title, children: [] });
  expect(header.parentSession).toBeUndefined();
  expect(entries).toHaveLength(2);
  expect(entries.map((entry) => entry.sessionId)).toEqual([header.id, header.id]);
  expect(entries[0]).toMatchObject({ type: 'message', parentId: null, message: { role: 'user' } });
  expect(entries[1]).toMatchObject({ parentId: entries[0]?.id, message: { role: 'assistant' } });
  expect(header.leafId).toBe(entries[1]?.id);
  expect(jsonl.text).toContain('Tell me about billing');

  const markdown = await exportFromMenu(page, 'Session as Markdown');
  expect(markdown.name).toMatch(/^baton-[a-z0-9-]+\.md$/);
  expect(markdown.text).toContain(`# ${title}`);
  expect(markdown.text).toContain('Tell me about billing');
  expect(markdown.text).toContain('Mock reply to: Tell me about billing');
});

test('a handoff chain exports whole from its child, lineage fields kept, as JSONL and Markdown', async ({
  connected: page,
  mockApi,
}) => {
  await makeChain(page, mockApi);

  const jsonl = await exportFromMenu(page, 'Chain as JSONL');
  const lines = jsonLines(jsonl.text);
  const sessionLines = lines.filter((line) => line.type === 'session');
  expect(sessionLines).toHaveLength(2);
  const [parent, child] = sessionLines.map((line) => line.header as Json);
  expect(lines[0]).toBe(sessionLines[0]);
  expect(parent?.children).toEqual([child?.id]);
  expect(child?.parentSession).toBe(parent?.id);
  // Each session line is followed by exactly its entries.
  const childAt = lines.indexOf(sessionLines[1] as Json);
  const parentEntries = lines.slice(1, childAt);
  const childEntries = lines.slice(childAt + 1);
  expect(parentEntries).toHaveLength(Number(sessionLines[0]?.entryCount));
  expect(childEntries).toHaveLength(Number(sessionLines[1]?.entryCount));
  expect(new Set(parentEntries.map((entry) => entry.sessionId))).toEqual(new Set([parent?.id]));
  expect(new Set(childEntries.map((entry) => entry.sessionId))).toEqual(new Set([child?.id]));
  // The child starts from the handoff document, which names its parent.
  expect(childEntries[0]).toMatchObject({
    type: 'custom_message',
    customType: 'handoff',
    parentId: null,
    details: { parentSession: parent?.id },
  });

  const markdown = await exportFromMenu(page, 'Chain as Markdown');
  expect(markdown.text).toContain(`# ${parent?.title}`);
  expect(markdown.text).toContain(`# ${child?.title}`);
  expect(markdown.text.indexOf(`# ${parent?.title}`)).toBeLessThan(
    markdown.text.indexOf(`# ${child?.title}`),
  );
  expect(markdown.text).toContain('Ship the billing API.');
  expect(markdown.text).toContain('Continue with the tests');
});

test('no export holds the API key, not even where it was typed into a message', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, `My key is ${TEST_KEY}, keep it safe`);

  const files = [
    await exportFromMenu(page, 'Session as JSONL'),
    await exportFromMenu(page, 'Session as Markdown'),
    await exportFromMenu(page, 'Chain as JSONL'),
  ];
  const data = await openData(page);
  const backup = await downloadOf(page, () => data.getByRole('button', { name: 'Download backup' }).click());
  expect(backup.name).toMatch(/^baton-backup-\d{4}-\d{2}-\d{2}-\d{4}\.jsonl$/);
  const [backupLine, settingsLine, sessionLine] = jsonLines(backup.text);
  expect(backupLine).toMatchObject({ type: 'backup', version: 3, sessionCount: 1 });
  expect(settingsLine).toMatchObject({ type: 'settings', settings: { baseURL: mockApi.url } });
  expect(settingsLine?.settings).not.toHaveProperty('apiKey');
  expect(sessionLine).toMatchObject({ type: 'session' });

  for (const file of [...files, backup]) {
    expect(file.text).toContain('keep it safe');
    expect(file.text).not.toContain(TEST_KEY);
    // Not even a recognisable piece of it.
    expect(file.text).not.toContain('0123456789');
  }
});

test('an import into an empty browser brings the sessions and their lineage; importing again adds copies', async ({
  connected: page,
  mockApi,
  browser,
  pageErrors,
}, testInfo) => {
  await makeChain(page, mockApi);
  const exported = await exportFromMenu(page, 'Chain as JSONL');
  const file = testInfo.outputPath('chain.jsonl');
  await writeFile(file, exported.text);
  const [parentHeader, childHeader] = jsonLines(exported.text)
    .filter((line) => line.type === 'session')
    .map((line) => line.header as Json);
  const parentTitle = String(parentHeader?.title);
  const childTitle = String(childHeader?.title);

  const fresh = await browser.newContext({ baseURL: String(testInfo.project.use.baseURL) });
  pageErrors.watch(fresh);
  try {
    const other = await fresh.newPage();
    await openApp(other);
    expect(await storedHeaders(other)).toEqual([]);

    let data = await openData(other);
    await chooseImportFile(other, file);
    await expect(data.getByRole('status')).toContainText('Imported 2 sessions');
    await other.keyboard.press('Escape');
    // The list may mark a handed-off session (↪) before its title.
    await expect(sessionTitles(other).filter({ hasText: endsWith(parentTitle) })).toHaveCount(1);
    await expect(sessionTitles(other).filter({ hasText: endsWith(childTitle) })).toHaveCount(1);
    const once = await storedHeaders(other);
    expect(once.map((header) => header.id)).toEqual([parentHeader?.id, childHeader?.id]);
    expect(once[1]?.parentSession).toBe(once[0]?.id);
    expect(once[0]?.children).toEqual([once[1]?.id]);

    // The handoff links work in the importing browser.
    await sessionTitles(other)
      .filter({ hasText: endsWith(childTitle) })
      .click();
    await expect(activeSessionTitle(other)).toHaveText(endsWith(childTitle));
    await expect(handoffCard(other)).toBeVisible();
    await handoffCard(other).getByText(parentTitle, { exact: true }).click();
    await expect(activeSessionTitle(other)).toHaveText(endsWith(parentTitle));

    // Again: the ids are taken, so the file lands as copies with new ids, linked to each other.
    data = await openData(other);
    await chooseImportFile(other, file);
    await expect(data.getByRole('status')).toContainText('Imported 2 sessions');
    await expect(data.getByRole('status')).toContainText(
      '2 sessions were already here and were added as copies with a new id; nothing was overwritten.',
    );
    const twice = await storedHeaders(other);
    expect(twice).toHaveLength(4);
    // The first import is untouched; the copies keep the titles and times, not the ids.
    const onceIds = new Set(once.map((header) => header.id));
    for (const header of once) expect(twice.find((h) => h.id === header.id)).toEqual(header);
    const copies = twice.filter((header) => !onceIds.has(header.id));
    const copyParent = copies.find((header) => header.parentSession === undefined);
    const copyChild = copies.find((header) => header.parentSession !== undefined);
    expect(copyParent?.title).toBe(parentTitle);
    expect(copyChild?.parentSession).toBe(copyParent?.id);
    expect(copyParent?.children).toEqual([copyChild?.id]);
  } finally {
    await fresh.close();
  }
});

test('a broken file imports nothing and lists its problems by line', async ({ page }, testInfo) => {
  await openApp(page);
  const file = testInfo.outputPath('broken.jsonl');
  const header = {
    id: 's1',
    title: 'Broken',
    createdAt: 1,
    updatedAt: 2,
    model: 'm',
    leafId: 'e1',
    children: [],
  };
  const entry = (id: string, sessionId: string) => ({
    id,
    parentId: null,
    sessionId,
    timestamp: 1,
    type: 'message',
    message: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
  });
  await writeFile(
    file,
    [
      JSON.stringify({ type: 'session', version: 1, exportedBy: 'baton', entryCount: 3, header }),
      JSON.stringify(entry('e1', 's1')),
      '{not json',
      JSON.stringify(entry('e2', 'someone-else')),
    ].join('\n'),
  );

  const data = await openData(page);
  await chooseImportFile(page, file);
  const alert = data.getByRole('alert');
  await expect(alert).toContainText('Nothing was imported');
  await expect(alert.getByRole('listitem')).toHaveCount(2);
  await expect(alert.getByRole('listitem').nth(0)).toHaveText(/^Line 3: /);
  await expect(alert.getByRole('listitem').nth(1)).toHaveText(/^Line 4: .*someone-else/);
  expect(await storedHeaders(page)).toEqual([]);
});

test('restoring a backup first downloads a backup of the current data, then adds the sessions', async ({
  connected: page,
}, testInfo) => {
  await exchange(page, 'Tell me about billing');
  let data = await openData(page);
  const backup = await downloadOf(page, () => data.getByRole('button', { name: 'Download backup' }).click());
  const file = testInfo.outputPath('backup.jsonl');
  await writeFile(file, backup.text);
  await page.keyboard.press('Escape');
  await exchange(page, 'One more thing after the backup');
  // Read once the reply's last write has landed: the header's leaf is the finished reply.
  await expect
    .poll(async () => {
      const { sessions, entries } = await readStoredData(page);
      const reply = entries.find((e) => e.id === sessions[0]?.leafId);
      return (
        reply?.message?.stopReason === 'end_turn' &&
        storedText(reply).includes('One more thing after the backup')
      );
    })
    .toBe(true);
  const before = await storedHeaders(page);
  expect(before).toHaveLength(1);

  data = await openData(page);
  const safety = await downloadOf(page, () => chooseImportFile(page, file, 'Back up first'));
  expect(safety.name).toMatch(/^baton-backup-before-restore-\d{4}-\d{2}-\d{2}-\d{4}\.jsonl$/);
  const safetyLines = jsonLines(safety.text);
  expect(safetyLines[0]).toMatchObject({ type: 'backup', sessionCount: 1 });
  expect(safety.text).toContain('One more thing after the backup');
  await expect(data.getByRole('status')).toContainText(
    'Restored 1 session (2 entries) from the backup, next to your existing sessions.',
  );
  await expect(data.getByRole('status')).toContainText(safety.name);

  // Nothing overwritten: the current session keeps its four entries, the restored copy is added.
  const after = await storedHeaders(page);
  expect(after).toHaveLength(2);
  // getAll returns records in key order, and ids are random: find each by id.
  const current = before[0] as { id: string; title: string };
  expect(after.find((h) => (h as { id: string }).id === current.id)).toEqual(current);
  const restored = after.find((h) => (h as { id: string }).id !== current.id) as
    | { title: string }
    | undefined;
  expect(restored?.title).toBe(current.title);
});
