/**
 * The workspace's tools as the model uses them (issue 26), in Chromium against the mock
 * API scripted to call them: the text editor creates, edits and views a file (the
 * results the model gets, word for word); a Revert in the Files panel is told to the
 * model on its next request; a handoff lists the files and the successor reads the file
 * its parent wrote; the memory tool, switched on in Settings, keeps a note that an
 * unrelated new session reads after a reload, and Settings' memory list edits and deletes it.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  exchange,
  handoffCard,
  handoffDocument,
  send,
  settingsDialog,
  settingsSection,
  textReply,
  waitIdle,
  withoutCacheMarks,
} from './helpers';
import type { MockApi, MockStep, RecordedRequest } from './mock/mockApi';

test.describe.configure({ timeout: 120_000 });

const EDITOR = 'str_replace_based_edit_tool';

/** A reply that calls `name` once with `input`. */
function call(id: string, name: string, input: Record<string, unknown>): MockStep {
  return { kind: 'reply', reply: { blocks: [{ type: 'tool_use', id, name, input }] } };
}

/** The tool_result blocks of a request's last turn: what the model got for its calls. */
function toolResults(request: RecordedRequest | undefined): Array<{ tool_use_id: string; content: unknown }> {
  const last = request?.body.messages?.at(-1) as { content?: Array<Record<string, unknown>> } | undefined;
  return withoutCacheMarks(last?.content ?? [])
    .filter((block) => block.type === 'tool_result')
    .map(({ tool_use_id, content }) => ({ tool_use_id: String(tool_use_id), content }));
}

/** The text blocks of a request's last turn. */
function lastTurnTexts(request: RecordedRequest | undefined): string[] {
  const last = request?.body.messages?.at(-1) as { content?: Array<Record<string, unknown>> } | undefined;
  return (last?.content ?? []).flatMap((block) => (block.type === 'text' ? [String(block.text)] : []));
}

/** Every text of a request's first turn (a handoff's successor starts with its context). */
function firstTurnText(request: RecordedRequest | undefined): string {
  const first = request?.body.messages?.[0] as { content?: Array<Record<string, unknown>> } | undefined;
  return (first?.content ?? [])
    .flatMap((block) => (block.type === 'text' ? [String(block.text)] : []))
    .join('\n');
}

function declared(request: RecordedRequest | undefined): Array<Record<string, unknown>> {
  return (request?.body.tools ?? []) as Array<Record<string, unknown>>;
}

/** Activates a control by keyboard. */
async function press(control: Locator): Promise<void> {
  await control.focus();
  await control.press('Enter');
}

function workspace(page: Page) {
  return page.getByRole('region', { name: 'Workspace' });
}

/** Sends `text` with the mock scripted, and waits for the run (tool rounds and all) to end. */
async function run(page: Page, mockApi: MockApi, text: string, ...steps: MockStep[]): Promise<void> {
  const before = mockApi.messageRequests().length;
  mockApi.script(...steps);
  await send(page, text);
  await expect.poll(() => mockApi.messageRequests().length).toBe(before + steps.length);
  await waitIdle(page);
}

test('the model creates, edits and views a file; a Revert in the Files panel is told on its next request', async ({
  connected: page,
  mockApi,
}) => {
  await run(
    page,
    mockApi,
    'Write the notes',
    call('toolu_create', EDITOR, { command: 'create', path: '/notes.md', file_text: 'Alpha\nBeta\n' }),
    call('toolu_replace', EDITOR, {
      command: 'str_replace',
      path: 'notes.md',
      old_str: 'Beta',
      new_str: 'Gamma',
    }),
    call('toolu_view', EDITOR, { command: 'view', path: '/notes.md' }),
    textReply('The notes are written.'),
  );
  const requests = mockApi.messageRequests();
  // Every request declares the text editor by its type; the memory tool only with Memory on.
  expect(declared(requests[0])).toContainEqual(
    expect.objectContaining({ type: 'text_editor_20250728', name: EDITOR }),
  );
  expect(declared(requests[0]).map((tool) => tool.name)).not.toContain('memory');
  expect(toolResults(requests[1])).toEqual([
    { tool_use_id: 'toolu_create', content: 'File created successfully at: /notes.md' },
  ]);
  expect(toolResults(requests[2])).toEqual([
    { tool_use_id: 'toolu_replace', content: 'Successfully replaced text at exactly one location.' },
  ]);
  expect(toolResults(requests[3])).toEqual([
    { tool_use_id: 'toolu_view', content: '1: Alpha\n2: Gamma\n3: ' },
  ]);

  // The user reverts the model's edit in the Files panel.
  await page.getByRole('button', { name: 'Files', exact: true }).click();
  await expect(workspace(page)).toBeVisible();
  // By keyboard: this spec is about the model's side of the panel (the panel's spec clicks).
  await press(workspace(page).getByRole('button', { name: /^notes\.md/ }));
  const newest = workspace(page).locator('.ws-change').first();
  await press(newest.getByRole('button', { name: 'Revert' }));
  await expect(workspace(page).locator('.ws-change-reverted')).toHaveCount(1);
  await page.keyboard.press('Escape');

  await run(
    page,
    mockApi,
    'Go on',
    call('toolu_again', EDITOR, { command: 'view', path: '/notes.md' }),
    textReply('Seen.'),
  );
  // The note goes with the user's message, before it.
  const [note, goOn] = lastTurnTexts(mockApi.messageRequests().at(-2));
  expect(note).toBe(
    [
      '<system-reminder>',
      'Since your last turn the user changed files in your workspace:',
      '- /notes.md: reverted one of your changes',
      'What you read of these files before may be out of date: view them again before relying on it.',
      '</system-reminder>',
    ].join('\n'),
  );
  expect(goOn).toBe('Go on');
  // The file as the revert left it, and the note is not sent again.
  expect(toolResults(mockApi.messageRequests().at(-1))).toEqual([
    { tool_use_id: 'toolu_again', content: '1: Alpha\n2: Beta\n3: ' },
  ]);
  expect(lastTurnTexts(mockApi.messageRequests().at(-1)).join('\n')).not.toContain('Since your last turn');
});

