/**
 * Several tabs: two pages of one browser context on the same data. Each tab's changes
 * (messages, a rename, a handoff, a delete) show in the other without a reload, nothing
 * is lost or forked, and a session being written in one tab refuses a second writer with
 * a clear notice, keeping the refused text.
 */
import type { Page } from '@playwright/test';
import { test as base, expect } from './fixtures';
import {
  activeSessionTitle,
  alertNotice,
  assistantMessages,
  composer,
  exchange,
  handOffWithButton,
  handoffCard,
  handoffDocument,
  openApp,
  readStoredData,
  revealSessionActions,
  type StoredData,
  send,
  sessionList,
  sessionTitles,
  stalledReply,
  statusNotice,
  storedText,
  textReply,
  userMessages,
  waitIdle,
} from './helpers';

/** `tabs`: tab A with one exchange stored, and tab B opened on the same data. */
const test = base.extend<{ tabs: [Page, Page] }>({
  tabs: async ({ connected: a, context }, use) => {
    await exchange(a, 'Plan the garden');
    const b = await context.newPage();
    await openApp(b);
    await expect(activeSessionTitle(b)).toHaveText('Plan the garden');
    await expect(userMessages(b)).toHaveText(['Plan the garden']);
    await use([a, b]);
  },
});

test.describe.configure({ timeout: 120_000 });
// Remembered, so the second tab talks to the mock too.
test.use({ connection: { rememberKey: true } });

const BUSY =
  'This session is busy in another tab. Your message is kept; send it again once that tab has finished.';

/** One session's stored entries form a single chain: one root, no entry with two children. */
function expectOneChain(stored: StoredData, sessionId: string): void {
  const entries = stored.entries.filter((entry) => entry.sessionId === sessionId);
  const ids = new Set(entries.map((entry) => entry.id));
  expect(entries.filter((entry) => entry.parentId === null)).toHaveLength(1);
  for (const entry of entries) if (entry.parentId !== null) expect(ids.has(entry.parentId)).toBe(true);
  const parents = entries.map((entry) => entry.parentId);
  expect(new Set(parents).size).toBe(parents.length);
}

