/**
 * Crashes and reloads: a handoff switch cut at every step, a tab closed mid-reply,
 * pending writes flushed when the page is hidden, and a session switched to just before
 * a reload. Cuts are made with the app's test hooks
 * (src/state/testHooks.ts), which hold or fail the switch at a chosen step, and then the
 * page is reloaded or closed for real.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  assistantMessages,
  composer,
  connect,
  exchange,
  handoffCard,
  handoffDocument,
  openApp,
  readStoredData,
  type StoredData,
  send,
  sessionTitles,
  stalledReply,
  storedText,
  textReply,
  userMessages,
} from './helpers';

// Remembered, so the app reopened in a new tab still talks to the mock.
test.use({ connection: { rememberKey: true } });

/** The page's view of the hooks; the app reads the same global (see src/state/testHooks.ts). */
type HookWindow = Window & {
  __batonTestHooks?: {
    beforeHandoffCommit?: () => unknown;
    afterHandoffCommit?: () => unknown;
    cutHandoffWrite?: boolean;
    writeIntervalMs?: number;
    holdWrites?: () => unknown;
  };
  __batonHookReached?: string;
};

type Step = 'after generation' | 'inside the switch' | 'just after the switch';
type Cut = 'reload' | 'close';

/** Arms the hook for `step`; it records when it was reached. */
async function armHandoffCut(page: Page, step: Step): Promise<void> {
  await page.evaluate((step) => {
    const w = window as HookWindow; // The page's window, with the test's own fields.
    const hang = () => new Promise(() => {});
    const hooks: NonNullable<HookWindow['__batonTestHooks']> = {};
    if (step === 'after generation') {
      hooks.beforeHandoffCommit = () => {
        w.__batonHookReached = step;
        return hang();
      };
    } else if (step === 'inside the switch') {
      // The switch's transaction puts every record, then is cut off before it commits.
      hooks.cutHandoffWrite = true;
      hooks.beforeHandoffCommit = () => {
        w.__batonHookReached = step;
      };
    } else {
      hooks.afterHandoffCommit = () => {
        w.__batonHookReached = step;
        return hang();
      };
    }
    w.__batonTestHooks = hooks;
  }, step);
}

/** From now on every write of the page waits for ever, as on a disk too slow to store it before a reload. */
async function holdEveryWrite(page: Page): Promise<void> {
  await page.evaluate(() => {
    const hooks = (window as HookWindow).__batonTestHooks;
    if (!hooks) throw new Error('The e2e fixture sets the test hooks on every page.');
    hooks.holdWrites = () => new Promise(() => {});
  });
}

/** Reloads, or closes the tab and opens the app in a new one on the same storage. */
async function cut(page: Page, context: BrowserContext, how: Cut): Promise<Page> {
  if (how === 'reload') {
    await page.reload();
    await expect(composer(page)).toBeVisible();
    return page;
  }
  await page.close();
  const next = await context.newPage();
  await openApp(next);
  return next;
}

function handoffEntries(stored: StoredData) {
  return stored.entries.filter((entry) => entry.type === 'custom_message' && entry.customType === 'handoff');
}

/** Exactly the old session, whole and active, and nothing of the new one. */
async function expectOldSessionOnly(page: Page, oldId: string): Promise<void> {
  const stored = await readStoredData(page);
  expect(stored.sessions.map((s) => s.id)).toEqual([oldId]);
  expect(stored.sessions[0]?.children).toEqual([]);
  expect(handoffEntries(stored)).toEqual([]);
  expect(stored.entries.every((entry) => entry.sessionId === oldId)).toBe(true);
  const texts = stored.entries.map(storedText);
  expect(texts).toContain('Tell me about billing');
  expect(texts).toContain('Mock reply to: Tell me about billing');
  // The pointer is first written when the user moves between sessions; unset means the newest.
  expect([undefined, oldId]).toContain(stored.activeSessionId);

  await expect(sessionTitles(page)).toHaveText(['Tell me about billing']);
  await expect(activeSessionTitle(page)).toHaveText('Tell me about billing');
  await expect(userMessages(page).first()).toHaveText('Tell me about billing');
  await expect(assistantMessages(page).first()).toContainText('Mock reply to: Tell me about billing');
  await expect(handoffCard(page)).toHaveCount(0);
}

