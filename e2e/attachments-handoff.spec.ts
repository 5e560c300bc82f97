/**
 * Attachments across a handoff, in Chromium against the mock API: the files still in the
 * conversation go with the document request as the API's blocks (the stored bytes), the
 * instruction names them, and the new session's card lists them, each a link that opens
 * the old session at the message that carried the file, highlighted.
 */
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  composer,
  handoffCard,
  handoffDocument,
  send,
  statusNotice,
  textReply,
} from './helpers';

/** A 2×1 PNG: real bytes, which the mock checks are what image/png says. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwHwQZGBgAM/8F+x4RBCUAAAAASUVORK5CYII=';
const PNG_SIZE = atob(PNG_BASE64).length;
const SESSION = 'session-with-a-chart';
/**
 * Turns of the seeded session: few, so the message with the file is in the first page the
 * app paints (the list is still settling at its bottom when the link scrolls it), or
 * enough that it is beyond that page and arrives with the second read.
 */
for (const turns of [6, 80]) {
  test(`a handoff sends the files still in view, names them, and the new card links back to where each was sent (${turns} turns)`, async ({
    connected: page,
    mockApi,
  }) => {
    await page.evaluate(
      async ({ id, png, size, turns }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('baton');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const tx = db.transaction(['sessions', 'entries', 'settings', 'attachments'], 'readwrite');
        const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
        const ref = {
          id: 'att-chart',
          kind: 'image',
          mediaType: 'image/png',
          name: 'chart.png',
          size,
          width: 2,
          height: 1,
        };
        tx.objectStore('attachments').put({
          ...ref,
          sessionId: id,
          data: new Blob([bytes], { type: 'image/png' }),
        });
        const start = Date.now() - 1_000_000;
        let parentId: string | null = null;
        for (let i = 0; i < turns * 2; i++) {
          const entryId = `${id}-entry-${i}`;
          const user = i % 2 === 0;
          const text =
            i === 0 ? 'What is in the chart?' : user ? `Question ${i / 2}` : `Answer ${(i - 1) / 2}`;
          const content =
            i === 0
              ? [
                  { type: 'attachment', attachment: ref },
                  { type: 'text', text },
                ]
              : [{ type: 'text', text }];
          tx.objectStore('entries').put({
            id: entryId,
            parentId,
            sessionId: id,
            timestamp: start + i,
            type: 'message',
            message: { role: user ? 'user' : 'assistant', content, ...(!user && { stopReason: 'end_turn' }) },
          });
          parentId = entryId;
        }
        tx.objectStore('sessions').put({
          id,
          title: 'Quarterly chart',
          createdAt: start,
          updatedAt: start + turns * 2,
          model: 'claude-test',
          leafId: parentId,
          children: [],
        });
        tx.objectStore('settings').put(id, 'activeSessionId');
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onabort = () => reject(tx.error);
        });
        db.close();
      },
      { id: SESSION, png: PNG_BASE64, size: PNG_SIZE, turns },
    );
    await page.reload();
    await expect(activeSessionTitle(page)).toHaveText('Quarterly chart');
    await expect(composer(page)).toBeEnabled();

    mockApi.script(textReply(handoffDocument('the chart review')));
    await send(page, '/handoff');
    await expect(statusNotice(page, 'New session started with handoff context').last()).toBeVisible();

    // The document request: the file as an image block with the stored bytes, named in the instruction.
    const [request] = mockApi.messageRequests();
    if (!request) throw new Error('No document request was made');
    const first = (request.body.messages as Array<{ content: Array<Record<string, unknown>> }>)[0];
    expect(first?.content[0]).toMatchObject({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 },
    });
    expect(JSON.stringify(request.body.messages)).toContain(`- chart.png (image, 2×1, ${PNG_SIZE} bytes)`);

    // The new session's card lists the file; the link opens the old session at that message.
    const files = handoffCard(page).getByRole('region', { name: 'Files in the earlier session' });
    const link = files.getByRole('button', { name: `chart.png (image, 2×1, ${PNG_SIZE} bytes)` });
    await expect(link).toBeVisible();
    await link.click();
    await expect(activeSessionTitle(page)).toHaveText('Quarterly chart');
    const highlighted = page.locator('[aria-current="location"]');
    await expect(highlighted).toHaveCount(1);
    await expect(highlighted).toContainText('What is in the chart?');
    await expect(highlighted).toBeInViewport();
  });
}