test('changes in one tab show in the other without a reload, and nothing is lost', async ({
  tabs: [a, b],
  mockApi,
}) => {
  // A new message in A appears in B...
  await exchange(a, 'Add a pond');
  await expect(userMessages(b)).toHaveText(['Plan the garden', 'Add a pond']);
  await expect(assistantMessages(b).last()).toHaveText('Mock reply to: Add a pond');
  // ...and one written in B appears in A.
  await exchange(b, 'And a shed');
  await expect(userMessages(a)).toHaveText(['Plan the garden', 'Add a pond', 'And a shed']);
  await expect(assistantMessages(a).last()).toHaveText('Mock reply to: And a shed');

  // A rename in A.
  const item = await revealSessionActions(a, 'Plan the garden');
  await item.getByRole('button', { name: 'Rename Plan the garden', exact: true }).click();
  const field = sessionList(a).getByRole('textbox', { name: 'Session title' });
  await field.fill('Garden plan');
  await field.press('Enter');
  await expect(sessionTitles(b).filter({ hasText: 'Garden plan' })).toHaveCount(1);
  await expect(activeSessionTitle(b)).toHaveText('Garden plan');

  // A handoff in A: B lists the new session, and stays where it was.
  mockApi.script(textReply(handoffDocument('the garden')));
  await send(a, '/handoff');
  await expect(handoffCard(a)).toContainText('Ship the garden', { timeout: 20_000 });
  await expect(sessionTitles(b).filter({ hasText: 'Ship the garden · part 2' })).toHaveCount(1);
  await expect(activeSessionTitle(b)).toHaveText('Garden plan');
  // B followed the handoff's document to the bottom; the chat renders only the messages
  // near its viewport, so B's first ones are read from the top.
  await b.locator('.chat').evaluate((chat) => {
    chat.scrollTop = 0;
  });
  await expect(userMessages(b)).toHaveText(['Plan the garden', 'Add a pond', 'And a shed']);

  // A delete in A (of the new session, open there): it leaves B's list too.
  // (The list marks a handed-off session with an arrow before its title.)
  const child = sessionList(a).getByRole('listitem').filter({ hasText: 'Ship the garden · part 2' });
  await child.hover();
  await child.getByRole('button', { name: 'Delete Ship the garden · part 2', exact: true }).click();
  await a.getByRole('dialog', { name: 'Delete session?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(sessionTitles(a)).toHaveCount(1);
  await expect(sessionTitles(b)).toHaveCount(1);
  await expect(sessionTitles(b)).toHaveText(['Garden plan']);

  // Storage holds every message once, in one unforked chain.
  const stored = await readStoredData(a);
  expect(stored.sessions).toHaveLength(1);
  const sessionId = stored.sessions[0]?.id ?? '';
  const texts = stored.entries.map(storedText);
  for (const text of ['Plan the garden', 'Add a pond', 'And a shed']) {
    expect(texts.filter((t) => t === text)).toHaveLength(1);
    expect(texts.filter((t) => t === `Mock reply to: ${text}`)).toHaveLength(1);
  }
  expectOneChain(stored, sessionId);
});

test('a session being written in one tab is busy in the other; the text stays in the box', async ({
  tabs: [a, b],
  mockApi,
}) => {
  mockApi.script(stalledReply('Digging the pond'));
  await send(a, 'Dig the pond');
  await expect(assistantMessages(a).last()).toContainText('Digging the pond');
  await expect(a.getByTestId('agent-state')).toHaveText('Replying');
  const requestsBefore = mockApi.requests.length;

  await send(b, 'Plant the roses');
  await expect(alertNotice(b, BUSY)).toBeVisible();
  await expect(composer(b)).toHaveValue('Plant the roses');
  await expect(b.getByTestId('agent-state')).toHaveText('Ready');
  // A handoff of that session is refused in B as well.
  await handOffWithButton(b);
  await expect(statusNotice(b, BUSY)).toBeVisible();
  expect(mockApi.requests.length).toBe(requestsBefore);

  // Once A has finished, B's kept text goes through.
  await composer(a).press('Escape');
  await waitIdle(a);
  await expect(composer(b)).toHaveValue('Plant the roses');
  await composer(b).press('Enter');
  await expect(assistantMessages(b).last()).toHaveText('Mock reply to: Plant the roses');
  await waitIdle(b);
  await expect(userMessages(a)).toHaveText(['Plan the garden', 'Dig the pond', 'Plant the roses']);

  const stored = await readStoredData(b);
  expectOneChain(stored, stored.sessions[0]?.id ?? '');
});

for (const keep of [true, false]) {
  test(`a session deleted in one tab while the other writes into it: the reply stops, is offered, and ${keep ? 'kept in a new session' : 'dropped'}; nothing of the session comes back`, async ({
    tabs: [a, b],
    mockApi,
  }) => {
    const first = (await readStoredData(a)).sessions[0]?.id ?? '';
    mockApi.script(stalledReply('The first part of a long answer'));
    await send(a, 'Write a long answer');
    await expect(assistantMessages(a).last()).toContainText('The first part of a long answer');

    const item = await revealSessionActions(b, 'Plan the garden');
    await item.getByRole('button', { name: 'Delete Plan the garden', exact: true }).click();
    const question = b.getByRole('dialog', { name: 'Delete session?' });
    // The tabs' session lock says tab A is writing into it.
    await expect(question).toContainText('A reply is being written into it right now');
    await question.getByRole('button', { name: 'Delete' }).click();

    const offer = a.getByRole('dialog', { name: 'Session deleted in another tab' });
    await expect(offer).toBeVisible();
    await expect(a.getByTestId('agent-state')).toHaveText('Ready');
    await offer.getByRole('button', { name: keep ? 'Keep in a new session' : 'Drop', exact: true }).click();
    await expect(offer).toBeHidden();

    if (keep) {
      await expect(activeSessionTitle(a)).toHaveText('Plan the garden (kept)');
      await expect(userMessages(a)).toHaveText(['Plan the garden', 'Write a long answer']);
      await expect(assistantMessages(a).last()).toContainText('The first part of a long answer');
      // The other tab sees it too (beside the empty session it opened after its delete).
      await expect(sessionTitles(b).filter({ hasText: 'Plan the garden (kept)' })).toHaveCount(1);
    } else {
      await expect(sessionTitles(a)).not.toContainText(['Plan the garden']);
    }
    // Whatever tab A still had queued for the deleted session was refused: no orphan, no return.
    await a.waitForTimeout(1000);
    const stored = await readStoredData(a);
    expect(stored.sessions.map((s) => s.id)).not.toContain(first);
    expect(stored.entries.filter((e) => e.sessionId === first)).toEqual([]);
    const ids = new Set(stored.sessions.map((s) => s.id));
    for (const entry of stored.entries) expect(ids.has(entry.sessionId)).toBe(true);
  });
}
