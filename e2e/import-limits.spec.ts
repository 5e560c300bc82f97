/**
 * Import meets the limits sending enforces (issue 27, finding 5): an exported session
 * whose small text file was swapped for a 3 MB one (over the 2 MB text file limit) and
 * renamed with a right-to-left override is refused whole, with the composer's sentence
 * and the name shown escaped, and nothing is stored.
 */
import { writeFile } from 'node:fs/promises';
import { exportSessionJsonl } from '../src/core/exchange/exportJsonl';
import type { AttachmentRef } from '../src/core/types/attachment';
import type { SessionEntry, SessionHeader } from '../src/core/types/entry';
import { expect, test } from './fixtures';
import { chooseImportFile, settingsDialog, settingsSection } from './helpers';

const SIZE = 3 * 1024 * 1024;

function swappedExport(): string {
  const ref: AttachmentRef = {
    id: 'file-notes',
    kind: 'text',
    mediaType: 'text/plain',
    name: 'x\u202Efdp.exe',
    size: SIZE,
  };
  const header: SessionHeader = {
    id: 'swapped-session',
    title: 'Swapped file',
    createdAt: 1,
    updatedAt: 2,
    model: 'claude-test-model',
    leafId: 'swapped-2',
    children: [],
  };
  const entries = [
    {
      type: 'message',
      id: 'swapped-1',
      parentId: null,
      sessionId: header.id,
      timestamp: 1,
      message: {
        role: 'user',
        content: [
          { type: 'attachment', attachment: ref },
          { type: 'text', text: 'Read my notes' },
        ],
      },
    },
    {
      type: 'message',
      id: 'swapped-2',
      parentId: 'swapped-1',
      sessionId: header.id,
      timestamp: 2,
      message: { role: 'assistant', content: [{ type: 'text', text: 'Read.' }], stopReason: 'end_turn' },
    },
  ] as SessionEntry[];
  const bytes = new Uint8Array(SIZE).fill(0x61);
  return exportSessionJsonl(header, entries, { attachments: [{ ref, sessionId: header.id, bytes }] });
}

test('an export whose text file was swapped for one over the limit is refused with the sentence', async ({
  connected: page,
}, testInfo) => {
  const path = testInfo.outputPath('swapped.jsonl');
  await writeFile(path, swappedExport());

  await settingsSection(page, 'Data');
  const data = settingsDialog(page).getByRole('group', { name: 'Data' });
  await chooseImportFile(page, path, 'Import without backup');
  const alert = data.getByRole('alert');
  await expect(alert).toContainText('Nothing was imported: the file has 1 problem.');
  await expect(alert).toContainText(
    'Attached file "file-notes": "x\\u202Efdp.exe" is too large for a text file: Baton sends text files of up to 2.0 MB, and this one is 3.0 MB.',
  );
  expect(await alert.textContent()).not.toContain('\u202E');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Swapped file', exact: true })).toHaveCount(0);
});
