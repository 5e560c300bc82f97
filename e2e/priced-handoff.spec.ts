/**
 * Priced handoff (issue 30): the next turn's price beside the meter, the handoff
 * preview's three figures, the price trigger behind the banner, the API's token count
 * for a large paste (and never for typing), the meter's explanation on keyboard focus,
 * and the chain's cost line. The mock reports scripted usage, so every figure is exact.
 */
import type { Page } from '@playwright/test';
import { branchCostFacts, nextTurnInput } from '../src/core/pricing/branchCost';
import { costFigures } from '../src/core/pricing/costFigures';
import { handoffSizesOf } from '../src/core/pricing/handoffSizes';
import type { Message } from '../src/core/types/message';
import { handoffPreviewText } from '../src/ui/pricing/priceText';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { composer, exchange, handOff, settingsDialog, settingsSection } from './helpers';
import type { MockStep, RecordedRequest } from './mock/mockApi';

// In the table's claude-sonnet-4 family: $3 input, $3.75 cache write, $0.30 cache read, $15 output.
const MODEL = 'claude-sonnet-4-5';
// A reply whose prompt was 100,000 tokens, 99,000 of them read from the cache, and that wrote 1,000.
const USAGE = { input: 1_000, cacheRead: 99_000, cacheWrite: 0, output: 1_000 };

function replyUsing(text: string, usage = USAGE): MockStep {
  return {
    kind: 'reply',
    reply: {
      blocks: [{ type: 'text', text }],
      usage: {
        input_tokens: usage.input,
        output_tokens: usage.output,
        cache_read_input_tokens: usage.cacheRead,
        cache_creation_input_tokens: usage.cacheWrite,
      },
    },
  };
}

const price = (page: Page) => page.getByTestId('next-turn-price');
const meter = (page: Page) => page.getByRole('meter', { name: 'Context used' });
const banner = (page: Page) => page.getByRole('region', { name: 'Context almost full' });
const popover = (page: Page) => page.getByRole('dialog', { name: 'Hand off to a new session' });
const countRequests = (mock: { requests: readonly RecordedRequest[] }) =>
  mock.requests.filter((request) => request.path === '/v1/messages/count_tokens');

test.describe.configure({ timeout: 150_000 });

