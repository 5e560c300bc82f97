/**
 * Extended thinking and web search, through the UI against the mock: the Thinking control
 * by the composer and its Settings default, the thought shown collapsed above the reply
 * and sent back signed in a tool loop (the mock refuses it otherwise, as the API does),
 * and the Web search setting with its searches and cited sources.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  assistantMessages,
  composer,
  exchange,
  fillSettings,
  send,
  settingsDialog,
  settingsSection,
  waitIdle,
  withoutCacheMarks,
} from './helpers';
import { signedThinking } from './mock/thinkingRules';

/** The composer's Thinking control: a native select. */
function thinkingControl(page: Page) {
  return page.getByRole('combobox', { name: 'Thinking', exact: true });
}

/** Plain text, never markup: the tags must show as typed. */
const THOUGHT =
  'The user wants a plan. I will write three todos with todo_write, then confirm. <b>not bold</b> is how it reads.';

test.describe('with a model that takes a thinking budget', () => {
  test.use({ connection: { model: 'claude-sonnet-4-5', maxTokens: 4000 } });

  test('the thought streams collapsed above the reply, is sent back signed in the tool loop, and stays after a reload', async ({
    connected: page,
    mockApi,
  }) => {
    await expect(thinkingControl(page)).toHaveValue('off');
    await thinkingControl(page).selectOption({ label: 'Thinking · up to 8,000 tokens' });
    const thinking = signedThinking(THOUGHT);
    mockApi.script(
      {
        kind: 'reply',
        reply: {
          blocks: [
            thinking,
            {
              type: 'tool_use',
              id: 'toolu_plan',
              name: 'todo_write',
              input: { todos: [{ content: 'Draft', status: 'pending' }] },
            },
          ],
          chunkSize: 6,
        },
        delayMsPerEvent: 40,
      },
      { kind: 'reply', reply: { blocks: [{ type: 'text', text: 'The plan is in the todo list.' }] } },
    );
    await send(page, 'Plan the release');
    const thought = assistantMessages(page).first().locator('details.thought');
    await expect(thought.locator('summary')).toHaveText('Thinking…');
    await waitIdle(page);

    // Collapsed, with how long it took; expanded, the thought as plain text.
    await expect(thought.locator('summary')).toHaveText(/^Thought for \d+ s$/);
    await expect(thought).not.toHaveAttribute('open');
    await expect(thought.getByText(THOUGHT)).toBeHidden();
    await thought.locator('summary').click();
    await expect(thought.locator('.thought-text')).toHaveText(THOUGHT);
    await expect(assistantMessages(page).last()).toContainText('The plan is in the todo list.');

    const [first, second] = mockApi.messageRequests();
    expect(first?.body.thinking).toEqual({ type: 'enabled', budget_tokens: 8000 });
    expect(first?.body.max_tokens).toBe(12_000);
    // The tool turn went back opening with its thinking, signature and all.
    const toolTurn = withoutCacheMarks(second?.body.messages?.[1]) as { content: unknown[] };
    expect(toolTurn.content[0]).toEqual(thinking);
    expect(second?.rawBody).toContain(JSON.stringify(thinking));

    await page.reload();
    const kept = assistantMessages(page).first().locator('details.thought');
    await expect(kept.locator('summary')).toHaveText(/^Thought for \d+ s$/);
    await expect(thinkingControl(page)).toHaveValue('budget-8000');
  });
});

