/**
 * The Files panel (issue 26) in Chromium: files put in place through the panel itself
 * (upload, a hand edit), a change's diff and Revert, Download all as a .zip, Esc giving
 * the focus back to the Files button, axe on the open panel; the Preview of an HTML file
 * running its script in a frame that can read neither Baton's storage nor its page, nor
 * reach the network; a reply whose tool call wrote an HTML file showing a card that
 * opens its Preview; a second tab seeing a change; the drawer on a phone.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { exchange, openApp, send, settingsSection, textReply, waitIdle } from './helpers';

test.describe.configure({ timeout: 120_000 });

const NOTES = '# Notes\n\nFirst line.\n';

function filesButton(page: Page) {
  return page.getByRole('button', { name: 'Files', exact: true });
}

function workspace(page: Page) {
  return page.getByRole('region', { name: 'Workspace' });
}

async function openFiles(page: Page) {
  await filesButton(page).click();
  await expect(workspace(page)).toBeVisible();
}

/** The boxes of the sidebar, the chat's column and the panel. */
async function frameBoxes(page: Page) {
  const box = async (selector: string) => {
    const found = await page.locator(selector).first().boundingBox();
    if (!found) throw new Error(`${selector} is not laid out`);
    return found;
  };
  return { sidebar: await box('.sidebar'), main: await box('.main'), panel: await box('.ws-drawer') };
}

async function upload(page: Page, files: Array<{ name: string; mimeType: string; text: string }>) {
  await workspace(page)
    .getByLabel('Files to upload')
    .setInputFiles(files.map((file) => ({ ...file, buffer: Buffer.from(file.text) })));
}

function fileRow(page: Page, name: string) {
  return workspace(page).getByRole('button', { name: new RegExp(`^${name.replace('.', '\\.')}`) });
}

