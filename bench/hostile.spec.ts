/**
 * `npm run bench`'s P10 to P13: replies and messages whose size or shape used to freeze
 * the page (issue 12, findings 5 and 6). Each figure is the longest main-thread task
 * (Chromium's Long Tasks API, from bench/lib/instrument.ts) while the message is shown,
 * streamed from the mock or sent from the message box, and while its session loads again
 * after a reload; the larger of the two. The baseline is the same, in the same page and
 * run, for ordinary prose of the same length (bench/baseline/content.ts). Target: no task
 * over 200 ms. See bench/README.md.
 */
import type { Page } from '@playwright/test';
import { textReply } from '../e2e/helpers';
import { makeRandom, messageText } from './baseline/content';
import { ACTIVE_SESSION_KEY, PENDING_MARKDOWN_SELECTOR } from './lib/appContract';
import { HOSTILE, QUICK, WAIT_MS } from './lib/config';
import {
  appSettings,
  type BenchEnv,
  composer,
  expect,
  MODEL,
  openBenchPage,
  progress,
  putSettings,
  seed,
  settle,
  test,
  writeResult,
} from './lib/fixtures';

test.describe.configure({ timeout: QUICK ? 5 * 60_000 : 30 * 60_000 });

/** A list nested one level deeper on every line (finding 5: 1 MB froze the page for 19 s). */
function nestedList(chars: number): string {
  let text = '';
  for (let depth = 0; text.length < chars; depth++) text += `${'  '.repeat(depth)}- item ${depth}\n`;
  return text.slice(0, chars);
}

/** Quotes nested one level deeper on every line (finding 5: 500 KB, 3.9 s). */
function nestedQuotes(chars: number): string {
  let text = '';
  for (let depth = 1; text.length < chars; depth++) text += `${'> '.repeat(depth)}quote ${depth}\n`;
  return text.slice(0, chars);
}

/** Ordinary chat prose of exactly `chars` characters: the baseline of every figure. */
function prose(chars: number, role: 'user' | 'assistant'): string {
  const random = makeRandom(1000 + chars);
  const parts: string[] = [];
  let length = 0;
  while (length < chars) {
    const part = messageText(random, role);
    parts.push(part);
    length += part.length + 2;
  }
  return parts.join('\n\n').slice(0, chars);
}

interface Figure {
  id: 'P10' | 'P11' | 'P12' | 'P13';
  what: string;
  /** Who says it: the model (streamed) or the user (pasted into the message box and sent). */
  role: 'assistant' | 'user';
  chars: number;
  make(chars: number): string;
}

const FIGURES: Figure[] = [
  { id: 'P10', what: 'a reply of a nested list', role: 'assistant', chars: 1_000_000, make: nestedList },
  { id: 'P11', what: 'a reply of nested quotes', role: 'assistant', chars: 500_000, make: nestedQuotes },
  {
    id: 'P12',
    what: 'a reply of one unbroken run of "A"',
    role: 'assistant',
    chars: 1_000_000,
    make: (n) => 'A'.repeat(n),
  },
  {
    id: 'P13',
    what: 'a pasted message of one unbroken run of "A"',
    role: 'user',
    chars: 499_017,
    make: (n) => 'A'.repeat(n),
  },
];

/** The longest long task that ended after `from` (page time), in ms; 0 if none. */
async function longestSince(page: Page, from: number): Promise<number> {
  return page.evaluate((since) => {
    const tasks = window.__bench?.longTasks ?? [];
    return Math.max(0, ...tasks.filter((t) => t.start + t.duration > since).map((t) => t.duration));
  }, from);
}

/**
 * Waits until the app is done with what the step started: no reply being written,
 * IndexedDB quiet, no markdown left for a later frame, then a moment for the last long
 * task to be reported.
 */
async function done(page: Page): Promise<void> {
  await settle(page, WAIT_MS);
  await page.waitForFunction((selector) => !document.querySelector(selector), PENDING_MARKDOWN_SELECTOR, {
    timeout: WAIT_MS,
    polling: 100,
  });
  await page.waitForTimeout(500);
}

function assistantCount(page: Page) {
  return page.locator('article[aria-label="Assistant"]');
}

/**
 * Fails the figure unless the page shows the message: a measurement of nothing is no
 * figure. Rendered markdown drops its syntax (`**`, list markers), hence 90%.
 */