/** Exactly the old session and the complete new one: handoff entry, both links, active. */
async function expectCompleteNewSession(page: Page, oldId: string): Promise<void> {
  const stored = await readStoredData(page);
  expect(stored.sessions).toHaveLength(2);
  const parent = stored.sessions.find((s) => s.id === oldId);
  const child = stored.sessions.find((s) => s.id !== oldId);
  expect(child?.parentSession).toBe(oldId);
  expect(parent?.children).toEqual([child?.id]);
  const handoffs = handoffEntries(stored);
  expect(handoffs).toHaveLength(1);
  expect(handoffs[0]?.sessionId).toBe(child?.id);
  expect(child?.leafId).toBe(handoffs[0]?.id);
  expect(stored.entries.filter((entry) => entry.sessionId === child?.id)).toHaveLength(1);
  expect(stored.activeSessionId).toBe(child?.id);

  await expect(sessionTitles(page)).toHaveCount(2);
  await expect(activeSessionTitle(page)).toHaveText(/Ship the billing API · part 2$/);
  await expect(handoffCard(page)).toContainText('Ship the billing API');
}

for (const how of ['reload', 'close'] as const) {
  for (const step of ['after generation', 'inside the switch', 'just after the switch'] as const) {
    test(`a handoff cut ${step} by a ${how} leaves exactly one whole outcome`, async ({
      connected: page,
      context,
      mockApi,
    }) => {
      await exchange(page, 'Tell me about billing');
      const oldId = (await readStoredData(page)).sessions[0]?.id ?? '';
      expect(oldId).not.toBe('');

      await armHandoffCut(page, step);
      mockApi.script(textReply(handoffDocument('the billing API')));
      await send(page, '/handoff');
      await page.waitForFunction((s) => (window as HookWindow).__batonHookReached === s, step);
      if (step === 'inside the switch') {
        // The app saw the switch fail and stayed where it was, before any crash.
        await expect(page.getByRole('alert').getByText(/^Handoff failed/)).toBeVisible();
        await expectOldSessionOnly(page, oldId);
      }

      const after = await cut(page, context, how);
      if (step === 'just after the switch') await expectCompleteNewSession(after, oldId);
      else await expectOldSessionOnly(after, oldId);
      // And it stays so: a second start changes nothing.
      await after.reload();
      await expect(composer(after)).toBeVisible();
      if (step === 'just after the switch') await expectCompleteNewSession(after, oldId);
      else await expectOldSessionOnly(after, oldId);
    });
  }
}

test('closing the tab mid-reply keeps the question and the partial reply, marked interrupted', async ({
  connected: page,
  context,
  mockApi,
}) => {
  mockApi.script(stalledReply('Alpha bravo charlie delta'));
  await send(page, 'Spell the alphabet');
  await expect(assistantMessages(page).first()).toContainText('Alpha bravo charlie delta');
  await expect(page.getByTestId('agent-state')).toHaveText('Replying');
  // What was written is what must survive the close.
  await expect
    .poll(async () => (await readStoredData(page)).entries.map(storedText))
    .toContain('Alpha bravo charlie delta');

  await page.close();
  const next = await context.newPage();
  await openApp(next);

  await expect(userMessages(next)).toHaveText(['Spell the alphabet']);
  const reply = assistantMessages(next).first();
  await expect(reply).toHaveAttribute('data-stop-reason', 'interrupted');
  await expect(reply).toContainText('Alpha bravo charlie delta');
  await expect(next.getByTestId('agent-state')).toHaveText('Ready');
});

