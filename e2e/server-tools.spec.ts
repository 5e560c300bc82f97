/**
 * Settings → Tools: Web fetch and Code execution add the API's server tools. The mock
 * refuses a request that declares one without its beta header (betaRules.ts), as the API
 * does; here the request carries both tools and both betas in one header, the scripted
 * blocks (the API's streaming shapes) show as cards, go back unchanged in the next
 * request, and a reload keeps them.
 */
import {
  fetchCall,
  fetchResult,
  bashCall as runCall,
  bashResult as runResult,
} from '../testing/serverToolBlocks';
import { expect, test } from './fixtures';
import {
  assistantMessages,
  composer,
  exchange,
  readStoredData,
  settingsDialog,
  settingsSection,
  withoutCacheMarks,
} from './helpers';

const failedFetchCall = { ...fetchCall, id: 'srvtoolu_fetch2', input: { url: 'https://down.example/' } };
const failedFetch = {
  type: 'web_fetch_tool_result' as const,
  tool_use_id: 'srvtoolu_fetch2',
  content: { type: 'web_fetch_tool_result_error' as const, error_code: 'url_not_accessible' as const },
};

test('Web fetch and Code execution: declared with their beta header, drawn as cards, sent back, kept over a reload', async ({
  connected: page,
  mockApi,
}) => {
  const tools = await settingsSection(page, 'Tools');
  await tools.getByRole('switch', { name: 'Web fetch', exact: true }).check();
  await tools.getByRole('switch', { name: 'Code execution', exact: true }).check();
  await settingsDialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(settingsDialog(page)).toBeHidden();

  mockApi.script({
    kind: 'reply',
    reply: {
      blocks: [
        fetchCall,
        fetchResult,
        failedFetchCall,
        failedFetch,
        runCall,
        runResult,
        { type: 'text', text: 'The zone is 30 m long.' },
      ],
      // The container the code ran in, alive for another hour.
      container: { id: 'container_011relay', expires_at: new Date(Date.now() + 3_600_000).toISOString() },
    },
  });
  await exchange(page, 'Read https://relay.example/rules and work out the zone');
  const first = mockApi.messageRequests()[0];
  expect(first?.headers['anthropic-beta']).toBe('web-fetch-2025-09-10,code-execution-2025-08-25');
  expect(first?.body.tools).toContainEqual({ type: 'web_fetch_20250910', name: 'web_fetch', max_uses: 5 });
  expect(first?.body.tools).toContainEqual({ type: 'code_execution_20250825', name: 'code_execution' });
  expect(first?.body.container).toBeUndefined();

  const checkCards = async () => {
    const reply = assistantMessages(page).last();
    const fetches = reply.getByRole('region', { name: 'Web fetch' });
    await expect(fetches).toHaveCount(2);
    await expect(fetches.first()).toContainText('Fetched https://relay.example/rules');
    await expect(fetches.first().getByRole('link', { name: 'https://relay.example/rules' })).toHaveAttribute(
      'href',
      'https://relay.example/rules',
    );
    await expect(fetches.first()).toContainText('Relay rules');
    await expect(fetches.nth(1)).toContainText('Web fetch failed: The page could not be fetched');
    const run = reply.getByRole('region', { name: 'Code execution' });
    await expect(run.locator('summary')).toHaveText('Ran a command · return code 0');
    await expect(run.locator('pre')).toHaveText(['python3 plot.py', 'saved plot.png', 'warning: slow']);
    await expect(run.getByRole('list', { name: 'Files created' })).toHaveText('file_011plot');
    await expect(run).toContainText('Download is not available from the browser');
    await expect(reply.getByText('The zone is 30 m long.', { exact: true })).toBeVisible();
  };
  await checkCards();

  // The next request carries every block back as the API sent it (web fetch's `caller` aside, a response field).
  await exchange(page, 'Thanks');
  const second = mockApi.messageRequests()[1];
  expect(second?.headers['anthropic-beta']).toBe('web-fetch-2025-09-10,code-execution-2025-08-25');
  // The code runs in the same container again: the files it made are still there.
  expect(second?.body.container).toBe('container_011relay');
  const turn = withoutCacheMarks(second?.body.messages?.[1]) as { content: unknown[] };
  expect(turn.content.slice(0, 6)).toEqual([
    fetchCall,
    fetchResult,
    failedFetchCall,
    failedFetch,
    runCall,
    runResult,
  ]);
  await expect(composer(page)).toHaveValue('');

  // Kept in the session log: a reload draws the same cards (once both replies are stored:
  // a reload in the moment after a reply shows may come before its save).
  await expect
    .poll(
      async () => (await readStoredData(page)).entries.filter((e) => e.message?.role === 'assistant').length,
    )
    .toBe(2);
  await page.reload();
  await expect(assistantMessages(page)).toHaveCount(2);
  await assistantMessages(page).first().scrollIntoViewIfNeeded();
  const reloaded = assistantMessages(page).first();
  await expect(reloaded.getByRole('region', { name: 'Web fetch' }).first()).toContainText('Relay rules');
  await expect(reloaded.getByRole('region', { name: 'Code execution' }).locator('pre')).toHaveText([
    'python3 plot.py',
    'saved plot.png',
    'warning: slow',
  ]);
  // The container is kept with the reply: after a reload it is still the one run in.
  await exchange(page, 'And once more');
  expect(mockApi.messageRequests()[2]?.body.container).toBe('container_011relay');
});

test('switched off, neither tool nor beta header is sent', async ({ connected: page, mockApi }) => {
  await exchange(page, 'Hello');
  const first = mockApi.messageRequests()[0];
  expect(first?.headers['anthropic-beta']).toBeUndefined();
  expect(JSON.stringify(first?.body.tools ?? [])).not.toMatch(/web_fetch|code_execution/);
});
