/**
 * The session's usage and estimated cost: the status line's "Session cost" button, its
 * "Session usage" panel, and the Prices section of Settings. The mock reports scripted
 * usage, so every count and every cent is exact.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { exchange, settingsDialog, settingsSection, waitIdle } from './helpers';
import type { MockStep } from './mock/mockApi';

interface Tokens {
  input: number;
  output: number;
  cacheWrite?: number;
  cacheRead?: number;
}

function replyUsing(
  text: string,
  usage: Tokens,
  extra: { model?: string; delayMsPerEvent?: number } = {},
): MockStep {
  return {
    kind: 'reply',
    reply: {
      blocks: [{ type: 'text', text }],
      ...(extra.model && { model: extra.model }),
      usage: {
        input_tokens: usage.input,
        output_tokens: usage.output,
        cache_creation_input_tokens: usage.cacheWrite ?? 0,
        cache_read_input_tokens: usage.cacheRead ?? 0,
      },
    },
    ...(extra.delayMsPerEvent && { delayMsPerEvent: extra.delayMsPerEvent }),
  };
}

/** The status line's button; its name goes on with the amount it shows. */
function costButton(page: Page) {
  return page.getByRole('button', { name: /^Session cost: / });
}

/** The button says `shown`, and is read out as "Session cost: " and what it shows. */
async function expectCost(page: Page, shown: string) {
  await expect(costButton(page)).toHaveAccessibleName(`Session cost: ${shown}`);
  await expect(costButton(page)).toContainText(shown);
}

function usagePanel(page: Page) {
  return page.getByRole('dialog', { name: 'Session usage' });
}

async function openUsage(page: Page) {
  await costButton(page).click();
  await expect(usagePanel(page)).toBeVisible();
  return usagePanel(page);
}

/** The panel's row for one kind of token, e.g. "Cache read". */
function tokenRow(page: Page, kind: string) {
  return usagePanel(page).getByRole('row', { name: new RegExp(`^${kind} `) });
}

async function openPrices(page: Page) {
  await settingsSection(page, 'Model');
  return settingsDialog(page);
}

// Several replies, settings round trips and a reload; a loaded machine needs room.
test.describe.configure({ timeout: 150_000 });

