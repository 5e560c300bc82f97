/**
 * Sync through a real CouchDB-protocol server (issue 28, "End to end"): two devices are
 * two browser contexts with profiles of their own, both set up through Settings → Sync.
 * A second device gets the sessions that were there before sync; a message sent on one
 * device shows on the other within 2 seconds; both devices continuing the same session
 * while cut off from the server (a partition: the proxy in front of the server drops
 * every connection, the model API stays reachable) leaves both branches on both once it
 * heals; a deleted session goes from both; and the server holds no plaintext.
 * The faults (wrong password, CORS, wrong passphrase, a page closed mid-push) are in
 * sync-faults.spec.ts.
 */
import type { Page } from '@playwright/test';
import { expect, type SyncTarget, test } from './couchFixture';
import {
  assistantMessages,
  exchange,
  readStoredData,
  revealSessionActions,
  send,
  sessionTitles,
  storedText,
  userMessages,
  waitIdle,
} from './helpers';
import {
  closeSettings,
  openSession,
  openSync,
  type SyncInput,
  syncDevice,
  syncStatus,
  waitSynced,
} from './syncHelpers';

// Two browsers, a key derivation on each, and first syncs on a loaded machine.
test.describe.configure({ timeout: 180_000 });

/** What both devices type into Settings → Sync, against `url` (the server's, or the proxy's). */
function syncInput(target: SyncTarget, url = target.url): SyncInput {
  return { url, username: target.username, password: target.password, passphrase: target.passphrase };
}

/** Starts a new session with `text` as its first message (its title) and waits for the reply. */
async function startSession(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: 'New session', exact: true }).first().click();
  await expect(userMessages(page)).toHaveCount(0);
  await exchange(page, text);
}

/** The texts of every stored message entry of the device, sorted: what it holds, shown or not. */
async function storedTexts(page: Page): Promise<string[]> {
  const { entries } = await readStoredData(page);
  return entries.map(storedText).filter(Boolean).sort();
}

test('a second device gets the sessions that were there before sync, and both count two devices', async ({
  devices,
  syncTarget,
}) => {
  const { a, b } = { a: devices.a.page, b: devices.b.page };
  await startSession(a, 'Plan the garden layout');
  await exchange(a, 'Add a herb bed by the door');
  await startSession(a, 'Draft the tax letter');

  await syncDevice(a, syncInput(syncTarget));
  await syncDevice(b, syncInput(syncTarget));
  await expect(syncStatus(b)).toHaveText(/^Synced .* · 2 devices$/);
  await closeSettings(b);

  await expect(sessionTitles(b).filter({ hasText: 'Plan the garden layout' })).toHaveCount(1);
  await expect(sessionTitles(b).filter({ hasText: 'Draft the tax letter' })).toHaveCount(1);
  await openSession(b, 'Plan the garden layout');
  await expect(userMessages(b)).toHaveText(['Plan the garden layout', 'Add a herb bed by the door']);
  await expect(assistantMessages(b)).toHaveText([
    'Mock reply to: Plan the garden layout',
    'Mock reply to: Add a herb bed by the door',
  ]);
  expect(await storedTexts(b)).toEqual(await storedTexts(a));

  // The first device hears of the second.
  await openSync(a);
  await expect(syncStatus(a)).toHaveText(/^Synced .* · 2 devices$/, { timeout: 30_000 });
});

test('a message sent on one device shows on the other within 2 seconds, and its reply after it', async ({
  devices,
  syncTarget,
}) => {
  const { a, b } = { a: devices.a.page, b: devices.b.page };
  await startSession(a, 'Weekly planning');
  await syncDevice(a, syncInput(syncTarget));
  await closeSettings(a);
  await syncDevice(b, syncInput(syncTarget));
  await closeSettings(b);
  await openSession(b, 'Weekly planning');
  await expect(assistantMessages(b)).toHaveText(['Mock reply to: Weekly planning']);

  await send(a, 'Move the review to Thursday');
  await expect(userMessages(a).last()).toHaveText('Move the review to Thursday');
  await expect(userMessages(b).last()).toHaveText('Move the review to Thursday', { timeout: 2_000 });
  await waitIdle(a);
  await expect(assistantMessages(b).last()).toHaveText('Mock reply to: Move the review to Thursday', {
    timeout: 2_000,
  });

  // And the other way round.
  await send(b, 'And book the room');
  await expect(userMessages(b).last()).toHaveText('And book the room');
  await expect(userMessages(a).last()).toHaveText('And book the room', { timeout: 2_000 });
  await waitIdle(b);
  await expect(assistantMessages(a)).toHaveCount(3, { timeout: 2_000 });
});