test.describe('a model with a price', () => {
  test.use({ connection: { model: MODEL } });

  test('the meter shows the next turn’s price, and the preview the three figures of the unit function', async ({
    connected: page,
    mockApi,
  }) => {
    mockApi.script(replyUsing('Long work.'));
    await exchange(page, 'one');
    await expect(page.getByTestId('context-count')).toHaveText('101k / 200k');
    // Reported usage, nothing added since: exact. $0.39 uncached; $0.030 + $0.00375 + $0.015 cached.
    await expect(price(page)).toHaveText('next turn $0.39, $0.049 if cached');

    await page.getByRole('button', { name: 'Hand off', exact: true }).click();
    const preview = popover(page).getByTestId('handoff-preview');
    // The same function the app uses, over the mock's usage.
    const reply: Message = {
      role: 'assistant',
      content: [],
      usage: { ...USAGE },
    };
    const facts = branchCostFacts([
      { id: 'r', parentId: null, sessionId: 's', timestamp: 0, type: 'message', message: reply },
    ]);
    const { handoff } = costFigures({
      model: MODEL,
      prices: {},
      next: nextTurnInput(facts, 101_000, true, handoffSizesOf(facts, 0)),
    });
    expect(handoff).toBeDefined();
    if (!handoff) return;
    await expect(preview).toHaveText(handoffPreviewText(handoff));
    await expect(preview).toHaveText(
      /^Continuing here: ≈ \$[\d.]+ per turn · After handoff: ≈ \$[\d.]+ per turn · The handoff itself: ≈ \$[\d.]+$/,
    );
    // Above the focus field.
    const previewBox = await preview.boundingBox();
    const fieldBox = await popover(page).getByLabel('Focus (optional)').boundingBox();
    expect(previewBox && fieldBox && previewBox.y < fieldBox.y).toBe(true);
  });

  test('a turn price past the limit in Settings raises the banner', async ({ connected: page, mockApi }) => {
    mockApi.script(replyUsing('Long work.'));
    await exchange(page, 'one');
    // 101k of a 200k window is below the 75 % default, and $0.049 below the $0.50 default.
    await expect(banner(page)).toBeHidden();

    const dialog = settingsDialog(page);
    await settingsSection(page, 'Handoff');
    const limit = dialog.getByLabel('Suggest a handoff when a turn costs more than ($)');
    await expect(limit).toHaveValue('0.5');
    await limit.fill('0.04');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText(
      'Each turn now costs more than the limit you set: next turn $0.39, $0.049 if cached.',
    );
  });

  test('the token counter is asked once for a large paste, never while typing', async ({
    connected: page,
    mockApi,
  }) => {
    mockApi.script(replyUsing('Long work.'));
    await exchange(page, 'one');
    const box = composer(page);
    await box.click();
    await box.pressSequentially('Typing a message, one key at a time.', { delay: 15 });
    await page.waitForTimeout(1_500);
    expect(countRequests(mockApi)).toHaveLength(0);
    await expect(price(page)).toContainText('next turn ≈ ');

    // A paste: one input of 12,000 characters.
    await page.keyboard.insertText(` ${'The log of the failing build, line by line. '.repeat(270)}`);
    await expect.poll(() => countRequests(mockApi).length).toBe(1);
    // The whole box was counted by the API: the price is no longer an estimate.
    await expect(price(page)).not.toContainText('≈');
    // Typing after it does not ask again.
    await box.pressSequentially(' more', { delay: 15 });
    await page.waitForTimeout(1_500);
    expect(countRequests(mockApi)).toHaveLength(1);
    await expect(price(page)).toContainText('≈');
    // The count carried the box's text and nothing else: no system prompt, no tools, no history.
    const counted = countRequests(mockApi)[0]?.body;
    expect(counted).toMatchObject({ model: MODEL, messages: [{ role: 'user' }] });
    expect(JSON.stringify(counted)).not.toContain('Long work.');
  });

  test('a file attached is counted once with the file in the count, and its tokens are in the price', async ({
    connected: page,
    mockApi,
  }) => {
    mockApi.script(replyUsing('Long work.'));
    await exchange(page, 'one');
    const before = await price(page).textContent();
    await page.getByTestId('attach-input').setInputFiles({
      name: 'build.log',
      mimeType: 'text/plain',
      buffer: Buffer.from('The failing build, line by line.\n'.repeat(3_000)),
    });
    await expect(page.getByRole('list', { name: 'Files to send' }).getByRole('listitem')).toHaveCount(1);
    await expect.poll(() => countRequests(mockApi).length).toBe(1);
    // Counted by the API: no longer an estimate, and dearer than the turn without the file.
    await expect(price(page)).not.toContainText('≈');
    expect(await price(page).textContent()).not.toBe(before);
    // The file went to the count as it goes to the chat: a document block of its text.
    const counted = JSON.stringify(countRequests(mockApi)[0]?.body);
    expect(counted).toContain('The failing build, line by line.');
    expect(counted).not.toContain('Long work.');
    // Typing a short message after it asks nothing more.
    await composer(page).pressSequentially('Why?', { delay: 15 });
    await page.waitForTimeout(1_500);
    expect(countRequests(mockApi)).toHaveLength(1);
  });

  test('the chain’s cost line adds the parent and what the handoff saved', async ({
    connected: page,
    mockApi,
  }) => {
    mockApi.script(replyUsing('Long work.'));
    await exchange(page, 'one');
    await handOff(page, mockApi);
    mockApi.script(replyUsing('Short work.', { input: 500, cacheRead: 4_000, cacheWrite: 0, output: 1_000 }));
    await exchange(page, 'two');
    await expect(page.getByRole('button', { name: /^Session cost: / })).toHaveAccessibleName(
      /^Session cost: \$[\d.]+ · chain \$[\d.]+ · saved \$[\d.]+$/,
    );
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the meter's explanation is reached by keyboard, and the new surfaces pass axe (${scheme})`, async ({
      connected: page,
      mockApi,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      mockApi.script(replyUsing('Long work.'));
      await exchange(page, 'one');
      await page.getByRole('button', { name: /Switch model/ }).focus();
      await page.keyboard.press('Tab');
      await expect(meter(page)).toBeFocused();
      const tip = page.getByRole('tooltip');
      await expect(tip).toBeVisible();
      await expect(meter(page)).toHaveAccessibleDescription(/^Fills with what the next request carries/);
      await expect(tip).toContainText('when it is full the model refuses');
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Hand off', exact: true }).click();
      await expect(popover(page).getByTestId('handoff-preview')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await settingsSection(page, 'Handoff');
      await expect(
        settingsDialog(page).getByLabel('Suggest a handoff when the context passes (tokens)'),
      ).toHaveValue('200000');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe('a model without a price', () => {
  test.use({ connection: { model: 'gateway-alias-1' } });

  test('hides the figures instead of guessing, and asks no count', async ({ connected: page, mockApi }) => {
    mockApi.script(replyUsing('Unpriced.'));
    await exchange(page, 'one');
    await expect(page.getByTestId('context-count')).toBeVisible();
    await expect(price(page)).toHaveCount(0);
    await composer(page).click();
    await page.keyboard.insertText('x'.repeat(5_000));
    await page.getByRole('button', { name: 'Hand off', exact: true }).click();
    await expect(popover(page).getByLabel('Focus (optional)')).toBeFocused();
    await expect(popover(page).getByTestId('handoff-preview')).toHaveCount(0);
    await page.waitForTimeout(1_000);
    expect(countRequests(mockApi)).toHaveLength(0);
    await expect(page.getByRole('button', { name: /^Session cost: / })).toHaveAccessibleName(
      'Session cost: no price',
    );
  });
});