test('files uploaded and edited by hand in the panel: diff, Revert, Download all, axe, Esc', async ({
  connected: page,
}, testInfo) => {
  await exchange(page, 'Start a workspace');
  await openFiles(page);
  // On a wide screen the panel is a column of its own on the right: the sidebar and the
  // chat keep their places, nothing overlaps.
  const { sidebar, main, panel } = await frameBoxes(page);
  expect(sidebar.x).toBe(0);
  expect(main.x).toBeGreaterThanOrEqual(sidebar.x + sidebar.width - 1);
  expect(panel.x).toBeGreaterThanOrEqual(main.x + main.width - 1);
  expect(panel.x + panel.width).toBeLessThanOrEqual((page.viewportSize()?.width ?? 0) + 1);
  await expect(workspace(page)).toContainText(
    'The files the model writes appear here; you can also drop files here to upload them.',
  );

  await upload(page, [
    { name: 'notes.md', mimeType: 'text/markdown', text: NOTES },
    { name: 'app.js', mimeType: 'text/javascript', text: 'const answer = 42;\n' },
  ]);
  await expect(fileRow(page, 'notes.md')).toContainText('21 bytes');
  await fileRow(page, 'notes.md').click();
  // Markdown renders: the heading is a heading.
  await expect(workspace(page).getByRole('heading', { name: 'Notes', exact: true })).toBeVisible();
  await expect(workspace(page).locator('.ws-change-author')).toHaveText(['You (uploaded)']);

  // A hand edit, shown as a diff with + and − (not colour alone).
  await workspace(page).getByRole('button', { name: 'Edit', exact: true }).click();
  await workspace(page).getByRole('textbox', { name: 'Text of notes.md' }).fill('# Notes\n\nSecond line.\n');
  await workspace(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(workspace(page).getByRole('textbox')).toHaveCount(0);
  await expect(workspace(page).locator('.ws-markdown')).toContainText('Second line.');
  const edit = workspace(page).locator('.ws-change').first();
  await expect(edit.locator('.ws-change-author')).toHaveText('You (edited by hand)');
  await expect(edit.locator('.ws-diff-removed')).toHaveText('− First line.');
  await expect(edit.locator('.ws-diff-added')).toHaveText('+ Second line.');

  // Revert the edit: the first text is back, the edit is marked reverted.
  await edit.getByRole('button', { name: 'Revert' }).click();
  await expect(workspace(page).locator('.ws-markdown')).toContainText('First line.');
  await expect(workspace(page).locator('.ws-markdown')).not.toContainText('Second line.');
  await expect(workspace(page).locator('.ws-change-reverted')).toHaveCount(1);

  // One file downloads as itself.
  const single = page.waitForEvent('download');
  await workspace(page).getByRole('button', { name: 'Download', exact: true }).click();
  const one = await single;
  expect(one.suggestedFilename()).toBe('notes.md');
  const onePath = testInfo.outputPath('notes.md');
  await one.saveAs(onePath);
  expect(await readFile(onePath, 'utf8')).toBe(NOTES);

  // Code is highlighted by the app's highlighter.
  await fileRow(page, 'app.js').click();
  await expect(workspace(page).locator('.ws-code .hljs-keyword').first()).toHaveText('const');

  // Download all: a .zip holding both files, byte for byte.
  const pending = page.waitForEvent('download');
  await workspace(page).getByRole('button', { name: 'Download all', exact: true }).click();
  const download = await pending;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const path = testInfo.outputPath('workspace.zip');
  await download.saveAs(path);
  const zipped = unzipSync(new Uint8Array(await readFile(path)));
  expect(Object.keys(zipped).sort()).toEqual(['app.js', 'notes.md']);
  expect(new TextDecoder().decode(zipped['notes.md'])).toBe(NOTES);

  expect(await seriousViolations(page)).toEqual([]);

  // Esc inside the panel closes it and gives the focus back to the Files button.
  await workspace(page).getByRole('button', { name: 'Edit', exact: true }).focus();
  await page.keyboard.press('Escape');
  await expect(workspace(page)).toHaveCount(0);
  await expect(filesButton(page)).toBeFocused();
  await expect(filesButton(page)).toHaveAttribute('aria-expanded', 'false');
});

/** Writes what each attempt gave into the page, so the test reads it through the frame. */
const PROBE_PAGE = (probeUrl: string) => `<!doctype html>
<html><body>
<p id="ran">not run</p><p id="storage">?</p><p id="idb">?</p><p id="parent">?</p><p id="net">?</p>
<script>
  document.getElementById('ran').textContent = 'script ran';
  const say = (id, text) => { document.getElementById(id).textContent = text; };
  try { say('storage', 'read ' + String(localStorage.length)); } catch (e) { say('storage', 'storage blocked'); }
  try {
    const open = indexedDB.open('baton');
    open.onsuccess = () => say('idb', 'opened');
    open.onerror = () => say('idb', 'idb blocked');
  } catch (e) { say('idb', 'idb blocked'); }
  try { say('parent', 'read ' + parent.document.title); } catch (e) { say('parent', 'parent blocked'); }
  fetch(${JSON.stringify(probeUrl)}, { mode: 'no-cors' }).then(
    () => say('net', 'fetched'),
    () => say('net', 'net blocked'),
  );
  const img = new Image(); img.src = ${JSON.stringify(`${probeUrl}-image`)};
</script>
</body></html>
`;

test("an HTML file's Preview runs its script but cannot read storage, reach its parent or the network", async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'Make a page');
  await openFiles(page);
  const probe = `${mockApi.url}/preview-probe`;
  await upload(page, [{ name: 'page.html', mimeType: 'text/html', text: PROBE_PAGE(probe) }]);
  await fileRow(page, 'page.html').click();
  await workspace(page).getByRole('tab', { name: 'Preview' }).click();

  const frame = workspace(page).locator('iframe[title="page.html"]');
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
  const inside = page.frameLocator('iframe[title="page.html"]');
  await expect(inside.locator('#ran')).toHaveText('script ran');
  await expect(inside.locator('#storage')).toHaveText('storage blocked');
  await expect(inside.locator('#idb')).toHaveText('idb blocked');
  await expect(inside.locator('#parent')).toHaveText('parent blocked');
  await expect(inside.locator('#net')).toHaveText('net blocked');
  // Nothing of the frame's reached the mock server (it records every request).
  expect(mockApi.requests.filter((request) => request.path.startsWith('/preview-probe'))).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a Preview that sends its frame to another address is stopped before any request leaves', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'Make a page');
  await openFiles(page);
  const away = `${mockApi.url}/preview-probe-navigate?text=what-the-file-holds`;
  const html = `<!doctype html><html><body><p id="ran">not run</p><script>
    document.getElementById('ran').textContent = 'script ran';
    setTimeout(() => { location.href = ${JSON.stringify(away)}; }, 200);
  </script></body></html>`;
  await upload(page, [{ name: 'leave.html', mimeType: 'text/html', text: html }]);
  await fileRow(page, 'leave.html').click();
  await workspace(page).getByRole('tab', { name: 'Preview' }).click();
  // The frame tried: Chromium shows its own error page in it, the app's policy (frames
  // from Baton's origin only) having refused the navigation.
  await expect
    .poll(() => page.frames().map((frame) => frame.url()))
    .toContainEqual(expect.stringMatching(/^chrome-error:/));
  expect(mockApi.requests.filter((request) => request.path.startsWith('/preview-probe'))).toEqual([]);
});