test('both devices continue the same session while cut off from the server; once healed both branches are on both', async ({
  devices,
  syncTarget,
  couchProxy,
}) => {
  const { a, b } = { a: devices.a.page, b: devices.b.page };
  const viaProxy = syncInput(syncTarget, couchProxy.databaseUrl(syncTarget.database));
  await startSession(a, 'Trip to Lisbon');
  await syncDevice(a, viaProxy);
  await closeSettings(a);
  await syncDevice(b, viaProxy);
  await closeSettings(b);
  await openSession(b, 'Trip to Lisbon');
  await expect(assistantMessages(b)).toHaveText(['Mock reply to: Trip to Lisbon']);

  couchProxy.cut();
  for (const page of [a, b]) {
    await openSync(page);
    await expect(syncStatus(page)).toHaveText('Offline: changes wait on this device');
    await closeSettings(page);
  }
  // Each continues the session on its own; the model API is still reachable.
  await exchange(a, 'Book the hotel by the river');
  await exchange(b, 'Find a cheaper flight');
  expect(await storedTexts(a)).not.toContain('Find a cheaper flight');
  expect(await storedTexts(b)).not.toContain('Book the hotel by the river');

  couchProxy.heal();
  const expected = [
    'Book the hotel by the river',
    'Find a cheaper flight',
    'Mock reply to: Book the hotel by the river',
    'Mock reply to: Find a cheaper flight',
    'Mock reply to: Trip to Lisbon',
    'Trip to Lisbon',
  ];
  // Back online, each pushes its branch and pulls the other's (backoff may wait a while).
  await expect.poll(() => storedTexts(a), { timeout: 90_000 }).toEqual(expected);
  await expect.poll(() => storedTexts(b), { timeout: 90_000 }).toEqual(expected);

  // Both branches are shown as versions of the second message, and both devices agree
  // on which one is shown (the header merged the same way on both).
  for (const page of [a, b]) {
    const second = page
      .locator('.chat-row')
      .filter({ has: userMessages(page) })
      .nth(1);
    await expect(second.getByRole('group', { name: 'Versions' })).toHaveText(/^‹[12] \/ 2›$/);
  }
  const shownOnA = await userMessages(a).nth(1).textContent();
  await expect(userMessages(b).nth(1)).toHaveText(shownOnA ?? '');
  const other =
    shownOnA === 'Find a cheaper flight' ? 'Book the hotel by the river' : 'Find a cheaper flight';
  // The other branch is a click away; the choice is the header's leaf, so the other
  // device follows it (switching there too would race the choice coming from here).
  const second = a
    .locator('.chat-row')
    .filter({ has: userMessages(a) })
    .nth(1);
  await second.hover();
  const versions = second.getByRole('group', { name: 'Versions' });
  const button = (await versions.textContent())?.startsWith('‹1')
    ? second.getByRole('button', { name: 'Next version' })
    : second.getByRole('button', { name: 'Previous version' });
  await button.click();
  for (const page of [a, b]) {
    await expect(userMessages(page).nth(1)).toHaveText(other);
    await expect(assistantMessages(page).nth(1)).toHaveText(`Mock reply to: ${other}`);
  }
  for (const page of [a, b]) {
    await openSync(page);
    await waitSynced(page);
  }
});

