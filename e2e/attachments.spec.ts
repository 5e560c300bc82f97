/**
 * Attachments: files pasted, dropped on the chat or picked with "Attach files" become
 * chips, go to the API as image, document and text blocks, are shown in the chat (also
 * after a reload), are refused with a sentence before anything is sent, are scaled down
 * when large, and leave the device with their session.
 */
import type { JSHandle, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import {
  alertNotice,
  assistantMessages,
  composer,
  exchange,
  openApp,
  revealSessionActions,
  sessionTitles,
  userMessages,
  waitIdle,
} from './helpers';

// axe takes seconds per page on a loaded machine.
test.describe.configure({ timeout: 180_000 });

/** A file made in the page: its bytes as base64, or `zeros` bytes of 0. */
type FileSpec = { name: string; type: string } & ({ base64: string } | { zeros: number });

const PDF_TEXT = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  '4 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
].join('\n');

const NOTES = '# Notes\n\nThe launch is on Tuesday — café at 9.\n';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/**
 * A PNG drawn on a canvas in the page, as base64: two flat colours, so that even
 * 3000×2000 stays under the API's 3.75 MB (the canvas's PNG encoder compresses little).
 */
function drawPng(page: Page, width: number, height: number): Promise<string> {
  return page.evaluate(
    async ({ width, height }) => {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.fillStyle = '#2c5d8f';
      context.fillRect(0, 0, width, height);
      context.fillStyle = '#ffffff';
      context.fillRect(width / 4, height / 4, width / 2, height / 2);
      const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { width, height },
  );
}

/** A DataTransfer in the page holding `files`, as a drag or a paste carries them. */
function dataTransfer(page: Page, files: FileSpec[]): Promise<JSHandle<DataTransfer>> {
  return page.evaluateHandle((specs) => {
    const transfer = new DataTransfer();
    for (const spec of specs) {
      const bytes =
        'zeros' in spec
          ? new Uint8Array(spec.zeros)
          : Uint8Array.from(atob(spec.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], spec.name, { type: spec.type }));
    }
    return transfer;
  }, files);
}

/** Ctrl+V of files, as the browser delivers it to the message box. */
async function paste(page: Page, files: FileSpec[]): Promise<void> {
  const transfer = await dataTransfer(page, files);
  await transfer.evaluate((clipboardData) => {
    const box = document.querySelector('textarea[aria-label="Message"]');
    if (!box) throw new Error('no message box');
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  });
}

/** Drags files over the chat (the drop zone says so) and drops them. */
async function drop(page: Page, files: FileSpec[]): Promise<void> {
  const transfer = await dataTransfer(page, files);
  const fire = (type: string) =>
    transfer.evaluate((dataTransfer, type) => {
      const chat = document.querySelector('main');
      if (!chat) throw new Error('no main');
      chat.dispatchEvent(new DragEvent(type, { dataTransfer, bubbles: true, cancelable: true }));
    }, type);
  await fire('dragenter');
  await fire('dragover');
  await expect(page.getByTestId('drop-overlay')).toHaveText('Drop files to attach');
  await fire('drop');
  await expect(page.getByTestId('drop-overlay')).toHaveCount(0);
}

function chips(page: Page) {
  return page.getByRole('list', { name: 'Files to send' }).getByRole('listitem');
}

interface StoredFile {
  id: string;
  sessionId: string;
  name: string;
  kind: string;
  mediaType: string;
  size: number;
  width?: number;
  height?: number;
  pages?: number;
  original?: { width: number; height: number; size: number };
  base64: string;
  /** The bytes decoded as an image (images only). */
  decoded?: { width: number; height: number };
}

/** Every record of the `attachments` store of the app's IndexedDB, with its bytes. */
function storedFiles(page: Page): Promise<StoredFile[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('baton');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const records = await new Promise<Array<Record<string, unknown> & { data: Blob }>>(
        (resolve, reject) => {
          const request = db.transaction('attachments').objectStore('attachments').getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        },
      );
      const out = [];
      for (const { data, ...record } of records) {
        const bytes = new Uint8Array(await data.arrayBuffer());
        let binary = '';
        for (const byte of bytes) binary += String.fromCharCode(byte);
        let decoded: { width: number; height: number } | undefined;
        if (record.kind === 'image') {
          const bitmap = await createImageBitmap(data);
          decoded = { width: bitmap.width, height: bitmap.height };
          bitmap.close();
        }
        out.push({ ...record, base64: btoa(binary), ...(decoded && { decoded }) });
      }
      return out as unknown as StoredFile[];
    } finally {
      db.close();
    }
  });
}