test("a reply whose tool call wrote an HTML file shows a card with the file's name that opens its Preview", async ({
  connected: page,
  mockApi,
}) => {
  const html =
    '<!doctype html><p id="hello">before</p><script>document.getElementById("hello").textContent = "made by the model";</script>';
  mockApi.script(
    {
      kind: 'reply',
      reply: {
        blocks: [
          {
            type: 'tool_use',
            id: 'toolu_page',
            name: 'str_replace_based_edit_tool',
            input: { command: 'create', path: 'site/index.html', file_text: html },
          },
        ],
      },
    },
    textReply('The page is written.'),
  );
  await send(page, 'Make me a page');
  await waitIdle(page);
  await expect(page.getByText('The page is written.')).toBeVisible();
  // The call itself is compact: its command and path.
  await expect(page.getByRole('button', { name: 'Text editor create /site/index.html' })).toBeVisible();
  await page.getByRole('button', { name: 'Preview index.html' }).click();
  await expect(workspace(page)).toBeVisible();
  await expect(page.frameLocator('iframe[title="index.html"]').locator('#hello')).toHaveText(
    'made by the model',
  );
  // Under the file: the change, by the tool call that made it.
  await expect(workspace(page).locator('.ws-change-author')).toHaveText([
    'str_replace_based_edit_tool create',
  ]);
});

test.describe('two tabs', () => {
  test.use({ connection: { rememberKey: true } });

  test("a file uploaded in one tab shows in the other tab's open panel", async ({
    connected: a,
    context,
  }) => {
    await exchange(a, 'Shared files');
    const b = await context.newPage();
    await openApp(b);
    await openFiles(a);
    await openFiles(b);
    await expect(workspace(b)).toContainText('appear here');
    await upload(a, [{ name: 'shared.txt', mimeType: 'text/plain', text: 'from tab A' }]);
    await expect(fileRow(a, 'shared.txt')).toBeVisible();
    await expect(fileRow(b, 'shared.txt')).toBeVisible();
    await fileRow(b, 'shared.txt').click();
    await expect(workspace(b).locator('.ws-code')).toHaveText('from tab A');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the panel is a drawer over the chat holding the focus; drops upload, limits are said; Esc closes it', async ({
    connected: page,
  }) => {
    await exchange(page, 'Files on a phone');
    await openFiles(page);
    const box = await workspace(page).boundingBox();
    expect(box?.x).toBe(0);
    expect(box?.width).toBe(390);
    // The focus went into the drawer.
    await expect
      .poll(() =>
        page.evaluate(() => document.getElementById('workspace-drawer')?.contains(document.activeElement)),
      )
      .toBe(true);

    // A file dropped on the panel is uploaded into the workspace (not attached to the chat).
    await workspace(page).evaluate((panel) => {
      const data = new DataTransfer();
      data.items.add(new File(['dropped text'], 'dropped.txt', { type: 'text/plain' }));
      for (const type of ['dragenter', 'dragover', 'drop'])
        panel.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
    });
    await expect(fileRow(page, 'dropped.txt')).toBeVisible();
    await expect(page.locator('.attachment-chip')).toHaveCount(0);

    // Over the file size limit: the executor's sentence, and nothing written.
    await workspace(page)
      .getByLabel('Files to upload')
      .setInputFiles({
        name: 'huge.bin',
        mimeType: 'application/octet-stream',
        buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
      });
    await expect(workspace(page).getByRole('alert')).toContainText('huge.bin: ');
    await expect(workspace(page).getByRole('alert')).toContainText('limit');
    await expect(fileRow(page, 'huge.bin')).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(workspace(page)).toHaveCount(0);
    await expect(filesButton(page)).toBeFocused();
  });
});

test('Settings → Storage counts the workspace files', async ({ connected: page }) => {
  await exchange(page, 'Start a workspace');
  await openFiles(page);
  await upload(page, [
    { name: 'notes.md', mimeType: 'text/markdown', text: NOTES },
    { name: 'app.js', mimeType: 'text/javascript', text: 'const answer = 42;\n' },
  ]);
  await expect(fileRow(page, 'app.js')).toBeVisible();
  const storage = await settingsSection(page, 'Storage');
  // 21 + 19 bytes, read from the files' listings.
  await expect(storage.getByTestId('storage-workspace')).toHaveText(
    'Workspace and memory files: 2 files, 40 bytes',
  );
});
