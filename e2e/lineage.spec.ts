/**
 * Lineage: handoff chains grouped in the Sessions sidebar with a
 * handoff mark, the breadcrumb above the chat, the "Continued from" / "Continued in"
 * links, and children of a deleted parent moving to the top level.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  exchange,
  handOff,
  handoffCard,
  revealSessionActions,
  sessionList,
  sessionTitles,
  userMessages,
} from './helpers';
import type { MockApi } from './mock/mockApi';

test.describe.configure({ timeout: 120_000 });

const ROOT = 'Plan the billing work';

/** An unrelated session, then a chain root → part 2 → part 3; leaves part 3 open. Returns the titles. */
async function buildChain(page: Page, mockApi: MockApi): Promise<{ second: string; third: string }> {
  await exchange(page, 'An unrelated question');
  await page.getByRole('button', { name: 'New session', exact: true }).click();
  await expect(userMessages(page)).toHaveCount(0);
  await exchange(page, ROOT);
  await handOff(page, mockApi, 'the invoices');
  const second = (await activeSessionTitle(page).textContent())?.replace(/^↪\s*/, '') ?? '';
  await exchange(page, 'Carry on with the invoices');
  await handOff(page, mockApi, 'the refunds');
  const third = (await activeSessionTitle(page).textContent())?.replace(/^↪\s*/, '') ?? '';
  expect(new Set([ROOT, second, third]).size).toBe(3);
  return { second, third };
}

/** The left edge of a session's title button, to compare indentation. */
async function indentOf(page: Page, title: string): Promise<number> {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const exactly = new RegExp(`^(↪\\s*)?${escaped}$`);
  const box = await sessionTitles(page).filter({ hasText: exactly }).boundingBox();
  if (!box) throw new Error(`No box for ${title}`);
  return box.x;
}

test('two handoffs: the chain is grouped under its root with marks, and the breadcrumb walks it', async ({
  connected: page,
  mockApi,
}) => {
  const { second, third } = await buildChain(page, mockApi);

  // The chain sits together, root first, above the older unrelated session.
  await expect(sessionTitles(page)).toHaveText([ROOT, `↪ ${second}`, `↪ ${third}`, 'An unrelated question']);
  // Each handoff is indented one step further than its parent; the unrelated one is not.
  const [root, child, grandchild, other] = await Promise.all(
    [ROOT, second, third, 'An unrelated question'].map((t) => indentOf(page, t)),
  );
  expect(child).toBeGreaterThan(root ?? 0);
  expect(grandchild).toBeGreaterThan(child ?? 0);
  expect(other).toBe(root);
  const items = sessionList(page).getByRole('listitem');
  await expect(items.nth(0).locator('.handoff-mark')).toHaveCount(0);
  await expect(items.nth(1).locator('.handoff-mark')).toBeVisible();
  await expect(items.nth(2).locator('.handoff-mark')).toBeVisible();

  // The breadcrumb: root › part 2 › part 3, the current one marked and not a link.
  const crumbs = page.getByRole('navigation', { name: 'Handoff chain' });
  await expect(crumbs.getByRole('listitem')).toHaveText([ROOT, second, third]);
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(third);
  await expect(crumbs.getByRole('button')).toHaveText([ROOT, second]);

  // Walking it: the middle one, then the root (which has no chain above it).
  await crumbs.getByRole('button', { name: second, exact: true }).click();
  await expect(activeSessionTitle(page)).toHaveText(`↪ ${second}`);
  await expect(crumbs.getByRole('listitem')).toHaveText([ROOT, second]);
  await expect(userMessages(page)).toHaveText(['Carry on with the invoices']);
  await crumbs.getByRole('button', { name: ROOT, exact: true }).click();
  await expect(activeSessionTitle(page)).toHaveText(ROOT);
  await expect(crumbs).toBeHidden();
  await expect(userMessages(page).first()).toHaveText(ROOT);

  // The grouping survives a reload.
  await page.reload();
  await expect(sessionTitles(page)).toHaveText([ROOT, `↪ ${second}`, `↪ ${third}`, 'An unrelated question']);
});

test('"Continued from" and "Continued in" walk the chain both ways', async ({ connected: page, mockApi }) => {
  const { second, third } = await buildChain(page, mockApi);
  await handoffCard(page).getByRole('button', { name: second, exact: true }).click();
  await expect(activeSessionTitle(page)).toHaveText(`↪ ${second}`);
  const handedOff = page.getByText(/^Continued in/);
  await expect(handedOff).toHaveText(`Continued in ${third}`);
  // Part 2 begins with its own card, which points back to the root.
  await expect(handoffCard(page)).toContainText(`Continued from ${ROOT}`);
  await handoffCard(page).getByRole('button', { name: ROOT, exact: true }).click();
  await expect(activeSessionTitle(page)).toHaveText(ROOT);
  await page
    .getByText(/^Continued in/)
    .getByRole('button', { name: second, exact: true })
    .click();
  await expect(activeSessionTitle(page)).toHaveText(`↪ ${second}`);
  await page
    .getByText(/^Continued in/)
    .getByRole('button', { name: third, exact: true })
    .click();
  await expect(activeSessionTitle(page)).toHaveText(`↪ ${third}`);
});

test('deleting the root moves its child to the top level with the grandchild under it', async ({
  connected: page,
  mockApi,
}) => {
  const { second, third } = await buildChain(page, mockApi);
  const item = await revealSessionActions(page, ROOT);
  await item.getByRole('button', { name: `Delete ${ROOT}`, exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete session?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(sessionTitles(page)).toHaveText([`↪ ${second}`, `↪ ${third}`, 'An unrelated question']);
  // Part 2 is now a root: no deeper than an unrelated session; part 3 still under it.
  expect(await indentOf(page, second)).toBe(await indentOf(page, 'An unrelated question'));
  expect(await indentOf(page, third)).toBeGreaterThan(await indentOf(page, second));
  // The breadcrumb starts at the oldest session still there.
  const crumbs = page.getByRole('navigation', { name: 'Handoff chain' });
  await expect(crumbs.getByRole('listitem')).toHaveText([second, third]);
  await page.reload();
  await expect(sessionTitles(page)).toHaveText([`↪ ${second}`, `↪ ${third}`, 'An unrelated question']);
});
