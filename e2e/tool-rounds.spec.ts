/**
 * The bound on tool rounds in a row (issue 27, finding 4): a model that keeps calling
 * tools is paused after the bound set in Settings, with the running count shown while
 * tools run; Continue runs as many again, Stop ends the run with a transcript the next
 * message builds on (every tool_use answered, the results before the new words).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { assistantMessages, send, settingsDialog, settingsSection, textReply, waitIdle } from './helpers';
import type { MockApi } from './mock/mockApi';
import type { MockStep } from './mock/mockSteps';

function todoCall(n: number): MockStep {
  return {
    kind: 'reply',
    reply: {
      blocks: [
        { type: 'text', text: `Step ${n}.` },
        {
          type: 'tool_use',
          id: `toolu_round_${n}`,
          name: 'todo_write',
          input: { todos: [{ content: `Step ${n}`, status: 'in_progress' }] },
        },
      ],
    },
  };
}

/** Holds the app's model requests numbered in `held` (1-based) until the returned release is called. */
async function holdRequests(page: Page, mockApi: MockApi, held: number[]) {
  let count = 0;
  const gates = new Map<number, () => void>();
  const waits = new Map(held.map((n) => [n, new Promise<void>((resolve) => gates.set(n, resolve))] as const));
  await page.route(
    (url) => url.href.startsWith(mockApi.url) && url.pathname === '/v1/messages',
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      count += 1;
      await waits.get(count);
      return route.fallback();
    },
  );
  return (n: number) => gates.get(n)?.();
}

function pause(page: Page) {
  return page.getByRole('region', { name: 'Tool rounds paused' });
}

test('the model is paused after the bound on tool rounds; Continue goes on counting, Stop ends it', async ({
  connected: page,
  mockApi,
}) => {
  // Seven replies and three settings round trips: on a loaded two-core machine over 90 s.
  test.setTimeout(180_000);
  // The bound, as the user sets it.
  await (await settingsSection(page, 'Model')).getByLabel('Tool rounds before asking').fill('3');
  await settingsDialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(settingsDialog(page)).toBeHidden();

  mockApi.script(...[1, 2, 3, 4, 5, 6].map(todoCall), textReply('Summed up: six steps.'));
  const release = await holdRequests(page, mockApi, [2, 5]);

  await send(page, 'Plan it step by step');
  // The second request waits: the first round ran, and the count says so.
  await expect(page.getByTestId('tool-rounds')).toHaveText('Tool round 1 of 3');
  release(2);

  await expect(pause(page)).toBeVisible();
  await expect(pause(page)).toContainText(
    'The model has used tools for 3 rounds in a row. Continue for up to 3 more rounds, or stop here.',
  );
  await waitIdle(page);
  expect(mockApi.messageRequests()).toHaveLength(3);
  await expect(page.getByTestId('tool-rounds')).toHaveCount(0);

  await pause(page).getByRole('button', { name: 'Continue' }).click();
  await expect(pause(page)).toBeHidden();
  // Request 5 waits: round 4 ran, counted on from the first three.
  await expect(page.getByTestId('tool-rounds')).toHaveText('Tool round 4 of 6');
  release(5);
  await expect(pause(page)).toContainText('for 6 rounds in a row');
  await waitIdle(page);
  const requests = mockApi.messageRequests();
  expect(requests).toHaveLength(6);
  // Continue sent the paused round's result as it stood: round 3's call answered.
  const resumed = requests[3]?.body.messages?.at(-1)?.content;
  expect(resumed).toEqual([expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_round_3' })]);

  await pause(page).getByRole('button', { name: 'Stop' }).click();
  await expect(pause(page)).toBeHidden();
  await page.waitForTimeout(300);
  expect(mockApi.messageRequests()).toHaveLength(6);

  // The next message: round 6's result first, then the words; the model answers.
  await send(page, 'Sum it up');
  await expect(assistantMessages(page).last()).toContainText('Summed up: six steps.');
  const last = mockApi.messageRequests()[6]?.body.messages?.at(-1)?.content;
  expect(last).toEqual([
    expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_round_6' }),
    expect.objectContaining({ type: 'text', text: 'Sum it up' }),
  ]);
});
