/**
 * MCP tool calls as cards in the chat (issue 25, "See what tools did"), in Chromium
 * against the real test MCP server and the mock of the Messages API scripted to call
 * its tools: each call's card, named "<tool> on <server>", says Waiting for permission
 * while the permission card is open, Running with the seconds and the server's progress
 * once allowed, then Done with the result; a failing tool says Failed with its sentence;
 * Deny says Denied; the statuses stay over a reload; one polite live region tells the
 * start and the end, not each progress report; and the card passes axe in both themes.
 */
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { assistantMessages, send, textReply, waitIdle } from './helpers';
import type { MockStep } from './mock/mockApi';
import { expect, test } from './servers/fixtures';
import { addTestServer, permissionCards, toolResults } from './servers/mcpSteps';
import { TINY_PNG_BASE64 } from './servers/testTools';

interface Call {
  id: string;
  tool: string;
  input: Record<string, unknown>;
}

/** A reply that calls the test server's tools (`tool` as the server names it). */
function calling(...calls: Call[]): MockStep {
  return {
    kind: 'reply',
    reply: {
      blocks: [
        { type: 'text', text: 'Let me use the tools.' },
        ...calls.map((call) => ({
          type: 'tool_use' as const,
          id: call.id,
          name: `mcp__test__${call.tool}`,
          input: call.input,
        })),
      ],
    },
  };
}

/** The card of a call: a region named "<tool> on <server>" in the reply. */
function toolCard(page: Page, name: string) {
  return assistantMessages(page).getByRole('region', { name, exact: true });
}

function statusOf(card: ReturnType<typeof toolCard>) {
  return card.locator('.mcp-tool-status');
}

function permissionCard(page: Page, tool: string) {
  return permissionCards(page).filter({ hasText: `the tool ${tool}.` });
}

/** Records every line the page's tool-status live region is given, from now on. */
async function recordAnnouncements(page: Page): Promise<void> {
  await page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { toolStatusSaid: string[] }).toolStatusSaid = said;
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        if (!(mutation.target instanceof HTMLElement) || mutation.target.id !== 'tool-status-announcer')
          continue;
        for (const node of mutation.addedNodes) said.push(node.textContent ?? '');
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

async function announcements(page: Page): Promise<{ said: string[]; regions: number }> {
  return page.evaluate(() => ({
    said: (window as unknown as { toolStatusSaid: string[] }).toolStatusSaid,
    regions: document.querySelectorAll('[role="status"]#tool-status-announcer').length,
  }));
}

test('a call waits for permission, runs with the server’s progress, then is done; the live region says start and end', async ({
  connected: page,
  mockApi,
  mcpServer,
}) => {
  await addTestServer(page, mcpServer);
  await recordAnnouncements(page);
  mockApi.script(
    calling({ id: 'toolu_progress_1', tool: 'progress', input: { steps: 3, delayMs: 1_500 } }),
    textReply('All three steps are done.'),
  );
  await send(page, 'Run the progress tool');

  const card = toolCard(page, 'progress on test');
  await expect(statusOf(card)).toHaveText('Waiting for permission');
  await expect(permissionCard(page, 'progress')).toBeVisible();
  expect(mcpServer.log.entries.filter((entry) => entry.event === 'call')).toHaveLength(0);

  await permissionCard(page, 'progress').getByRole('button', { name: 'Allow once' }).click();
  // What the server reports, with the seconds the call has taken.
  await expect(statusOf(card)).toHaveText(/^Running · [1-9]\d* s · [12]\/3 · Step [12] of 3$/);
  await expect(statusOf(card)).toHaveText('Done');
  await expect(assistantMessages(page).last()).toContainText('All three steps are done.');
  await waitIdle(page);
  expect(mcpServer.log.entries.filter((entry) => entry.event === 'progress')).toHaveLength(3);

  // Collapsed to its line; opened, the arguments and the server's result.
  const result = card.locator('pre').nth(1);
  await expect(result).toBeHidden();
  await card.getByText('Arguments and result').click();
  await expect(card.locator('pre').first()).toContainText('"steps": 3');
  await expect(result).toHaveText('Finished 3 steps.');

  // One region for the page, told the start and the end, not each of the three reports.
  expect(await announcements(page)).toEqual({
    said: ['progress on test: Running.', 'progress on test: Done.'],
    regions: 1,
  });

  await page.reload();
  await expect(statusOf(toolCard(page, 'progress on test'))).toHaveText('Done');
});

