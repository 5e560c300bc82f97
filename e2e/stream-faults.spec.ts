/**
 * Replies that begin as a 200 and then are not a stream the app can finish, and what the
 * user reads for each (issue 12, findings 7 and 9): a stream that goes silent after its
 * head (mid-chat and mid-handoff), a web page or JSON where a stream was due, a garbled
 * event, a base URL the page's security policy blocks, and cancelled handoffs, which
 * must not travel on as context.
 *
 * The sentences are copied from src/llm/errorMessages.ts on purpose, as in apiFaults.ts.
 */
import type { Page } from '@playwright/test';
import { expectAnswersAgain, expectIdle } from './apiFaults';
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  alertNotice,
  assistantMessages,
  composer,
  connect,
  exchange,
  handoffCard,
  handoffDocument,
  handoffProgress,
  handoffRequest,
  send,
  sessionTitles,
  settingsDialog,
  stalledReply,
  statusNotice,
  TEST_KEY,
  waitIdle,
  withoutCacheMarks,
} from './helpers';

const TITLE = 'Tell me about billing';

/** The idle-stream timeout the app uses in these tests (the real one is a minute). */
const IDLE_MS = 1500;
const IDLE_SENTENCE =
  'The model API stopped sending the reply: nothing arrived for 1.5 seconds, so Baton closed the connection. Try again.';

/** Shortens the idle-stream timeout through the app's test hooks (src/state/app/testHooks.ts). */
async function shortenStreamIdleTimeout(page: Page): Promise<void> {
  await page.addInitScript((ms) => {
    const hooked = window as Window & { __batonTestHooks?: { streamIdleTimeoutMs?: number } };
    hooked.__batonTestHooks = { ...hooked.__batonTestHooks, streamIdleTimeoutMs: ms };
  }, IDLE_MS);
}

function hostOf(url: string): string {
  return new URL(url).host;
}

test.describe('a stream that goes silent after its 200 head', () => {
  test('mid-chat: the idle timeout ends it with its sentence, the partial text kept, and the app answers again', async ({
    page,
    mockApi,
  }) => {
    await shortenStreamIdleTimeout(page);
    await connect(page, mockApi);
    mockApi.script({ kind: 'silent-stream', afterText: 'The first half of an answer', delayMsPerEvent: 20 });
    await send(page, 'Please answer');

    await expect(alertNotice(page, IDLE_SENTENCE)).toBeVisible();
    await expectIdle(page);
    const reply = assistantMessages(page).first();
    await expect(reply).toHaveAttribute('data-stop-reason', 'error');
    await expect(reply.locator('.markdown')).toHaveText('The first half of an answer');
    // A stream that had begun is never sent again.
    expect(mockApi.requests).toHaveLength(1);
    await expectAnswersAgain(page, mockApi);
  });

  test('mid-handoff: "Handoff failed" with the sentence, the old session kept and usable', async ({
    page,
    mockApi,
  }) => {
    await shortenStreamIdleTimeout(page);
    await connect(page, mockApi);
    await exchange(page, TITLE);
    const before = mockApi.requests.length;
    mockApi.script({
      kind: 'silent-stream',
      afterText: '## Goal\nShip the billing API',
      delayMsPerEvent: 20,
    });
    await send(page, '/handoff');

    await expect(alertNotice(page, `Handoff failed: ${IDLE_SENTENCE}`)).toBeVisible();
    await expect(alertNotice(page, IDLE_SENTENCE)).toHaveCount(0);
    await expectIdle(page);
    await expect(handoffProgress(page)).toBeHidden();
    await expect(handoffCard(page)).toHaveCount(0);
    await expect(activeSessionTitle(page)).toHaveText(TITLE);
    await expect(sessionTitles(page)).toHaveCount(1);
    const partial = assistantMessages(page).last();
    await expect(partial).toHaveAttribute('data-stop-reason', 'error');
    await expect(partial).toContainText('Ship the billing API');
    expect(mockApi.requests.length - before).toBe(1);
    await expectAnswersAgain(page, mockApi);
  });
});

test.describe('a 200 that is not an event stream', () => {
  const answers = [
    {
      what: 'a web page',
      body: '<!doctype html><html><head><title>Sign in to the office proxy</title></head><body><form>…</form></body></html>',
      contentType: 'text/html; charset=utf-8',
      said: 'a web page instead of a stream: Sign in to the office proxy',
    },
    {
      what: 'JSON',
      body: '{"status":"ok","message":"Gateway is healthy"}',
      contentType: 'application/json',
      said: 'JSON instead of a stream: Gateway is healthy',
    },
  ];
  for (const answer of answers) {
    test(`${answer.what} says so and quotes its first line, not "the connection dropped"`, async ({
      connected: page,
      mockApi,
    }) => {
      mockApi.script({ kind: 'raw-status', status: 200, body: answer.body, contentType: answer.contentType });
      await send(page, 'Please answer');

      await expect(
        alertNotice(page, `The server at ${hostOf(mockApi.url)} answered with ${answer.said}`),
      ).toBeVisible();
      await expect(page.getByText(/connection dropped/)).toHaveCount(0);
      await expectIdle(page);
      await expect(assistantMessages(page).first()).toHaveAttribute('data-stop-reason', 'error');
      expect(mockApi.requests).toHaveLength(1);
      await expectAnswersAgain(page, mockApi);
    });
  }
});

