/**
 * Recall across a handoff chain, in Chromium against the mock API: a session two
 * handoffs down calls the recall tool, the next request carries a tool_result holding a
 * fact said only in the grandparent, the chat shows "Looked up: …" with a link that opens
 * the grandparent at that message; and the sidebar's search finds a message by a word in
 * it and opens it with Enter.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  assistantMessages,
  composer,
  requestText,
  send,
  textReply,
  waitIdle,
} from './helpers';
import type { MockStep } from './mock/mockApi';

const FACT = 'We deployed the billing service to /srv/billing-v2 behind port 9143.';
const GRANDPARENT = 'Ship the billing service';
const PARENT = 'Ship the billing service · part 2';
const CHILD = 'Ship the billing service · part 3';

interface Seeded {
  id: string;
  title: string;
  parentSession?: string;
  children: string[];
  entries: Array<{ kind: 'user' | 'assistant' | 'handoff'; text: string }>;
}

const SESSIONS: Seeded[] = [
  {
    id: 'sess-gp',
    title: GRANDPARENT,
    children: ['sess-p'],
    entries: [
      { kind: 'user', text: 'Get the billing service live, please.' },
      { kind: 'assistant', text: FACT },
      // Enough turns after it that the fact is beyond the newest page the app paints first.
      ...Array.from({ length: 140 }, (_, i) => ({
        kind: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
        text: `Step ${i} of the rollout checklist.`,
      })),
    ],
  },
  {
    id: 'sess-p',
    title: PARENT,
    parentSession: 'sess-gp',
    children: ['sess-c'],
    entries: [
      { kind: 'handoff', text: '<handoff-context>\n## Goal\nKeep billing running.\n</handoff-context>' },
      { kind: 'user', text: 'The flamingo dashboard needs a latency panel.' },
      { kind: 'assistant', text: 'Added the panel.' },
    ],
  },
  {
    id: 'sess-c',
    title: CHILD,
    parentSession: 'sess-p',
    children: [],
    entries: [
      { kind: 'handoff', text: '<handoff-context>\n## Goal\nMetrics for billing.\n</handoff-context>' },
    ],
  },
];

/** The open session is `title` (a handed-off one shows with a ↪ before its title). */
async function expectOpen(page: Page, title: string): Promise<void> {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(activeSessionTitle(page)).toHaveText(new RegExp(`^(↪ )?${escaped}$`));
}

/** The chain, written straight into IndexedDB with the child as the active session. */
async function seedChain(page: Page): Promise<void> {
  await page.evaluate(async (sessions) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('baton');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tx = db.transaction(['sessions', 'entries', 'settings'], 'readwrite');
    let time = Date.now() - 1_000_000;
    for (const session of sessions) {
      const start = time;
      let parentId: string | null = null;
      session.entries.forEach((entry, index) => {
        const id = `${session.id}-entry-${index}`;
        const base = { id, parentId, sessionId: session.id, timestamp: time++ };
        tx.objectStore('entries').put(
          entry.kind === 'handoff'
            ? { ...base, type: 'custom_message', customType: 'handoff', content: entry.text, display: true }
            : {
                ...base,
                type: 'message',
                message: {
                  role: entry.kind,
                  content: [{ type: 'text', text: entry.text }],
                  ...(entry.kind === 'assistant' && { stopReason: 'end_turn' }),
                },
              },
        );
        parentId = id;
      });
      tx.objectStore('sessions').put({
        id: session.id,
        title: session.title,
        createdAt: start,
        updatedAt: time++,
        model: 'claude-test',
        leafId: parentId,
        children: session.children,
        ...(session.parentSession && { parentSession: session.parentSession }),
      });
    }
    tx.objectStore('settings').put('sess-c', 'activeSessionId');
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(tx.error);
    });
    db.close();
  }, SESSIONS);
  await page.reload();
  await expectOpen(page, CHILD);
  await expect(composer(page)).toBeEnabled();
}

function recallCall(query: string): MockStep {
  return {
    kind: 'reply',
    reply: { blocks: [{ type: 'tool_use', id: 'toolu_recall_1', name: 'recall', input: { query } }] },
  };
}

test('recall finds a fact in the grandparent, and its link opens that message', async ({
  connected: page,
  mockApi,
}) => {
  await seedChain(page);
  mockApi.script(recallCall('where was billing deploying'), textReply('It is at /srv/billing-v2.'));
  await send(page, 'Where did billing go?');
  await mockApi.waitForRequests(2);
  await expect(assistantMessages(page).last()).toHaveText('It is at /srv/billing-v2.');
  await waitIdle(page);

  const [first, second] = mockApi.messageRequests();
  const tools = (first?.body.tools ?? []) as Array<{ name?: string }>; // the mock parses the body; tools are objects
  expect(tools.map((tool) => tool.name)).toContain('recall');
  const results = JSON.stringify(second?.body.messages ?? []);
  expect(requestText(second?.body)).toContain('tool_result');
  expect(results).toContain('/srv/billing-v2 behind port 9143');

  const lookedUp = page.locator('.recall-call');
  await expect(lookedUp).toContainText(/Looked up: where was billing deploying — \d+ passages? from/);
  await expect(lookedUp).toContainText(GRANDPARENT);
  await lookedUp
    .getByRole('button', { name: `${GRANDPARENT}: a reply` })
    .first()
    .click();
  await expectOpen(page, GRANDPARENT);
  const highlighted = page.locator('[aria-current="location"]');
  await expect(highlighted).toHaveCount(1);
  await expect(highlighted).toContainText(FACT);
  await expect(highlighted).toBeInViewport();
});

test('the sidebar search finds a message by a word in it, and Enter opens it', async ({
  connected: page,
}) => {
  await seedChain(page);
  const search = page.getByRole('searchbox', { name: 'Search sessions' });
  await search.fill('flamingo');
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('button', { name: /flamingo dashboard/ })).toBeVisible();
  await expect(results.getByRole('region', { name: PARENT })).toBeVisible();
  await search.press('Enter');
  await expectOpen(page, PARENT);
  const highlighted = page.locator('[aria-current="location"]');
  await expect(highlighted).toHaveCount(1);
  await expect(highlighted).toContainText('The flamingo dashboard needs a latency panel.');

  // A title matches too: clicking the session's name opens it.
  await search.fill('part 3');
  await results.getByRole('button', { name: CHILD }).click();
  await expectOpen(page, CHILD);
});

test('a pasted word of 65,000 characters (or 1 MB) is searched by its beginning, and the sidebar says so', async ({
  connected: page,
}) => {
  await seedChain(page);
  const search = page.getByRole('searchbox', { name: 'Search sessions' });
  const results = page.getByRole('region', { name: 'Search results' });
  await search.fill(`flamingo ${'q'.repeat(65_000)}`);
  await expect(results.getByText('Searched for the first 200 characters of your query.')).toBeVisible();
  await expect(results.getByRole('button', { name: /flamingo dashboard/ })).toBeVisible();

  await search.fill('z'.repeat(1_000_000));
  await expect(results.getByText('Searched for the first 200 characters of your query.')).toBeVisible();
  await expect(results.getByText(/^No session mentions “z+…”\.$/)).toBeVisible();
  await expect(page.getByText(/Invalid typed array length|Search failed/)).toHaveCount(0);
});
