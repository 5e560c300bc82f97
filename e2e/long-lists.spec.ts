/**
 * Long lists: a session of thousands of messages and a sidebar of thousands of sessions
 * keep only a window of rows in the DOM (virtual lists), and still behave as before: a
 * session opens at its newest message, the top is reachable, the reply is followed only
 * while the reader is at the bottom, and the open session is shown and selectable in the
 * sidebar wherever it sits in the list.
 *
 * The data is written straight into IndexedDB (as seedSession in helpers.ts does): typing
 * 2,000 messages through the UI would take minutes. No timings are asserted here;
 * `npm run bench` measures those.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  assistantMessages,
  composer,
  holdNextModelRequest,
  openApp,
  send,
  sessionList,
  sessionTitles,
  stalledReply,
  userMessages,
  waitIdle,
} from './helpers';

test.describe.configure({ timeout: 180_000 });
/** Far fewer than the messages or sessions seeded: the lists render only what is near the viewport. */
const MAX_ROWS_IN_DOM = 100;

/** A zero-padded number, so that "#0001" never matches inside "#0010". */
function tag(index: number): string {
  return `#${String(index).padStart(4, '0')}`;
}

/** Every fifth seeded message is long enough to wrap over several lines: rows of mixed heights. */
const FILLER = 'A longer message that wraps over several lines. '.repeat(12);

interface SeedPlan {
  /** Sessions, newest first: session 0 has the latest updatedAt. */
  sessions: number;
  /** Messages in each session (user and assistant in turn), except the big one. */
  messagesEach: number;
  /** The session that holds many messages ("Message #0000." and on), if any. */
  big?: { index: number; messages: number };
  /** The session to open after the reload. */
  active: number;
}

/**
 * Writes the sessions straight into the app's IndexedDB, in the shape the app stores
 * (see seedSession in helpers.ts), makes one active and reloads. The records are built
 * inside the page: sending 100,000 objects over the protocol would be slower than writing them.
 */
async function seed(page: Page, plan: SeedPlan): Promise<void> {
  await page.evaluate(
    async ({ plan, filler }) => {
      const pad = (index: number) => `#${String(index).padStart(4, '0')}`;
      const text = (index: number) => `Message ${pad(index)}.${index % 5 === 0 ? ` ${filler}` : ''}`;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('baton');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction(['sessions', 'entries', 'settings'], 'readwrite');
      const now = Date.now();
      for (let s = 0; s < plan.sessions; s++) {
        const id = `seeded-${s}`;
        const big = plan.big?.index === s;
        const count = big ? (plan.big?.messages ?? 0) : plan.messagesEach;
        // Older sessions were written earlier, so the list order is session 0 first.
        const start = now - (s + 1) * 1_000_000;
        let parentId: string | null = null;
        for (let m = 0; m < count; m++) {
          const entryId = `${id}-entry-${m}`;
          const role = m % 2 === 0 ? 'user' : 'assistant';
          tx.objectStore('entries').put({
            id: entryId,
            parentId,
            sessionId: id,
            timestamp: start + m,
            type: 'message',
            message: {
              role,
              content: [
                {
                  type: 'text',
                  text: big ? text(m) : `${role === 'user' ? 'Question' : 'Answer'} of ${pad(s)}`,
                },
              ],
              ...(role === 'assistant' && { stopReason: 'end_turn' }),
            },
          });
          parentId = entryId;
        }
        tx.objectStore('sessions').put({
          id,
          title: `Session ${pad(s)}`,
          createdAt: start,
          updatedAt: start + count,
          model: 'claude-test',
          leafId: parentId,
          children: [],
        });
      }
      tx.objectStore('settings').put(`seeded-${plan.active}`, 'activeSessionId');
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      });
      db.close();
    },
    { plan, filler: FILLER },
  );
  await page.reload();
  await expect(composer(page)).toBeVisible();
  await expect(activeSessionTitle(page)).toHaveText(`Session ${tag(plan.active)}`);
}

/** One session of `messages` messages, open. */
async function seedLongSession(page: Page, messages: number): Promise<void> {
  await seed(page, { sessions: 1, messagesEach: 0, big: { index: 0, messages }, active: 0 });
}