test('a malformed stream is named as such, not as a JSON parser error, and keeps the text before it', async ({
  connected: page,
  mockApi,
}) => {
  mockApi.script({ kind: 'malformed-stream', afterText: 'The readable part', delayMsPerEvent: 20 });
  await send(page, 'Please answer');

  await expect(
    alertNotice(
      page,
      `The reply stream from ${hostOf(mockApi.url)} was malformed: an event in it could not be read as the model API's, so the reply stopped there.`,
    ),
  ).toBeVisible();
  await expectIdle(page);
  const reply = assistantMessages(page).first();
  // The parser's own words ("Expected ',' or '}' after property value in JSON…") nowhere.
  // Every alert region (the notices' and, since issue 24, the reply's own error) and the reply.
  for (const region of [...(await page.getByRole('alert').all()), reply])
    await expect(region).not.toContainText(/JSON|Unexpected|Expected/);
  await expect(reply).toHaveAttribute('data-stop-reason', 'error');
  await expect(reply.locator('.markdown')).toHaveText('The readable part');
  await expectAnswersAgain(page, mockApi);
});

test('an http:// base URL outside this machine is warned about in Settings, and its refusal names the policy', async ({
  connected: page,
  mockApi,
}) => {
  // TEST-NET-1: reachable by no one, and outside the page's connect-src in any case.
  const blocked = 'http://192.0.2.10:8080';
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = settingsDialog(page);
  const field = dialog.getByLabel('API base URL');
  // The mock's own address, on this machine, has nothing to warn about.
  await expect(field).toHaveValue(mockApi.url);
  await expect(dialog.getByText(/unencrypted|security policy/)).toHaveCount(0);

  await field.fill(blocked);
  await expect(
    dialog.getByText(
      'http:// sends your API key and conversation unencrypted to 192.0.2.10:8080. Use https:// unless that host is this machine.',
    ),
  ).toBeVisible();
  await expect(
    dialog.getByText(
      "This page's security policy (Content-Security-Policy connect-src) will block requests to 192.0.2.10:8080: Baton may call https:// addresses, and http:// only on localhost or 127.0.0.1.",
    ),
  ).toBeVisible();
  await expect(field).toHaveAccessibleDescription(/unencrypted.*security policy/);

  // The first Save says it will not work; the second keeps it, as the user insists.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog
      .getByRole('alert')
      .getByText(
        "Requests to 192.0.2.10:8080 will be blocked by this page's security policy, so the model cannot be reached there. Save again to keep this base URL anyway.",
      ),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await send(page, 'Hello?');
  await expect(
    alertNotice(
      page,
      "This page's security policy (Content-Security-Policy connect-src) blocked the request to 192.0.2.10:8080: Baton may call https:// addresses, and http:// only on localhost or 127.0.0.1. Change the API base URL in Settings.",
    ),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Could not reach the model API/)).toHaveCount(0);
  await expectIdle(page);
  // The question is kept, for the user to send again once the URL is fixed.
  await expect(page.getByRole('article', { name: 'You' }).first()).toContainText('Hello?');
  await expect(page.locator('body')).not.toContainText(TEST_KEY);
  expect(mockApi.requests).toHaveLength(0);
});

test('cancelled handoffs fold into a line each and are left out of the next request', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, TITLE);
  const half = `${handoffDocument('the billing API').split('## Progress')[0]}## Progress\n- Explained`;
  for (let attempt = 1; attempt <= 2; attempt++) {
    mockApi.script(stalledReply(half));
    await send(page, '/handoff');
    await expect(assistantMessages(page).last()).toContainText('Ship the billing API');
    await composer(page).press('Escape');
    await expect(statusNotice(page, 'Handoff cancelled').last()).toBeVisible();
    await waitIdle(page);
  }
  // Each attempt is one line; what it wrote opens from there.
  const lines = page.getByRole('region', { name: 'Cancelled handoff' });
  await expect(lines).toHaveCount(2);
  await expect(handoffRequest(page)).toHaveCount(0);
  await expect(assistantMessages(page).filter({ hasText: 'Ship the billing API' })).toHaveCount(0);
  await lines.last().getByRole('button', { name: 'Reopen' }).click();
  await expect(lines.last().getByRole('region', { name: 'Partial handoff document' })).toContainText(
    'Ship the billing API',
  );

  const before = mockApi.requests.length;
  await exchange(page, 'Still there?');
  expect(mockApi.requests).toHaveLength(before + 1);
  const sent = mockApi.requests.at(-1);
  expect(withoutCacheMarks(sent?.body.messages)).toEqual([
    { role: 'user', content: [{ type: 'text', text: TITLE }] },
    { role: 'assistant', content: [{ type: 'text', text: `Mock reply to: ${TITLE}` }] },
    { role: 'user', content: [{ type: 'text', text: 'Still there?' }] },
  ]);
  expect(sent?.rawBody).not.toContain('[Baton handoff request]');
  expect(sent?.rawBody).not.toContain('Ship the billing API');
});
