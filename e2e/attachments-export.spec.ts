/**
 * An attached image through the real export and import: a session holding one is
 * seeded straight into IndexedDB (the composer's attach flow is not what is tested
 * here), exported as JSONL from the Export menu, deleted, and imported from Settings.
 * The stored file is then read back from IndexedDB and compared byte for byte.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  chooseImportFile,
  composer,
  revealSessionActions,
  settingsDialog,
  settingsSection,
  userMessages,
} from './helpers';

// A download, a delete and two imports on a possibly busy machine.
test.describe.configure({ timeout: 120_000 });

const SESSION_ID = 'seeded-files';
const TITLE = 'Photo review';
const IMAGE_ID = 'seeded-image';

/** A valid 1×1 PNG, then every byte value after its end (decoders stop at IEND). */
function imageBytes(): number[] {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  return [...png, ...Array.from({ length: 256 }, (_, value) => value)];
}

interface StoredFile {
  id: string;
  sessionId: string;
  name: string;
  mediaType: string;
  size: number;
  type: string;
  bytes: number[];
}

/** The session, its two messages (the first attaching the image) and the file, in one transaction. */
async function seedAttachedSession(page: Page, bytes: number[]): Promise<void> {
  await page.evaluate(
    async ({ sessionId, title, imageId, bytes }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('baton');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const ref = {
        id: imageId,
        kind: 'image',
        mediaType: 'image/png',
        name: 'photo.png',
        size: bytes.length,
        width: 1,
        height: 1,
      };
      const now = Date.now();
      const tx = db.transaction(['sessions', 'entries', 'attachments', 'settings'], 'readwrite');
      tx.objectStore('attachments').put({
        ...ref,
        sessionId,
        data: new Blob([new Uint8Array(bytes)], { type: 'image/png' }),
      });
      tx.objectStore('entries').put({
        id: `${sessionId}-1`,
        parentId: null,
        sessionId,
        timestamp: now,
        type: 'message',
        message: {
          role: 'user',
          content: [
            { type: 'attachment', attachment: ref },
            { type: 'text', text: 'What is in this photo?' },
          ],
        },
      });
      tx.objectStore('entries').put({
        id: `${sessionId}-2`,
        parentId: `${sessionId}-1`,
        sessionId,
        timestamp: now + 1,
        type: 'message',
        message: {
          role: 'assistant',
          content: [{ type: 'text', text: 'A single pixel.' }],
          stopReason: 'end_turn',
        },
      });
      tx.objectStore('sessions').put({
        id: sessionId,
        title,
        createdAt: now,
        updatedAt: now + 1,
        model: 'claude-test',
        leafId: `${sessionId}-2`,
        children: [],
      });
      tx.objectStore('settings').put(sessionId, 'activeSessionId');
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      });
      db.close();
    },
    { sessionId: SESSION_ID, title: TITLE, imageId: IMAGE_ID, bytes },
  );
  await page.reload();
  await expect(composer(page)).toBeVisible();
  await expect(activeSessionTitle(page)).toHaveText(TITLE);
}

/** Every stored attached file with its bytes, read from the page's IndexedDB. */
async function storedFiles(page: Page): Promise<StoredFile[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('baton');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const records = await new Promise<Array<Record<string, unknown>>>((resolve, reject) => {
      const request = db.transaction('attachments', 'readonly').objectStore('attachments').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return Promise.all(
      records.map(async (record) => {
        const data = record.data as Blob;
        return {
          id: String(record.id),
          sessionId: String(record.sessionId),
          name: String(record.name),
          mediaType: String(record.mediaType),
          size: Number(record.size),
          type: data.type,
          bytes: [...new Uint8Array(await data.arrayBuffer())],
        };
      }),
    );
  });
}

/** The attachment ids the stored messages of `sessionId` attach. */
async function attachedIds(page: Page, sessionId: string): Promise<string[]> {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('baton');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const entries = await new Promise<Array<{ message?: { content?: unknown[] } }>>((resolve, reject) => {
      const request = db
        .transaction('entries', 'readonly')
        .objectStore('entries')
        .index('sessionId')
        .getAll(id);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return entries.flatMap((entry) =>
      (entry.message?.content ?? []).flatMap((block) => {
        const { type, attachment } = block as { type?: string; attachment?: { id?: string } };
        return type === 'attachment' && attachment?.id ? [attachment.id] : [];
      }),
    );
  }, sessionId);
}

async function importFile(page: Page, path: string, expected: string): Promise<void> {
  const data = (await settingsSection(page, 'Data')).getByRole('group', { name: 'Data' });
  await chooseImportFile(page, path);
  await expect(data.getByRole('status')).toContainText(expected);
  await page.keyboard.press('Escape');
  await expect(settingsDialog(page)).toBeHidden();
}

test('an attached image survives export, delete and import byte for byte, and a second import copies it', async ({
  connected: page,
}, testInfo) => {
  const bytes = imageBytes();
  await seedAttachedSession(page, bytes);
  await expect(userMessages(page)).toHaveCount(1);

  // Export from the menu; the file carries the image as an attachment line.
  const pending = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Export' })
    .getByRole('button', { name: 'Session as JSONL' })
    .click();
  const download = await pending;
  const path = testInfo.outputPath('attached.jsonl');
  await download.saveAs(path);
  const lines = (await readFile(path, 'utf8'))
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines[0]).toMatchObject({ type: 'session', version: 3, entryCount: 2, attachmentCount: 1 });
  expect(lines[3]).toMatchObject({
    type: 'attachment',
    sessionId: SESSION_ID,
    attachment: { id: IMAGE_ID, name: 'photo.png', mediaType: 'image/png', size: bytes.length },
    data: Buffer.from(bytes).toString('base64'),
  });

  // Delete the session: its file goes with it.
  const item = await revealSessionActions(page, TITLE);
  await item.getByRole('button', { name: `Delete ${TITLE}`, exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete session?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: TITLE, exact: true })).toHaveCount(0);
  await expect.poll(() => storedFiles(page)).toEqual([]);

  // Import: the file is back, byte for byte, and the message attaches it.
  await importFile(page, path, 'Imported 1 session (2 entries, 1 file).');
  const [restored, ...others] = await storedFiles(page);
  expect(others).toEqual([]);
  expect(restored).toEqual({
    id: IMAGE_ID,
    sessionId: SESSION_ID,
    name: 'photo.png',
    mediaType: 'image/png',
    size: bytes.length,
    type: 'image/png',
    bytes,
  });
  expect(await attachedIds(page, SESSION_ID)).toEqual([IMAGE_ID]);

  // Again: every id is taken now, so the copy gets its own file, attached by its own message.
  await importFile(page, path, 'Imported 1 session (2 entries, 1 file).');
  const files = await storedFiles(page);
  expect(files).toHaveLength(2);
  const copy = files.find((file) => file.id !== IMAGE_ID);
  expect(copy?.sessionId).not.toBe(SESSION_ID);
  expect(copy?.bytes).toEqual(bytes);
  expect(await attachedIds(page, copy?.sessionId ?? '')).toEqual([copy?.id]);
  expect(await attachedIds(page, SESSION_ID)).toEqual([IMAGE_ID]);
});