async function expectShown(page: Page, figure: Figure, chars: number): Promise<void> {
  const label = figure.role === 'user' ? 'You' : 'Assistant';
  const shown = await page
    .locator(`article[aria-label="${label}"]`)
    .last()
    .evaluate((article) => article.textContent?.length ?? 0);
  if (shown < chars * 0.9) throw new Error(`${figure.id}: the page shows ${shown} characters of ${chars}`);
}

/**
 * One side of a repetition: opens `sessionId` (two seeded messages), shows `text` as the
 * figure's role would (the mock streams it, or it is pasted and sent), then reloads.
 */
async function measureSide(page: Page, env: BenchEnv, figure: Figure, sessionId: string, text: string) {
  await putSettings(page, [[ACTIVE_SESSION_KEY, sessionId]]);
  await page.goto('/');
  await expect(assistantCount(page)).toHaveCount(1, { timeout: WAIT_MS });
  await done(page);

  const from = await page.evaluate(() => performance.now());
  if (figure.role === 'assistant') {
    const deltas: string[] = [];
    for (let i = 0; i < text.length; i += 4000) deltas.push(text.slice(i, i + 4000));
    env.mock.script({ kind: 'bulk-reply', deltas });
    await composer(page).fill('Show it to me.');
  } else {
    env.mock.script(textReply('Received.'));
    // As a paste: the value set through the native setter, then an input event.
    await composer(page).evaluate((element, value) => {
      const area = element as HTMLTextAreaElement;
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(area, value);
      area.dispatchEvent(new Event('input', { bubbles: true }));
    }, text);
  }
  await composer(page).press('Enter');
  await expect(assistantCount(page)).toHaveCount(2, { timeout: WAIT_MS });
  await done(page);
  const shown = await longestSince(page, from);
  await expectShown(page, figure, text.length);

  await page.reload();
  await expect(assistantCount(page)).toHaveCount(2, { timeout: WAIT_MS });
  await done(page);
  const reload = await longestSince(page, 0);
  await expectShown(page, figure, text.length);
  return { ms: Math.max(shown, reload), shown, reload };
}

for (const figure of FIGURES) {
  test(`${figure.id}: longest task while ${figure.what} is shown and reloaded`, async ({ browser, env }) => {
    const chars = Math.round(figure.chars / HOSTILE.divide);
    const hostile = figure.make(chars);
    const ordinary = prose(chars, figure.role);
    const runs: unknown[] = [];
    for (let rep = 0; rep < HOSTILE.reps; rep++) {
      const bench = await openBenchPage(browser, env);
      const start = Date.now() - 3600_000;
      const sessions = ['baton', 'baseline'].map((side, i) => ({
        id: `bench-${figure.id}-${side}`,
        title: `Bench ${figure.id}: ${side}`,
        entries: 2,
        start: start + i * 10_000,
      }));
      await seed(bench.page, {
        seed: 1000 + rep,
        model: MODEL,
        sessions,
        settings: appSettings(env, sessions[0]?.id ?? ''),
      });
      // Measured in a browser started afresh on the profile: the sessions come from disk.
      const page = await bench.reopen();
      // Alternates which side goes first, so neither always meets a warmer page.
      const order: Array<'baton' | 'baseline'> =
        rep % 2 === 0 ? ['baton', 'baseline'] : ['baseline', 'baton'];
      const run: Record<string, unknown> = { rep, order };
      for (const side of order) {
        const sessionId = side === 'baton' ? `bench-${figure.id}-baton` : `bench-${figure.id}-baseline`;
        run[side] = await measureSide(page, env, figure, sessionId, side === 'baton' ? hostile : ordinary);
      }
      run.pageErrors = bench.errors;
      runs.push(run);
      const side = (key: string) => run[key] as { ms: number; shown: number; reload: number };
      progress(
        `${figure.id} repetition ${rep + 1}/${HOSTILE.reps}: longest task ${Math.round(side('baton').ms)} ms ` +
          `(shown ${Math.round(side('baton').shown)}, reload ${Math.round(side('baton').reload)}), ` +
          `ordinary prose ${Math.round(side('baseline').ms)} ms`,
      );
      await bench.close();
    }
    writeResult(figure.id, {
      id: figure.id,
      chromium: browser.version(),
      what: figure.what,
      role: figure.role,
      chars,
      runs,
    });
  });
}