async function storedCount(page: Page): Promise<number> {
  return (await storedFiles(page)).length;
}

test('a pasted image, a dropped PDF and text file go to the API as blocks, show in the chat, survive a reload and leave with their session', async ({
  connected: page,
  mockApi,
}) => {
  const png = await drawPng(page, 64, 48);
  await paste(page, [{ name: 'image.png', type: 'image/png', base64: png }]);
  await expect(chips(page)).toHaveCount(1);
  const imageChip = chips(page).first();
  // Chrome names every pasted image "image.png": it gets a name of its own.
  await expect(imageChip).toContainText(/^Pasted image \d\d-\d\d-\d\d\.png64×48/);
  const pastedName = ((await imageChip.locator('.chip-name').textContent()) ?? '').trim();

  await drop(page, [
    { name: 'brief.pdf', type: 'application/pdf', base64: base64(PDF_TEXT) },
    { name: 'notes.md', type: '', base64: base64(NOTES) },
  ]);
  await expect(chips(page)).toHaveCount(3);
  await expect(chips(page).nth(1)).toContainText('brief.pdf2 pages');
  await expect(chips(page).nth(2)).toContainText(`notes.md${Buffer.byteLength(NOTES)} bytes`);

  // Each chip can be removed by name; the image goes and comes back with another paste.
  await page.getByRole('button', { name: `Remove ${pastedName}` }).click();
  await expect(chips(page)).toHaveCount(2);
  await paste(page, [{ name: 'chart.png', type: 'image/png', base64: png }]);
  await expect(chips(page)).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);

  await composer(page).fill('What do these say?');
  await composer(page).press('Enter');
  await expect.poll(() => mockApi.messageRequests().length).toBe(1);
  const [request] = mockApi.messageRequests();
  await waitIdle(page);
  await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0);

  const content = request?.body.messages?.at(-1)?.content as Array<Record<string, unknown>>;
  // Files first, in the order given, then the text.
  expect(content.map((block) => block.type)).toEqual(['document', 'text', 'image', 'text']);
  const [pdfBlock, textBlock, imageBlock, question] = content;
  expect(pdfBlock).toMatchObject({
    type: 'document',
    source: { type: 'base64', media_type: 'application/pdf', data: base64(PDF_TEXT) },
    title: 'brief.pdf',
  });
  expect(textBlock?.type).toBe('text');
  expect(textBlock?.text).toContain('notes.md');
  expect(textBlock?.text).toContain(NOTES);
  expect(imageBlock).toMatchObject({ type: 'image', source: { type: 'base64', media_type: 'image/png' } });
  expect(question).toMatchObject({ type: 'text', text: 'What do these say?' });

  // What went is what is stored: the image's bytes, unchanged (it was small).
  await expect.poll(() => storedCount(page)).toBe(3);
  const stored = await storedFiles(page);
  const storedImage = stored.find((file) => file.name === 'chart.png');
  expect(storedImage).toMatchObject({ kind: 'image', mediaType: 'image/png', width: 64, height: 48 });
  expect(imageBlock?.source).toMatchObject({ data: storedImage?.base64 });
  expect(storedImage?.base64).toBe(png);

  const message = userMessages(page).last();
  const thumbnail = message.getByRole('button', { name: 'chart.png' });
  await expect(thumbnail.locator('img')).toHaveJSProperty('complete', true);
  await expect(message.getByRole('link', { name: /brief\.pdf.*2 pages/ })).toHaveAttribute('href', /^blob:/);
  await expect(message.getByRole('link', { name: /notes\.md/ })).toHaveAttribute('target', '_blank');

  // After a reload the chat reads the files from storage.
  await page.reload();
  const reloaded = userMessages(page).last();
  await expect(reloaded).toContainText('What do these say?');
  const thumb = reloaded.getByRole('button', { name: 'chart.png' }).locator('img');
  await expect
    .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(64);

  // The full-size view is a dialog named after the file; Esc closes it.
  await reloaded.getByRole('button', { name: 'chart.png' }).click();
  const dialog = page.getByRole('dialog', { name: 'chart.png' });
  await expect(dialog.getByRole('img', { name: 'chart.png' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Deleting the session deletes its files.
  const item = await revealSessionActions(page, 'What do these say?');
  await item.getByRole('button', { name: 'Delete What do these say?', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete session?' }).getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => storedCount(page)).toBe(0);
});

test('a file of the wrong type or too large is refused with a sentence, and nothing is sent', async ({
  connected: page,
  mockApi,
}) => {
  // The Attach button opens the system's picker.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files', exact: true }).click();
  await (await chooser).setFiles([
    { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ\x90\x00binary') },
  ]);
  await expect(
    alertNotice(
      page,
      'setup.exe is not a file Baton can send: images (PNG, JPEG, GIF, WebP), PDFs and text files are.',
    ),
  ).toBeVisible();

  await drop(page, [{ name: 'huge.pdf', type: 'application/pdf', zeros: 40 * 1024 * 1024 }]);
  await expect(
    alertNotice(
      page,
      'huge.pdf is too large to send: the API takes files of up to 24 MB, and this one is 40 MB.',
    ),
  ).toBeVisible();

  await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await composer(page).press('Enter');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'huge.pdf' })).toHaveCount(0);
  expect(mockApi.messageRequests()).toEqual([]);
  expect(await storedCount(page)).toBe(0);
});

test('a large image picked with Attach files is stored scaled down to 1568 px, with its original size recorded', async ({
  connected: page,
  mockApi,
}) => {
  const png = await drawPng(page, 3000, 2000);
  // Scaled off the page's thread, in the worker started for it.
  const worker = page.waitForEvent('worker');
  await page.getByTestId('attach-input').setInputFiles({
    name: 'wide.png',
    mimeType: 'image/png',
    buffer: Buffer.from(png, 'base64'),
  });
  await expect(chips(page)).toHaveCount(1);
  await expect(chips(page).first()).toContainText('(from 3000×2000)');
  expect((await worker).url()).toMatch(/scaleImage\.worker.*\.js$/);
  await expect(page.getByLabel('Keep original size')).not.toBeChecked();

  // Files alone make a message.
  await composer(page).press('Enter');
  await expect.poll(() => mockApi.messageRequests().length).toBe(1);
  const [request] = mockApi.messageRequests();
  await waitIdle(page);

  await expect.poll(() => storedCount(page)).toBe(1);
  const [stored] = await storedFiles(page);
  expect(stored?.mediaType).toBe('image/png');
  expect(stored?.original).toEqual({ width: 3000, height: 2000, size: Buffer.from(png, 'base64').length });
  const width = stored?.width ?? 0;
  const height = stored?.height ?? 0;
  expect(Math.max(width, height)).toBeLessThanOrEqual(1568);
  expect(width / height).toBeCloseTo(1.5, 1);
  // The bytes are the scaled image, not the original with new numbers beside it.
  expect(stored?.decoded).toEqual({ width, height });
  expect(stored?.size).toBe(Buffer.from(stored?.base64 ?? '', 'base64').length);

  const content = request?.body.messages?.at(-1)?.content as Array<{
    type: string;
    source?: { data: string };
  }>;
  expect(content.map((block) => block.type)).toEqual(['image']);
  expect(content[0]?.source?.data).toBe(stored?.base64);
  await expect(userMessages(page).last().getByRole('button', { name: 'wide.png' })).toBeVisible();

  // "Keep original size" sends the image as it was picked (the API takes it), for that send only.
  await page.getByTestId('attach-input').setInputFiles({
    name: 'kept.png',
    mimeType: 'image/png',
    buffer: Buffer.from(png, 'base64'),
  });
  await page.getByLabel('Keep original size').check();
  await composer(page).press('Enter');
  await expect.poll(() => mockApi.messageRequests().length).toBe(2);
  const second = mockApi.messageRequests()[1];
  await waitIdle(page);
  const sent = second?.body.messages?.at(-1)?.content as Array<{ type: string; source?: { data: string } }>;
  expect(sent[0]?.source?.data).toBe(png);
  await expect.poll(() => storedCount(page)).toBe(2);
  const kept = (await storedFiles(page)).find((file) => file.name === 'kept.png');
  expect(kept).toMatchObject({ width: 3000, height: 2000, decoded: { width: 3000, height: 2000 } });
  expect(kept?.original).toBeUndefined();
  await page.getByTestId('attach-input').setInputFiles({
    name: 'again.png',
    mimeType: 'image/png',
    buffer: Buffer.from(png, 'base64'),
  });
  await expect(page.getByLabel('Keep original size')).not.toBeChecked();

  // A file the device no longer has (cleared storage, say) is named and said to be gone.
  await page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('baton');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('attachments', 'readwrite');
      tx.objectStore('attachments').delete(id);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, stored?.id ?? '');
  await page.reload();
  await expect(userMessages(page).first()).toContainText('wide.png (no longer on this device)');
  await expect(userMessages(page).first().getByRole('button', { name: 'wide.png' })).toHaveCount(0);
  await expect(userMessages(page).last().getByRole('button', { name: 'kept.png' })).toBeVisible();
});