test('a session deleted on one device is deleted on the other', async ({ devices, syncTarget }) => {
  const { a, b } = { a: devices.a.page, b: devices.b.page };
  await startSession(a, 'Keep this one');
  await startSession(a, 'Delete this one');
  await syncDevice(a, syncInput(syncTarget));
  await closeSettings(a);
  await syncDevice(b, syncInput(syncTarget));
  await closeSettings(b);
  await expect(sessionTitles(b).filter({ hasText: 'Delete this one' })).toHaveCount(1);

  const item = await revealSessionActions(a, 'Delete this one');
  await item.getByRole('button', { name: 'Delete Delete this one', exact: true }).click();
  await a.getByRole('dialog', { name: 'Delete session?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(sessionTitles(a).filter({ hasText: 'Delete this one' })).toHaveCount(0);

  await expect(sessionTitles(b).filter({ hasText: 'Delete this one' })).toHaveCount(0);
  await expect(sessionTitles(b).filter({ hasText: 'Keep this one' })).toHaveCount(1);
  // Gone from what the second device stores, not only from its list.
  await expect
    .poll(async () => (await readStoredData(b)).sessions.map((session) => session.title))
    .toEqual(['Keep this one']);
  await b.reload();
  await expect(sessionTitles(b).filter({ hasText: 'Keep this one' })).toHaveCount(1);
  await expect(sessionTitles(b).filter({ hasText: 'Delete this one' })).toHaveCount(0);
});

test("the server's documents hold no plaintext of what was synced", async ({ devices, syncTarget }) => {
  const secret = 'The vault code is 7419 behind the heron painting';
  const { a, b } = { a: devices.a.page, b: devices.b.page };
  await startSession(a, secret);
  await syncDevice(a, syncInput(syncTarget));
  // A second device decrypts it: the documents do carry the sentence, encrypted.
  await syncDevice(b, syncInput(syncTarget));
  await closeSettings(b);
  await openSession(b, secret);
  await expect(userMessages(b)).toHaveText([secret]);

  const docs = await syncTarget.docs();
  // The session's header and its two entries at least, besides the clear metadata.
  expect(docs.length).toBeGreaterThanOrEqual(4);
  const raw = await syncTarget.rawDocs();
  for (const needle of [
    secret,
    'vault code',
    '7419',
    'heron',
    `Mock reply to: ${secret}`,
    Buffer.from(secret).toString('base64'),
    syncTarget.passphrase,
  ]) {
    expect(raw, `the server stores "${needle}"`).not.toContain(needle);
  }
  // Every body but the clear metadata is the codec's envelope: `{ v, iv, data }` only.
  for (const doc of docs.filter((each) => each._id !== 'baton-meta')) {
    const fields = Object.keys(doc).filter((key) => !key.startsWith('_'));
    expect(fields.sort(), `fields of ${doc._id}`).toEqual(['data', 'iv', 'v']);
  }
});

/** The text of a stored attachment of the device, read from its bytes in IndexedDB. */
function storedAttachmentText(page: Page, name: string): Promise<string | undefined> {
  return page.evaluate(async (wanted) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('baton');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const all = await new Promise<Array<{ name: string; data: Blob }>>((resolve, reject) => {
      const request = db.transaction('attachments').objectStore('attachments').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return all.find((record) => record.name === wanted)?.data.text();
  }, name);
}

test("a second device gets a session's attached file and its workspace files, contents and all", async ({
  devices,
  syncTarget,
}) => {
  const { a, b } = { a: devices.a.page, b: devices.b.page };
  await startSession(a, 'Files that travel');
  await a.getByTestId('attach-input').setInputFiles({
    name: 'brief.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('The brief, attached on device A.\n'),
  });
  await exchange(a, 'Here is the brief');
  await a.getByRole('button', { name: 'Files', exact: true }).click();
  const panelA = a.getByRole('region', { name: 'Workspace' });
  await panelA.getByLabel('Files to upload').setInputFiles({
    name: 'plan.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Plan\n\nWritten on device A.\n'),
  });
  await expect(panelA.getByRole('button', { name: /^plan\.md/ })).toBeVisible();

  await syncDevice(a, syncInput(syncTarget));
  await syncDevice(b, syncInput(syncTarget));
  await closeSettings(b);
  await openSession(b, 'Files that travel');
  // The file's chip (the mock's reply quotes the file too, so its name alone matches twice).
  await expect(b.getByText('brief.txt', { exact: true })).toBeVisible();
  expect(await storedAttachmentText(b, 'brief.txt')).toBe('The brief, attached on device A.\n');

  await b.getByRole('button', { name: 'Files', exact: true }).click();
  const panelB = b.getByRole('region', { name: 'Workspace' });
  await panelB.getByRole('button', { name: /^plan\.md/ }).click();
  await expect(panelB.getByRole('heading', { name: 'Plan', exact: true })).toBeVisible();
  await expect(panelB).toContainText('Written on device A.');
});
