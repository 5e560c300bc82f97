/**
 * Foundation issue, errors: every way the model API can fail shows its own sentence in
 * the alert region, and the app is ready for the next message afterwards.
 *
 * The sentences are copied from src/llm/errorMessages.ts on purpose: what the user reads
 * is the behaviour under test, so a change to it must show up here.
 */
import { createServer } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  alertNotice,
  assistantMessages,
  composer,
  fillSettings,
  openApp,
  recordedPageErrors,
  recordPageErrors,
  send,
  TEST_KEY,
  waitIdle,
} from './helpers';
import type { MockApi, MockStep } from './mock/mockApi';

test.beforeEach(({ page }) => recordPageErrors(page));
test.afterEach(({ page }) => {
  expect(recordedPageErrors(page)).toEqual([]);
});

interface ErrorCase {
  name: string;
  steps: MockStep[];
  sentence: string;
  /** How many requests the SDK makes before giving up (its retries included). */
  requests: number;
  /** Text streamed before the failure, which must stay visible. */
  partial?: string;
  model?: string;
}

const CASES: ErrorCase[] = [
  {
    name: '401 invalid key',
    steps: [{ kind: 'status', status: 401 }],
    sentence: 'The API key was rejected. Check it in Settings.',
    requests: 1,
  },
  {
    name: '403 permission denied',
    steps: [{ kind: 'status', status: 403 }],
    sentence:
      'The API key is not allowed to make this request. Check its permissions in the Anthropic Console.',
    requests: 1,
  },
  {
    name: '404 unknown model',
    steps: [{ kind: 'status', status: 404 }],
    model: 'claude-does-not-exist-9',
    sentence:
      'The model "claude-does-not-exist-9" was not found. Pick another model, or check the API base URL.',
    requests: 1,
  },
  {
    name: '429 rate limited, with retry-after',
    steps: [{ kind: 'status', status: 429, retryAfterSeconds: 7, shouldRetry: false }],
    sentence: 'Too many requests: the API asks to wait 7 seconds before trying again.',
    requests: 1,
  },
  {
    name: '500 internal error',
    steps: [{ kind: 'status', status: 500, shouldRetry: false }],
    sentence: 'The model API had an internal error (500). Try again in a moment.',
    requests: 1,
  },
  {
    // No shouldRetry: the SDK retries a 529 twice, and the third answer is the one shown.
    name: '529 overloaded, after the SDK retries',
    steps: [{ kind: 'status', status: 529, repeat: 3 }],
    sentence: 'The model is overloaded right now. Try again in a moment.',
    requests: 3,
  },
  {
    name: 'a mid-stream error event',
    steps: [{ kind: 'stream-error', afterText: 'The first half of an answer', delayMsPerEvent: 20 }],
    sentence: 'The model is overloaded right now. Try again in a moment.',
    partial: 'The first half of an answer',
    requests: 1,
  },
  {
    name: 'a connection dropped mid-reply',
    // Chromium throws away body chunks the page has not read yet when the socket dies: on a
    // loaded machine the default 100 ms before the drop can be too short to read them.
    steps: [
      {
        kind: 'drop',
        afterText: 'Half a reply before the line went',
        delayMsPerEvent: 20,
        dropDelayMs: 1500,
      },
    ],
    sentence: 'The connection dropped in the middle of the reply.',
    partial: 'Half a reply before the line went',
    requests: 1,
  },
  {
    name: 'an organisation that forbids browser access',
    steps: [{ kind: 'cors-forbidden' }],
    sentence:
      'Your organisation does not allow API calls from a browser. Ask an admin to allow browser access, or use a key from another organisation.',
    requests: 1,
  },
];

/** Idle again: Ready, no Stop button, and the composer takes a new message. */
async function expectIdle(page: Page): Promise<void> {
  await waitIdle(page);
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  await expect(composer(page)).toBeEditable();
  await expect(composer(page)).toHaveValue('');
}

async function configure(page: Page, mockApi: MockApi, model?: string): Promise<void> {
  await fillSettings(page, { apiKey: TEST_KEY, baseURL: mockApi.url, ...(model && { model }) });
}

for (const c of CASES) {
  test(`${c.name}: its sentence is shown and the app is ready again`, async ({ page, mockApi }) => {
    mockApi.script(...c.steps);
    await openApp(page);
    await configure(page, mockApi, c.model);
    await send(page, 'Please answer');

    await expect(alertNotice(page, c.sentence)).toBeVisible();
    await expect(page.getByRole('alert').getByRole('button', { name: 'Dismiss' })).toHaveCount(1);
    await expectIdle(page);
    expect(mockApi.requests).toHaveLength(c.requests);
    const reply = assistantMessages(page).first();
    await expect(reply).toHaveAttribute('data-stop-reason', 'error');
    if (c.partial) await expect(reply.locator('.markdown')).toHaveText(c.partial);
    // Whatever the error, the key is never echoed onto the page.
    await expect(page.locator('body')).not.toContainText(TEST_KEY);

    // Nothing is left scripted: the mock's default reply answers the next message.
    await send(page, 'Are you there?');
    await expect(assistantMessages(page).last()).toHaveText(/^Mock reply to: .*Are you there\?\s*$/);
    await expectIdle(page);
    expect(mockApi.requests).toHaveLength(c.requests + 1);
    const retry = mockApi.requests.at(-1)?.body.messages?.at(-1);
    expect(retry?.role).toBe('user');
    expect(retry?.content).toEqual(expect.arrayContaining([{ type: 'text', text: 'Are you there?' }]));
  });
}

/** A local port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('network down: the base URL answers nothing, the sentence names the host', async ({ page }) => {
  const port = await closedPort();
  await openApp(page);
  await fillSettings(page, { apiKey: TEST_KEY, baseURL: `http://127.0.0.1:${port}` });
  await send(page, 'Hello?');
  await expect(
    alertNotice(
      page,
      `Could not reach the model API at 127.0.0.1:${port}. Check your connection or the API base URL.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('alert').getByRole('button', { name: 'Dismiss' })).toHaveCount(1);
  await expectIdle(page);
  await expect(assistantMessages(page).first()).toHaveAttribute('data-stop-reason', 'error');
});

test('an error notice can be dismissed', async ({ page, mockApi }) => {
  mockApi.script({ kind: 'status', status: 401 });
  await openApp(page);
  await configure(page, mockApi);
  await send(page, 'Please answer');
  const notice = alertNotice(page, 'The API key was rejected. Check it in Settings.');
  await expect(notice).toBeVisible();
  await page.getByRole('alert').getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByRole('alert')).toHaveText('');
});
