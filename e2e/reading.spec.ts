/**
 * Replies read well (issue 24, item 5): fenced code is coloured by the lazily loaded
 * highlighter under a language label, in both themes; a table wider than a phone scrolls
 * sideways in its box instead of having its words cut; blockquotes and headings are styled.
 */
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { assistantMessages, exchange, saveReadmeScreenshot, textReply, waitIdle } from './helpers';

const TYPESCRIPT_REPLY = [
  'Here is a function:',
  '',
  '```typescript',
  'export function greet(name: string): string {',
  '  // Say hello',
  "  return 'Hello, ' + name;",
  '}',
  '```',
  '',
  '> A quoted line.',
  '',
  '## A heading',
].join('\n');

const WIDE_TABLE = [
  '| Component | Responsibility | Configuration | Implementation | Documentation |',
  '|---|---|---|---|---|',
  '| authentication | internationalization | interoperability | characteristically | incomprehensibilities |',
].join('\n');

for (const scheme of ['light', 'dark'] as const) {
  test(`a fenced TypeScript block is highlighted under its label (${scheme} theme)`, async ({
    connected: page,
    mockApi,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    mockApi.script(textReply(TYPESCRIPT_REPLY));
    await exchange(page, 'Show me code');
    const reply = assistantMessages(page).last();
    const block = reply.locator('[data-code-block]');
    await expect(block.locator('.code-language')).toHaveText('typescript');
    // Token spans from highlight.js, coloured (not the text's own colour).
    const keyword = block.locator('code .hljs-keyword').first();
    await expect(keyword).toHaveText('export');
    await expect(block.locator('code .hljs-comment')).toHaveText('// Say hello');
    const colours = await block.evaluate((element) => {
      const code = element.querySelector('code');
      const keywordSpan = element.querySelector('.hljs-keyword');
      return {
        text: code ? getComputedStyle(code).color : '',
        keyword: keywordSpan ? getComputedStyle(keywordSpan).color : '',
      };
    });
    expect(colours.keyword).not.toBe(colours.text);
    // The code copies as written, spans and label aside.
    await expect(block.locator('code')).toHaveText(/^export function greet\(name: string\): string \{/);

    // A bar beside the quote; the heading close to the text's size.
    const quoteBar = await reply.locator('blockquote').evaluate((q) => getComputedStyle(q).borderLeftWidth);
    expect(Number.parseFloat(quoteBar)).toBeGreaterThanOrEqual(2);
    const sizes = await reply.evaluate((element) => ({
      heading: Number.parseFloat(getComputedStyle(element.querySelector('h2') as Element).fontSize),
      text: Number.parseFloat(getComputedStyle(element.querySelector('p') as Element).fontSize),
    }));
    expect(sizes.heading).toBeLessThanOrEqual(sizes.text * 1.25);
    expect(await seriousViolations(page)).toEqual([]);

    // The README's picture of a reply: pointed at, so its actions show beside it.
    const row = page.locator('.chat-row').filter({ has: reply });
    await row.hover();
    await expect(row.getByRole('button', { name: 'Copy', exact: true })).toBeVisible();
    await saveReadmeScreenshot(page, `reply-${scheme}.png`);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a wide table scrolls sideways and keeps its words whole', async ({ connected: page, mockApi }) => {
    mockApi.script(textReply(`Compare:\n\n${WIDE_TABLE}`));
    await exchange(page, 'Compare them');
    await waitIdle(page);
    const box = assistantMessages(page).last().locator('.table-scroll');
    await expect(box.locator('table')).toBeVisible();
    const sizes = await box.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
    }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    // Each long word on one line: its text's boxes are one rectangle, not one per cut.
    const lineCounts = await box.evaluate((element) =>
      [...element.querySelectorAll('td')].map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return range.getClientRects().length;
      }),
    );
    expect(lineCounts).toEqual([1, 1, 1, 1, 1]);
    // The page itself does not scroll sideways: only the table's box does.
    const pageWidth = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(pageWidth.scroll).toBeLessThanOrEqual(pageWidth.client);
    // Keyboard users can scroll it: the box takes focus, and arrow keys move it.
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });
});