test.describe('a model with a price in the table', () => {
  // claude-sonnet-4-5 is in the table's claude-sonnet-4 family: $3 input, $15 output,
  // $3.75 cache write and $0.30 cache read per million tokens.
  test.use({ connection: { model: 'claude-sonnet-4-5' } });

  test('the status line shows the cost so far, the panel the four kinds of tokens, Settings the price', async ({
    connected: page,
    mockApi,
  }) => {
    await expectCost(page, '$0.00');

    // 20,000 × $3 + 1,000 × $15 + 4,000 × $3.75 = $0.06 + $0.015 + $0.015.
    mockApi.script(replyUsing('First.', { input: 20_000, output: 1_000, cacheWrite: 4_000 }));
    await exchange(page, 'one');
    await expectCost(page, '$0.090');

    // + 1,000 × $3 + 2,000 × $15 + 20,000 × $0.30 = $0.039: $0.129 in all.
    mockApi.script(replyUsing('Second.', { input: 1_000, output: 2_000, cacheRead: 20_000 }));
    await exchange(page, 'two');
    await expectCost(page, '$0.13');

    const panel = await openUsage(page);
    await expect(tokenRow(page, 'Input')).toHaveText('Input21,000');
    await expect(tokenRow(page, 'Cache write')).toHaveText('Cache write4,000');
    await expect(tokenRow(page, 'Cache read')).toHaveText('Cache read20,000');
    await expect(tokenRow(page, 'Output')).toHaveText('Output3,000');
    await expect(panel).toContainText('Estimated cost: $0.13');
    // One model answered: no per-model lines.
    await expect(panel.getByRole('list', { name: 'By model' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(costButton(page)).toBeFocused();

    // A bad price is named and stops Save; a good one changes the cost.
    const dialog = await openPrices(page);
    await expect(dialog.getByLabel('Model to price')).toHaveValue('claude-sonnet-4-5');
    await expect(dialog.getByText("The model table's price.")).toBeVisible();
    await expect(dialog.getByLabel('Input price')).toHaveValue('3');
    await expect(dialog.getByLabel('Output price')).toHaveValue('15');
    await expect(dialog.getByLabel('Cache write price')).toHaveValue('3.75');
    await expect(dialog.getByLabel('Cache read price')).toHaveValue('0.3');
    await expect(dialog.getByRole('button', { name: 'Reset to table prices' })).toBeDisabled();
    await dialog.getByLabel('Output price').fill('abc');
    const error =
      'Output price: “abc” is not a price. Enter dollars per million tokens, 0 or more, such as 3 or 0.30.';
    await expect(dialog.getByText(error)).toBeVisible();
    await expect(dialog.getByLabel('Output price')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeVisible();
    // Output at $30: 21,000 × $3 + 3,000 × $30 + 4,000 × $3.75 + 20,000 × $0.30 = $0.174.
    await dialog.getByLabel('Output price').fill('30');
    await expect(dialog.getByText(error)).toBeHidden();
    await expect(dialog.getByText('Your price for claude-sonnet-4-5.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expectCost(page, '$0.17');

    // After a reload the whole session is summed again, at the saved price (stored before
    // the dialog closed).
    await page.reload();
    await expectCost(page, '$0.17');
    await openUsage(page);
    await expect(tokenRow(page, 'Cache read')).toHaveText('Cache read20,000');
    await usagePanel(page).getByRole('button', { name: 'Edit prices' }).click();
    await expect(settingsDialog(page)).toBeVisible();
    await expect(dialog.getByLabel('Output price')).toHaveValue('30');
    await dialog.getByRole('button', { name: 'Reset to table prices' }).click();
    await expect(dialog.getByLabel('Output price')).toHaveValue('15');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expectCost(page, '$0.13');
  });

  test('the reply being written counts from its first event, not only once it has ended', async ({
    connected: page,
    mockApi,
  }) => {
    // The API reports the input at the start (100,000 × $3 = $0.30) and the output at the
    // end (+ 2,000 × $15 = $0.03). The reply streams slowly, so the first figure shows.
    mockApi.script(
      replyUsing(
        'A reply that takes its time to arrive, word by word.',
        { input: 100_000, output: 2_000 },
        {
          delayMsPerEvent: 400,
        },
      ),
    );
    await page.getByRole('textbox', { name: 'Message' }).fill('slowly');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expectCost(page, '$0.30');
    await expect(page.getByTestId('agent-state')).toHaveText('Replying');
    await waitIdle(page);
    await expectCost(page, '$0.33');
  });
});

test.describe('a model without a price', () => {
  test.use({ connection: { model: 'gateway-alias-1' } });

  test('says "no price" with its tokens in the panel, marks a cost with unpriced tokens as partial, and takes a price from Settings', async ({
    connected: page,
    mockApi,
  }) => {
    mockApi.script(replyUsing('Unpriced.', { input: 1_200, output: 90 }));
    await exchange(page, 'one');
    await expectCost(page, 'no price');
    const panel = await openUsage(page);
    await expect(tokenRow(page, 'Input')).toHaveText('Input1,200');
    await expect(tokenRow(page, 'Output')).toHaveText('Output90');
    await expect(panel).toContainText('Estimated cost: not known');
    await expect(panel).toContainText('No price is known for gateway-alias-1');
    await page.keyboard.press('Escape');

    // The gateway routes the next request to a model the table prices:
    // 10,000 × $1 + 2,000 × $5 = $0.02 for claude-haiku-4-5, nothing known for the rest.
    mockApi.script(replyUsing('Priced.', { input: 10_000, output: 2_000 }, { model: 'claude-haiku-4-5' }));
    await exchange(page, 'two');
    await expectCost(page, '≥ $0.020');
    await openUsage(page);
    await expect(panel).toContainText('Estimated cost: at least $0.020');
    const byModel = panel.getByRole('list', { name: 'By model' }).getByRole('listitem');
    await expect(byModel).toHaveCount(2);
    await expect(byModel.nth(0)).toHaveText(
      'gateway-alias-1 1,200 input · 0 cache write · 0 cache read · 90 output no price',
    );
    await expect(byModel.nth(1)).toHaveText(
      'claude-haiku-4-5 10,000 input · 0 cache write · 0 cache read · 2,000 output $0.020',
    );
    await page.keyboard.press('Escape');

    // Pricing the gateway's model: all four prices or none.
    const dialog = await openPrices(page);
    await expect(dialog.getByLabel('Model to price')).toHaveValue('gateway-alias-1');
    await expect(
      dialog.getByText(/^US dollars per million tokens\. No price is known for this model/),
    ).toBeVisible();
    await expect(dialog.getByLabel('Input price')).toHaveValue('');
    await dialog.getByLabel('Input price').fill('2');
    await dialog.getByLabel('Output price').fill('2');
    await expect(
      dialog.getByText('Cache write price: enter a price, or leave all four empty for no price.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Cache write price').fill('2');
    await dialog.getByLabel('Cache read price').fill('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    // 1,290 × $2 = $0.00258, + $0.02.
    await expectCost(page, '$0.023');
  });
});