test('without a key, the demo model says what it received: type, pixel size and bytes', async ({ page }) => {
  await openApp(page);
  const png = await drawPng(page, 64, 48);
  await paste(page, [{ name: 'chart.png', type: 'image/png', base64: png }]);
  await expect(chips(page)).toHaveCount(1);
  await composer(page).fill('What is this?');
  await composer(page).press('Enter');
  const reply = assistantMessages(page).last();
  await expect(reply).toContainText('You attached one file');
  await expect(reply).toContainText(`an image (PNG, 64×48 px, ${Buffer.from(png, 'base64').length} bytes)`);
});

test('a file and text left in the composer stay with their session: New session starts empty and sends none of it (issue 27, finding 6)', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'First conversation');
  await page.getByTestId('attach-input').setInputFiles({
    name: 'notes.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from(NOTES),
  });
  await expect(chips(page)).toHaveCount(1);
  await composer(page).fill('About these notes');

  await page.getByRole('button', { name: 'New session', exact: true }).click();
  await expect(userMessages(page)).toHaveCount(0);
  await expect(chips(page)).toHaveCount(0);
  await expect(composer(page)).toHaveValue('');
  await expect(
    page
      .getByRole('status')
      .getByText(
        'Your unsent message stays with “First conversation”: it is back in the message box when you open that session again.',
        { exact: true },
      ),
  ).toBeVisible();
  await exchange(page, 'Something else entirely');
  const sent = JSON.stringify(mockApi.messageRequests().at(-1)?.body);
  expect(sent).toContain('Something else entirely');
  expect(sent).not.toContain('notes.md');
  expect(sent).not.toContain('café at 9');
  expect(sent).not.toContain('About these notes');

  // Back in the first session, the draft is where it was left, ready to send there.
  await sessionTitles(page).filter({ hasText: 'First conversation' }).click();
  await expect(userMessages(page)).toHaveText(['First conversation']);
  await expect(chips(page)).toHaveCount(1);
  await expect(chips(page).first()).toContainText('notes.md');
  await expect(composer(page)).toHaveValue('About these notes');
});

test.describe('two tabs', () => {
  // Remembered, so the second tab talks to the mock too.
  test.use({ connection: { rememberKey: true } });

  test('a file sent in one tab shows in the other tab’s view of the session, read from storage', async ({
    connected: a,
    context,
  }) => {
    await exchange(a, 'Charts for the review');
    const b = await context.newPage();
    await openApp(b);
    await expect(userMessages(b)).toHaveText(['Charts for the review']);

    const png = await drawPng(a, 40, 30);
    await paste(a, [{ name: 'chart.png', type: 'image/png', base64: png }]);
    await expect(chips(a)).toHaveCount(1);
    await composer(a).fill('Here is the chart');
    await composer(a).press('Enter');
    await waitIdle(a);

    const shown = userMessages(b).last();
    await expect(shown).toContainText('Here is the chart');
    const thumb = shown.getByRole('button', { name: 'chart.png' }).locator('img');
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(40);
  });
});