test('pending writes are flushed when the page is hidden', async ({ page, mockApi }) => {
  // Timed writes every ten minutes: within the test only a flush can write the reply.
  await page.addInitScript(() => {
    (window as HookWindow).__batonTestHooks = { writeIntervalMs: 600_000 };
  });
  await connect(page, mockApi);
  mockApi.script(stalledReply('Alpha bravo charlie delta'));
  await send(page, 'Spell the alphabet');
  await expect(assistantMessages(page).first()).toContainText('Alpha bravo charlie delta');
  // Not stored yet: the queue holds it until its (ten-minute) timer or a flush.
  const stored = await readStoredData(page);
  expect(stored.entries.map(storedText).join('\n')).not.toContain('Alpha bravo charlie delta');

  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });

  await expect
    .poll(async () => (await readStoredData(page)).entries.map(storedText))
    .toContain('Alpha bravo charlie delta');
});

test('a reload before the switch to another session is stored still opens that session', async ({
  page,
  mockApi,
}) => {
  await connect(page, mockApi);
  await exchange(page, 'First session question');
  await page.getByRole('button', { name: 'New session', exact: true }).click();
  // The new session shows empty before its first exchange (exchange counts the replies shown).
  await expect(userMessages(page)).toHaveCount(0);
  await exchange(page, 'Second session question');
  await expect(activeSessionTitle(page)).toHaveText('Second session question');

  // A disk too slow to store the switch before the reload.
  await holdEveryWrite(page);
  await sessionTitles(page).filter({ hasText: 'First session question' }).click();
  await expect(activeSessionTitle(page)).toHaveText('First session question');
  await expect(userMessages(page)).toHaveText(['First session question']);
  const stored = await readStoredData(page);
  expect(stored.activeSessionId).not.toBe(
    stored.sessions.find((s) => s.title === 'First session question')?.id,
  );

  await cut(page, page.context(), 'reload');
  await expect(activeSessionTitle(page)).toHaveText('First session question');
  await expect(userMessages(page)).toHaveText(['First session question']);
  // Once the pointer is stored, the note has done its job and is gone.
  await expect
    .poll(async () => {
      const now = await readStoredData(page);
      return now.sessions.find((s) => s.id === now.activeSessionId)?.title;
    })
    .toBe('First session question');
});

for (const how of ['reload', 'close'] as const) {
  test(`a reply that ended just before a ${how}, nothing of it stored yet, is there after it`, async ({
    page,
    context,
    mockApi,
  }) => {
    await connect(page, mockApi);
    // A disk too slow to store anything before the page ends.
    await holdEveryWrite(page);
    await exchange(page, 'Tell me about billing');
    expect((await readStoredData(page)).entries).toEqual([]);

    const after = await cut(page, context, how);
    await expect(userMessages(after)).toHaveText(['Tell me about billing']);
    const reply = assistantMessages(after);
    await expect(reply).toHaveCount(1);
    await expect(reply).toContainText('Mock reply to: Tell me about billing');
    await expect(reply).toHaveAttribute('data-stop-reason', 'end_turn');
    // Stored by the start, and the page's note of it gone.
    const stored = await readStoredData(after);
    expect(stored.entries.map(storedText).sort()).toEqual([
      'Mock reply to: Tell me about billing',
      'Tell me about billing',
    ]);
    expect(
      await after.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith('baton.unsavedWrites')),
      ),
    ).toEqual([]);
    await exchange(after, 'And after that?');
    await expect(userMessages(after)).toHaveText(['Tell me about billing', 'And after that?']);
  });
}

test('a reply cut off mid-way by a reload, nothing of it stored yet, is kept and marked interrupted', async ({
  page,
  mockApi,
}) => {
  await connect(page, mockApi);
  await holdEveryWrite(page);
  mockApi.script(stalledReply('Alpha bravo charlie delta'));
  await send(page, 'Spell the alphabet');
  await expect(assistantMessages(page).first()).toContainText('Alpha bravo charlie delta');
  expect((await readStoredData(page)).entries).toEqual([]);

  await cut(page, page.context(), 'reload');
  await expect(userMessages(page)).toHaveText(['Spell the alphabet']);
  const reply = assistantMessages(page).first();
  await expect(reply).toHaveAttribute('data-stop-reason', 'interrupted');
  await expect(reply).toContainText('Alpha bravo charlie delta');
  await expect(page.getByTestId('agent-state')).toHaveText('Ready');
});