function chatScroller(page: Page) {
  return page.locator('.chat');
}

/** How far the chat is scrolled from its bottom, in px. */
function distanceFromBottom(page: Page): Promise<number> {
  return chatScroller(page).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
}

/** The seeded message `index` (a user message when even, the assistant's when odd). */
function seededMessage(page: Page, index: number) {
  return page.getByRole('article').filter({ hasText: `Message ${tag(index)}.` });
}

/** Paragraphs of a long reply, the last one easy to find. */
function longReply(paragraphs: number): string {
  return Array.from(
    { length: paragraphs },
    (_, i) => `Paragraph ${i + 1} of the reply, long enough to take a line of its own in the chat.`,
  ).join('\n\n');
}

test('a 2,000-message session opens at its newest message with only a window of it in the DOM', async ({
  page,
}) => {
  await openApp(page);
  await seedLongSession(page, 2000);

  await expect(seededMessage(page, 1999)).toBeInViewport();
  await expect.poll(() => distanceFromBottom(page)).toBeLessThanOrEqual(2);
  expect(await page.getByRole('article').count()).toBeLessThan(MAX_ROWS_IN_DOM);
  // Messages keep their names: the reader of a screen reader hears who said what.
  await expect(seededMessage(page, 1999)).toHaveAccessibleName('Assistant');
  await expect(seededMessage(page, 1998)).toHaveAccessibleName('You');

  // The top of the session is reachable, and shows the first message, once the older
  // history has been read (the session cost is summed then; until then it says "still counting").
  await expect(page.getByRole('button', { name: /^Session cost: / })).not.toHaveAccessibleName(
    /still counting/,
  );
  await chatScroller(page).evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(seededMessage(page, 0)).toBeInViewport();
  await expect(seededMessage(page, 1999)).toHaveCount(0);
  expect(await page.getByRole('article').count()).toBeLessThan(MAX_ROWS_IN_DOM);

  // Halfway down by the scrollbar: the messages there, in order, and still only a window.
  await chatScroller(page).evaluate((el) => {
    el.scrollTop = el.scrollHeight / 2;
  });
  const shownNumbers = () =>
    page
      .getByRole('article')
      .evaluateAll((articles) =>
        articles.map((a) => Number(/Message #(\d{4})\./.exec(a.textContent ?? '')?.[1] ?? Number.NaN)),
      );
  await expect.poll(async () => (await shownNumbers())[0]).toBeGreaterThan(200);
  const shown = await shownNumbers();
  expect(shown[0]).toBeLessThan(1800);
  expect(shown.length).toBeLessThan(MAX_ROWS_IN_DOM);
  for (let i = 1; i < shown.length; i++) expect(shown[i]).toBe((shown[i - 1] ?? 0) + 1);
});

test('opening a long session shows its newest message at once, and it stays put while the rest loads', async ({
  page,
}) => {
  await openApp(page);
  // The long session and a small one, open: the long one is opened from the sidebar.
  await seed(page, { sessions: 2, messagesEach: 2, big: { index: 1, messages: 2000 }, active: 0 });
  await expect(userMessages(page)).toHaveText([`Question of ${tag(0)}`]);

  // Every frame from the click on: where the newest message sits in the chat, if shown.
  await page.evaluate(() => {
    const frames: Array<number | null> = [];
    Object.assign(window, { seenFrames: frames });
    const sample = () => {
      const chat = document.querySelector('.chat');
      const newest = [...(chat?.querySelectorAll('article') ?? [])].find((a) =>
        a.textContent?.startsWith('Message #1999.'),
      );
      frames.push(
        chat && newest ? newest.getBoundingClientRect().top - chat.getBoundingClientRect().top : null,
      );
      if (frames.length < 100_000) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await sessionTitles(page)
    .filter({ hasText: `Session ${tag(1)}` })
    .click();
  await expect(seededMessage(page, 1999)).toBeInViewport();
  // The newest part is painted first, then the whole session: wait for all of it.
  await expect.poll(() => chatScroller(page).evaluate((el) => el.scrollHeight)).toBeGreaterThan(50_000);
  await expect.poll(() => distanceFromBottom(page)).toBeLessThanOrEqual(2);

  const frames = await page.evaluate(
    () => (window as unknown as { seenFrames: Array<number | null> }).seenFrames,
  );
  const first = frames.findIndex((top) => top !== null);
  const shown = frames.slice(first).map((top) => (top === null ? null : Math.round(top)));
  // Once painted, the newest message never left the screen or moved, not even for a frame.
  expect(first).toBeGreaterThanOrEqual(0);
  expect(new Set(shown)).toEqual(new Set([shown[0]]));
});

test('a reply into a long session is followed at the bottom, and leaves a reader who scrolled up in place', async ({
  connected: page,
  mockApi,
}) => {
  await seedLongSession(page, 2000);
  await expect(seededMessage(page, 1999)).toBeInViewport();

  // At the bottom: the reply is followed as it grows, down to its last paragraph.
  mockApi.script(stalledReply(longReply(30)));
  await send(page, 'Write a long answer');
  const reply = assistantMessages(page).last();
  await expect(reply).toContainText('Paragraph 30 of the reply');
  await expect(reply.getByText('Paragraph 30 of the reply')).toBeInViewport();
  await expect.poll(() => distanceFromBottom(page)).toBeLessThanOrEqual(2);
  await page.keyboard.press('Escape');
  await waitIdle(page);
  await expect(reply).toHaveAttribute('data-stop-reason', 'aborted');
  await expect.poll(() => distanceFromBottom(page)).toBeLessThanOrEqual(2);

  // Scrolled up a little while the next reply is on its way: the reply grows below the
  // reader, and what they read does not move.
  const held = await holdNextModelRequest(page, mockApi);
  mockApi.script(stalledReply(longReply(30)));
  await send(page, 'Another long answer');
  await expect(userMessages(page).last()).toHaveText('Another long answer');
  await expect.poll(() => distanceFromBottom(page)).toBeLessThanOrEqual(2);
  await chatScroller(page).evaluate((el) => {
    el.scrollTop -= 600;
  });
  await expect.poll(() => distanceFromBottom(page)).toBeGreaterThan(500);
  const before = await readingPosition(page);

  held.release();
  await expect(page.getByTestId('agent-state')).toHaveText('Replying');
  await expect(assistantMessages(page).last()).toContainText('Paragraph 30 of the reply');
  expect(await readingPosition(page)).toEqual(before);
  await page.keyboard.press('Escape');
  await waitIdle(page);
  expect(await readingPosition(page)).toEqual(before);
  expect(await page.getByRole('article').count()).toBeLessThan(MAX_ROWS_IN_DOM);
});

/**
 * What the reader sees: the topmost message on screen and where its top is, relative to
 * the top of the chat. The scroll position itself may change (rows above measured for
 * the first time are compensated for); this must not. Read once the page is settled:
 * rows that have just come into range are measured within a frame or two.
 */
async function readingPosition(page: Page): Promise<{ text: string; top: number }> {
  const read = () =>
    chatScroller(page).evaluate(async (scroller) => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const view = scroller.getBoundingClientRect();
      const first = [...scroller.querySelectorAll('article')].find(
        (article) => article.getBoundingClientRect().bottom > view.top,
      );
      return {
        text: first?.textContent?.slice(0, 60) ?? '',
        top: Math.round((first?.getBoundingClientRect().top ?? 0) - view.top),
      };
    });
  let previous = await read();
  for (let i = 0; i < 20; i++) {
    const next = await read();
    if (next.text === previous.text && next.top === previous.top) return next;
    previous = next;
  }
  return previous;
}

test('2,000 sessions: a window of rows in the DOM, the open one shown and selectable wherever it sits', async ({
  page,
}) => {
  await openApp(page);
  // The open session is the oldest: the last row of the list.
  await seed(page, { sessions: 2000, messagesEach: 2, active: 1999 });
  const items = sessionList(page).getByRole('listitem');

  await expect(activeSessionTitle(page)).toBeInViewport();
  await expect(userMessages(page)).toHaveText([`Question of ${tag(1999)}`]);
  expect(await items.count()).toBeLessThan(MAX_ROWS_IN_DOM);
  // Each row says where it sits in the whole list, which the DOM alone no longer shows.
  const last = items.filter({ has: page.locator('[aria-current="page"]') });
  await expect(last).toHaveAttribute('aria-posinset', '2000');
  await expect(last).toHaveAttribute('aria-setsize', '2000');

  // A neighbour is selectable.
  await sessionTitles(page)
    .filter({ hasText: `Session ${tag(1998)}` })
    .click();
  await expect(activeSessionTitle(page)).toHaveText(`Session ${tag(1998)}`);
  await expect(userMessages(page)).toHaveText([`Question of ${tag(1998)}`]);

  // The far top of the list, reached by scrolling, opens too.
  await page.locator('.session-scroller').evaluate((el) => {
    el.scrollTop = 0;
  });
  await sessionTitles(page)
    .filter({ hasText: `Session ${tag(0)}` })
    .click();
  await expect(activeSessionTitle(page)).toHaveText(`Session ${tag(0)}`);
  await expect(activeSessionTitle(page)).toBeInViewport();
  await expect(userMessages(page)).toHaveText([`Question of ${tag(0)}`]);
  expect(await items.count()).toBeLessThan(MAX_ROWS_IN_DOM);
});

test('a session opened from far down the list works, and a rename survives scrolling away', async ({
  connected: page,
}) => {
  await seed(page, { sessions: 2000, messagesEach: 2, active: 0 });
  const scroller = page.locator('.session-scroller');
  const items = sessionList(page).getByRole('listitem');

  // Far down: scroll to the end of the list and open the last session.
  await scroller.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  const far = sessionTitles(page).filter({ hasText: `Session ${tag(1990)}` });
  await far.click();
  await expect(activeSessionTitle(page)).toHaveText(`Session ${tag(1990)}`);
  await expect(activeSessionTitle(page)).toBeInViewport();
  await expect(userMessages(page)).toHaveText([`Question of ${tag(1990)}`]);
  expect(await items.count()).toBeLessThan(MAX_ROWS_IN_DOM);

  // It works as any session does: a message and its reply.
  await send(page, 'Still here?');
  await expect(assistantMessages(page).last()).toHaveText('Mock reply to: Still here?');
  await waitIdle(page);

  // Renaming a far row, then scrolling the list away: the field keeps its row, focus and text.
  const row = items.filter({ has: page.getByRole('button', { name: `Session ${tag(1985)}`, exact: true }) });
  await row.hover();
  await row.getByRole('button', { name: `Rename Session ${tag(1985)}` }).click();
  const field = sessionList(page).getByRole('textbox', { name: 'Session title' });
  await expect(field).toBeFocused();
  await field.fill('Renamed far down');
  await scroller.evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(sessionTitles(page).filter({ hasText: `Session ${tag(0)}` })).toBeInViewport();
  await expect(field).toBeFocused();
  await field.press('Enter');
  await scroller.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await expect(sessionTitles(page).filter({ hasText: 'Renamed far down' })).toHaveCount(1);
  expect(await items.count()).toBeLessThan(MAX_ROWS_IN_DOM);
});

/**
 * Holds the app's reads of messages: a readwrite transaction over the `entries` store,
 * kept open by one request after another, which IndexedDB makes every later transaction
 * over that store wait for. A slow disk, made certain. `release` lets it end.
 */
async function holdEntryReads(page: Page): Promise<{ release(): Promise<void> }> {
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('baton');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const held = { on: true };
    const tx = db.transaction(['entries'], 'readwrite');
    const store = tx.objectStore('entries');
    const again = () => {
      if (held.on) store.get('no such entry').onsuccess = again;
    };
    again();
    const done = new Promise<void>((resolve) => {
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
    });
    Object.assign(window, {
      releaseEntryReads: () => {
        held.on = false;
        return done;
      },
    });
  });
  return {
    release: () =>
      page.evaluate(() =>
        (window as unknown as { releaseEntryReads: () => Promise<void> }).releaseEntryReads(),
      ),
  };
}

/** Clicks a session's title from inside the page, and says what the next frame will paint. */
function clickAndSeeNextFrame(page: Page, title: string) {
  return page.evaluate((title) => {
    const button = [...document.querySelectorAll('[aria-label="Sessions"] button')].find(
      (b) => b.textContent === title,
    );
    if (!(button instanceof HTMLElement)) throw new Error(`no session titled ${title}`);
    button.click();
    // A requestAnimationFrame callback runs just before the next frame is painted: what
    // the DOM holds then is what that frame shows.
    return new Promise<{ loading: string | null; status: string | null; messages: number }>((resolve) =>
      requestAnimationFrame(() =>
        resolve({
          loading: document.querySelector('.chat [role="status"]')?.getAttribute('aria-label') ?? null,
          status: document.querySelector('[data-testid="agent-state"]')?.textContent ?? null,
          messages: document.querySelectorAll('.chat article').length,
        }),
      ),
    );
  }, title);
}

test('a session being opened shows its title and Loading… in the next frame, and a click on another leaves the stale load behind', async ({
  page,
}) => {
  // Which sessions' messages the app has asked IndexedDB for, in order: the first key of
  // each read over the entries' per-session index.
  await page.addInitScript(() => {
    const asked: string[] = [];
    Object.assign(window, { sessionsRead: asked });
    const openKeyCursor = IDBIndex.prototype.openKeyCursor;
    IDBIndex.prototype.openKeyCursor = function (
      this: IDBIndex,
      ...args: Parameters<IDBIndex['openKeyCursor']>
    ) {
      const [range] = args;
      if (range instanceof IDBKeyRange && Array.isArray(range.lower)) asked.push(String(range.lower[0]));
      return openKeyCursor.apply(this, args);
    };
  });
  const sessionsRead = () =>
    page.evaluate(() => (window as unknown as { sessionsRead: string[] }).sessionsRead);
  await openApp(page);
  await seed(page, { sessions: 3, messagesEach: 2, big: { index: 1, messages: 2000 }, active: 0 });
  await expect(userMessages(page)).toHaveText([`Question of ${tag(0)}`]);
  await waitIdle(page);
  // Whether the long session's messages are ever painted, from here on.
  await page.evaluate(() => {
    const seen = { big: false };
    Object.assign(window, { bigSeen: seen });
    const look = () => {
      if (document.querySelector('.chat')?.textContent?.includes('Message #')) seen.big = true;
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  const reads = await holdEntryReads(page);

  // The long session: its title, placeholder rows and Loading… in the very next frame,
  // the old session's messages gone, while its messages cannot be read yet.
  expect(await clickAndSeeNextFrame(page, `Session ${tag(1)}`)).toEqual({
    loading: `Loading Session ${tag(1)}`,
    status: 'Loading…',
    messages: 0,
  });
  await expect(page.getByRole('status', { name: `Loading Session ${tag(1)}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Session ${tag(1)}` })).toBeVisible();
  await expect(page.getByTestId('agent-state')).toHaveText('Loading…');

  await expect.poll(sessionsRead).toContain('seeded-1');

  // Changing one's mind: the other session shows as loading at once, and its read is
  // asked for while the first one's is still held, not queued behind it.
  expect(await clickAndSeeNextFrame(page, `Session ${tag(2)}`)).toEqual({
    loading: `Loading Session ${tag(2)}`,
    status: 'Loading…',
    messages: 0,
  });
  await expect.poll(sessionsRead).toContain('seeded-2');

  await reads.release();
  await expect(userMessages(page)).toHaveText([`Question of ${tag(2)}`]);
  await expect(activeSessionTitle(page)).toHaveText(`Session ${tag(2)}`);
  await expect(page.getByTestId('agent-state')).toHaveText('Ready');
  await waitIdle(page);
  // The stale load finished unheard: the long session was never shown.
  expect(await page.evaluate(() => (window as unknown as { bigSeen: { big: boolean } }).bigSeen.big)).toBe(
    false,
  );
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  // And it opens as usual when asked for again.
  await sessionTitles(page)
    .filter({ hasText: `Session ${tag(1)}` })
    .click();
  await expect(seededMessage(page, 1999)).toBeInViewport();
});