test("a handoff lists the workspace's files and the successor views the file its parent wrote", async ({
  connected: page,
  mockApi,
}) => {
  await run(
    page,
    mockApi,
    'Write the plan',
    call('toolu_plan', EDITOR, {
      command: 'create',
      path: '/plan.md',
      file_text: 'Step 1: tag the release.',
    }),
    textReply('The plan is in /plan.md.'),
  );

  mockApi.script(textReply(handoffDocument('the release')));
  await send(page, '/handoff');
  await expect(handoffCard(page).filter({ hasText: 'Ship the release' })).toHaveCount(1);
  await expect(activeSessionTitle(page)).toContainText('part 2');
  const instruction = lastTurnTexts(mockApi.messageRequests().at(-1)).join('\n');
  expect(instruction).toMatch(
    /The workspace holds these files; the new session works on the same files:\n- \/plan\.md \(24 bytes, changed \d{4}-\d\d-\d\d \d\d:\d\d UTC\)\nRefer to them by path/,
  );

  await run(
    page,
    mockApi,
    'Carry on',
    call('toolu_read', EDITOR, { command: 'view', path: '/plan.md' }),
    textReply('Tagging now.'),
  );
  const [first, second] = mockApi.messageRequests().slice(-2);
  expect(firstTurnText(first)).toMatch(
    /Your workspace \(str_replace_based_edit_tool\) holds these files from the earlier session:\n- \/plan\.md \(24 bytes, changed /,
  );
  expect(toolResults(second)).toEqual([
    { tool_use_id: 'toolu_read', content: '1: Step 1: tag the release.' },
  ]);
});

test('memory written in one session is read by an unrelated new session after a reload; Settings edits and deletes it', async ({
  connected: page,
  mockApi,
}) => {
  const tools = await settingsSection(page, 'Tools');
  const memorySwitch = tools.getByRole('switch', { name: 'Memory', exact: true });
  await expect(memorySwitch).not.toBeChecked();
  await expect(tools).toContainText('Lets the model keep notes in a memory directory shared by all sessions');
  await memorySwitch.check();
  await settingsDialog(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(settingsDialog(page)).toBeHidden();

  await run(
    page,
    mockApi,
    'Remember that I like tea',
    call('toolu_remember', 'memory', {
      command: 'create',
      path: '/memories/preferences.md',
      file_text: 'The user likes tea.',
    }),
    textReply('Noted.'),
  );
  const [asked, answered] = mockApi.messageRequests().slice(-2);
  expect(declared(asked)).toContainEqual(
    expect.objectContaining({ type: 'memory_20250818', name: 'memory' }),
  );
  expect(toolResults(answered)).toEqual([
    { tool_use_id: 'toolu_remember', content: 'File created successfully at: /memories/preferences.md' },
  ]);

  await page.reload();
  await page.getByRole('button', { name: 'New session', exact: true }).click();
  await run(
    page,
    mockApi,
    'What do I like?',
    call('toolu_recall', 'memory', { command: 'view', path: '/memories/preferences.md' }),
    textReply('Tea.'),
  );
  const recalled = mockApi.messageRequests().at(-1);
  expect(firstTurnText(recalled)).toContain('What do I like?');
  expect(firstTurnText(recalled)).not.toContain('Remember that I like tea');
  expect(toolResults(recalled)).toEqual([
    {
      tool_use_id: 'toolu_recall',
      content:
        "Here's the content of /memories/preferences.md with line numbers:\n     1\tThe user likes tea.",
    },
  ]);

  // Settings lists the memory file: edited there, the model hears of it on its next turn.
  const list = (await settingsSection(page, 'Tools')).getByRole('region', { name: 'Memory files' });
  await list.getByRole('button', { name: '/memories/preferences.md' }).click();
  const text = list.getByRole('textbox', { name: '/memories/preferences.md' });
  await expect(text).toHaveValue('The user likes tea.');
  await text.fill('The user likes green tea.');
  await list.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(list.getByRole('alert')).toHaveCount(0);
  await settingsDialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(settingsDialog(page)).toBeHidden();
  await exchange(page, 'And now?');
  expect(lastTurnTexts(mockApi.messageRequests().at(-1))[0]).toContain(
    'Since your last turn the user changed files in your memory directory:\n- /memories/preferences.md: edited',
  );

  // Deleted in Settings, it is gone from the list and from the tree the model reads.
  const again = (await settingsSection(page, 'Tools')).getByRole('region', { name: 'Memory files' });
  await again.getByRole('button', { name: '/memories/preferences.md' }).click();
  await again.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(again).toContainText('No memory files yet.');
});