test.describe('with a model that takes an effort', () => {
  test.use({ connection: { model: 'claude-opus-4-7' } });

  test('each session keeps its own thinking; Settings sets it for sessions that did not choose', async ({
    connected: page,
    mockApi,
  }) => {
    await expect(thinkingControl(page)).toHaveValue('off');
    await exchange(page, 'Without thinking');
    expect('thinking' in (mockApi.messageRequests()[0]?.body ?? {})).toBe(false);

    // This session chooses On at low effort.
    await thinkingControl(page).selectOption({ label: 'Thinking · low effort' });
    await exchange(page, 'With a little thinking');
    const sent = mockApi.messageRequests()[1]?.body;
    expect(sent?.thinking).toEqual({ type: 'adaptive' });
    expect(sent?.output_config).toEqual({ effort: 'low' });
    // The mock thought first (signed): the reply shows it.
    await expect(assistantMessages(page).last().locator('details.thought summary')).toHaveText(
      /^Thought for \d+ s$/,
    );

    // The default for new sessions: on, high effort.
    await settingsSection(page, 'Model');
    const dialog = settingsDialog(page);
    await dialog.getByLabel('Thinking on for new sessions').check();
    await dialog.getByLabel('Thinking effort (for models that take one)').selectOption('high');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    // The session that chose keeps its choice.
    await expect(thinkingControl(page)).toHaveValue('effort-low');

    await page.getByRole('button', { name: 'New session', exact: true }).click();
    await expect(thinkingControl(page)).toHaveValue('effort-high');
    await expect(assistantMessages(page)).toHaveCount(0);
    await exchange(page, 'In a new session');
    expect(mockApi.messageRequests()[2]?.body.output_config).toEqual({ effort: 'high' });
  });

  test('a model that always thinks offers no Off, and one that cannot think offers nothing', async ({
    connected: page,
  }) => {
    await exchange(page, 'A titled session, so New session names one button only');
    await fillSettings(page, { model: 'claude-opus-5-5' });
    await page.getByRole('button', { name: 'New session', exact: true }).click();
    const labels = await thinkingControl(page).locator('option').allTextContents();
    expect(labels).not.toContain('Thinking off');
    expect(labels[0]).toBe('Thinking on (always, on this model)');
    await exchange(page, 'Always thinking');

    await fillSettings(page, { model: 'claude-3-5-haiku-latest' });
    await page.getByRole('button', { name: 'New session', exact: true }).click();
    await expect(thinkingControl(page)).toBeDisabled();
    await expect(thinkingControl(page)).toHaveValue('off');
  });
});

test('Web search: declared when turned on, its searches shown as a line each, sent back with the reply', async ({
  connected: page,
  mockApi,
}) => {
  await settingsSection(page, 'Model');
  await settingsDialog(page).getByLabel('Web search', { exact: true }).check();
  await settingsDialog(page).getByRole('button', { name: 'Save' }).click();
  // The dialog closes once the settings are stored; the message box is behind it until then.
  await expect(settingsDialog(page)).toBeHidden();

  const search = {
    type: 'server_tool_use' as const,
    id: 'srvtoolu_01',
    name: 'web_search' as const,
    input: { query: 'relay baton rules' },
  };
  const results = {
    type: 'web_search_tool_result' as const,
    tool_use_id: 'srvtoolu_01',
    content: [
      {
        type: 'web_search_result' as const,
        url: 'https://athletics.example/relay',
        title: 'Relay rules',
        encrypted_content: 'RU5D1',
        page_age: null,
      },
      {
        type: 'web_search_result' as const,
        url: 'javascript:alert(1)',
        title: 'Not a link',
        encrypted_content: 'RU5D2',
        page_age: null,
      },
    ],
  };
  mockApi.script({
    kind: 'reply',
    reply: {
      blocks: [
        search,
        results,
        { type: 'text', text: 'The baton must be passed ' },
        {
          type: 'text',
          text: 'within the takeover zone',
          webCitations: [
            { url: 'https://athletics.example/relay', title: 'Relay rules', cited_text: 'within the zone' },
          ],
        },
        { type: 'text', text: '.' },
      ],
    },
  });
  await exchange(page, 'How is a relay baton passed?');
  const first = mockApi.messageRequests()[0]?.body;
  expect(first?.tools).toContainEqual({ type: 'web_search_20250305', name: 'web_search', max_uses: 5 });

  const reply = assistantMessages(page).last();
  const line = reply.getByRole('list', { name: 'Web searches' }).getByRole('listitem');
  await expect(line).toHaveText('Searched: “relay baton rules” · Relay rules · Not a link');
  await expect(line.getByRole('link')).toHaveCount(1);
  await expect(line.getByRole('link', { name: 'Relay rules' })).toHaveAttribute(
    'href',
    'https://athletics.example/relay',
  );
  await expect(reply.locator('p')).toHaveText('The baton must be passed within the takeover zone¹.');

  // The next request carries the search and its result back as received.
  await exchange(page, 'Thanks');
  const turn = withoutCacheMarks(mockApi.messageRequests()[1]?.body.messages?.[1]) as { content: unknown[] };
  expect(turn.content.slice(0, 2)).toEqual([search, results]);
  await expect(composer(page)).toHaveValue('');
});
