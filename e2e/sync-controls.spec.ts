/**
 * The controls of Settings → Sync as a user works them (issue 28): **Stop sync** stops
 * sending without deleting anything, here or on the server; a reload leaves a stopped sync
 * stopped and a running one running (it starts again by itself); **Start sync** again needs
 * no passphrase, the key being kept on this device; **Forget this server** empties the
 * fields and keeps every session. And what is never synced: the API key and the settings.
 */
import { expect, test } from './couchFixture';
import { exchange, readStoredData, TEST_KEY, userMessages } from './helpers';
import { closeSettings, openSync, syncDevice, syncStatus, waitSynced } from './syncHelpers';

test.describe.configure({ timeout: 180_000 });

/** The ids of the entries' documents on the server: what was pushed (the bodies are encrypted). */
async function entryDocIds(docs: () => Promise<Array<{ _id: string }>>): Promise<string[]> {
  return (await docs()).map((doc) => doc._id).filter((id) => id.startsWith('e:'));
}

test('Stop sync stops sending and deletes nothing; a reload keeps it stopped; Start sync again needs no passphrase and sends what waited', async ({
  devices,
  syncTarget,
}) => {
  const a = devices.a.page;
  await exchange(a, 'First message, synced');
  await syncDevice(a, syncTarget);
  const synced = await entryDocIds(syncTarget.docs);
  expect(synced.length).toBeGreaterThanOrEqual(2);

  const panel = await openSync(a);
  await panel.getByRole('button', { name: 'Stop sync' }).click();
  await expect(syncStatus(a)).toHaveText('Sync is off');
  await closeSettings(a);
  await exchange(a, 'Second message, written while sync is off');
  // Written here, and nothing of it reaches the server while sync is off.
  await expect
    .poll(async () => (await readStoredData(a)).entries.length)
    .toBeGreaterThanOrEqual(synced.length + 2);
  await a.waitForTimeout(2_000);
  expect(await entryDocIds(syncTarget.docs)).toEqual(synced);

  // A stopped sync stays stopped across a reload.
  await a.reload();
  await openSync(a);
  await expect(syncStatus(a)).toHaveText('Sync is off');
  await a.waitForTimeout(1_000);
  expect(await entryDocIds(syncTarget.docs)).toEqual(synced);

  // The form holds what was typed but the passphrase; the key is kept, so none is needed.
  const again = await openSync(a);
  await expect(again.getByLabel('Database URL')).toHaveValue(syncTarget.url);
  await expect(again.getByLabel('Username')).toHaveValue(syncTarget.username);
  await expect(again.getByLabel('Passphrase')).toHaveValue('');
  await again.getByRole('button', { name: 'Start sync' }).click();
  await waitSynced(a);
  await expect.poll(async () => (await entryDocIds(syncTarget.docs)).length).toBe(synced.length + 2);
});

test('a running sync starts again by itself after a reload and sends what was written meanwhile', async ({
  devices,
  syncTarget,
}) => {
  const a = devices.a.page;
  await exchange(a, 'Before the reload');
  await syncDevice(a, syncTarget);
  await closeSettings(a);
  const before = (await entryDocIds(syncTarget.docs)).length;

  await a.reload();
  // The restored transcript first: exchange counts the replies shown before it sends.
  await expect(userMessages(a)).toHaveText(['Before the reload']);
  await exchange(a, 'After the reload, no button pressed');
  await expect
    .poll(async () => (await entryDocIds(syncTarget.docs)).length, { timeout: 20_000 })
    .toBe(before + 2);
  await openSync(a);
  await waitSynced(a);
});

test('Forget this server empties the fields and keeps every session here and every document there; the API key is never sent', async ({
  devices,
  syncTarget,
}) => {
  const a = devices.a.page;
  await exchange(a, 'Kept after forgetting');
  await syncDevice(a, syncTarget);
  const onServer = await syncTarget.docs();

  const panel = await openSync(a);
  await panel.getByRole('button', { name: 'Forget this server' }).click();
  await expect(syncStatus(a)).toHaveText('Sync is off');
  for (const field of ['Database URL', 'Username', 'Passphrase'])
    await expect(panel.getByLabel(field)).toHaveValue('');
  await expect(panel.getByLabel('Password', { exact: true })).toHaveValue('');

  // Nothing deleted on either side.
  expect((await syncTarget.docs()).map((doc) => doc._id).sort()).toEqual(
    onServer.map((doc) => doc._id).sort(),
  );
  await closeSettings(a);
  await expect(userMessages(a)).toHaveText(['Kept after forgetting']);

  // After a reload nothing comes back: no settings, no start.
  await a.reload();
  const reopened = await openSync(a);
  await expect(reopened.getByLabel('Database URL')).toHaveValue('');
  await expect(syncStatus(a)).toHaveText('Sync is off');

  // The server never saw the key, not even encrypted: settings are not synced, and the
  // documents are one per entry, header and device.
  const raw = await syncTarget.rawDocs();
  expect(raw).not.toContain(TEST_KEY);
  const kinds = new Set(onServer.map((doc) => (doc._id === 'baton-meta' ? 'meta' : doc._id.slice(0, 2))));
  expect([...kinds].sort()).toEqual(['d:', 'e:', 'h:', 'meta']);
});