test('a failing tool says Failed with its sentence, a denied call says Denied, and both stay so after a reload', async ({
  connected: page,
  mockApi,
  mcpServer,
}) => {
  await addTestServer(page, mcpServer);
  await recordAnnouncements(page);
  mockApi.script(
    calling(
      { id: 'toolu_fail_1', tool: 'fail', input: { message: 'The disk is full.' } },
      { id: 'toolu_echo_1', tool: 'echo', input: { text: 'never sent' } },
    ),
    textReply('One failed, one was declined.'),
  );
  await send(page, 'Try both tools');

  const failing = toolCard(page, 'fail on test');
  const echo = toolCard(page, 'echo on test');
  await expect(statusOf(failing)).toHaveText('Waiting for permission');
  await expect(statusOf(echo)).toHaveText('Waiting for permission');

  await permissionCard(page, 'echo').getByRole('button', { name: 'Deny' }).click();
  await permissionCard(page, 'fail').getByRole('button', { name: 'Allow once' }).click();
  await expect(statusOf(failing)).toHaveText('Failed: The disk is full.');
  await expect(statusOf(echo)).toHaveText('Denied');
  await expect(assistantMessages(page).last()).toContainText('One failed, one was declined.');
  await waitIdle(page);
  expect(mcpServer.log.entries.filter((entry) => entry.event === 'call').map((entry) => entry.tool)).toEqual([
    'fail',
  ]);
  await failing.getByText('Arguments and result').click();
  await expect(failing.getByText('Error', { exact: true })).toBeVisible();
  await expect(failing.locator('pre').nth(1)).toHaveText('The disk is full.');
  // Both ended in one moment: both are said, neither covering the other.
  expect((await announcements(page)).said).toEqual(
    expect.arrayContaining(['echo on test: Denied.', 'fail on test: Failed.']),
  );

  await page.reload();
  await expect(statusOf(toolCard(page, 'fail on test'))).toHaveText('Failed: The disk is full.');
  await expect(statusOf(toolCard(page, 'echo on test'))).toHaveText('Denied');
  // Drawn settled: nothing is announced for them.
  await expect(page.locator('#tool-status-announcer')).toHaveText('');
});

test('a long result is cut in view until Show all; hidden characters show; the card passes axe in both themes', async ({
  connected: page,
  mockApi,
  mcpServer,
}) => {
  // axe takes seconds per run on a loaded machine, and this runs it twice.
  test.setTimeout(180_000);
  await addTestServer(page, mcpServer);
  mockApi.script(
    calling({ id: 'toolu_huge_1', tool: 'huge', input: { bytes: 5_000, note: 'look \u202Ehere' } }),
    textReply('That was long.'),
  );
  await send(page, 'Get a long result');
  const card = toolCard(page, 'huge on test');
  await expect(statusOf(card)).toHaveText('Waiting for permission');
  await permissionCard(page, 'huge').getByRole('button', { name: 'Allow once' }).click();
  await expect(statusOf(card)).toHaveText('Done');
  await waitIdle(page);

  await card.getByText('Arguments and result').click();
  await expect(card.locator('pre').first()).toContainText('look ⟨U+202E⟩here');
  const result = card.locator('pre').nth(1);
  await expect(card.getByText('Showing 2,000 of 5,000 characters.')).toBeVisible();
  expect((await result.textContent())?.length).toBe(2_000);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousViolations(page)).toEqual([]);
  }
  await card.getByRole('button', { name: 'Show all' }).click();
  await expect(card.getByRole('button', { name: 'Show all' })).toHaveCount(0);
  expect((await result.textContent())?.length).toBe(5_000);
});

test('an image result reaches the model as an image block and shows as an image on the card, after a reload too', async ({
  connected: page,
  mockApi,
  mcpServer,
}) => {
  await addTestServer(page, mcpServer);
  mockApi.script(calling({ id: 'toolu_image_1', tool: 'image', input: {} }), textReply('A red pixel it is.'));
  await send(page, 'Show me an image');
  await permissionCard(page, 'image').getByRole('button', { name: 'Allow once' }).click();
  await expect(assistantMessages(page).last()).toContainText('A red pixel it is.');
  await waitIdle(page);

  // The server's text, wrapped as untrusted, then its image as the API's image block.
  const [result] = toolResults(mockApi.messageRequests()[1]?.body);
  expect(result).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_image_1' });
  const content = result?.content as Array<Record<string, unknown>>;
  expect(content).toHaveLength(2);
  expect(content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('A red pixel:') });
  expect(String(content[0]?.text)).toMatch(/^<mcp-tool-result server="test" tool="image">/);
  expect(content[1]).toEqual({
    type: 'image',
    source: { type: 'base64', media_type: 'image/png', data: TINY_PNG_BASE64 },
  });

  for (const when of ['now', 'after a reload']) {
    if (when !== 'now') await page.reload();
    const card = toolCard(page, 'image on test');
    await expect(statusOf(card)).toHaveText('Done');
    await card.getByText('Arguments and result').click();
    // No arguments: the only text drawn is the result's.
    await expect(card.locator('pre')).toHaveText('A red pixel:');
    const image = card.getByRole('img', { name: 'Returned by image, 1 of 1' });
    await expect(image).toBeVisible();
    // Decoded: the pixel itself, not a broken image.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  }
});
