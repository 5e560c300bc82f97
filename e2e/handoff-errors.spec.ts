/**
 * Errors while a handoff document is written: every way the model API can fail (the
 * table in apiFaults.ts, shared with the mid-chat spec) ends in "Handoff failed" with its
 * sentence, said once, and the old session idle and answering the next message. And Esc
 * during a retry wait cancels the handoff. (A 529 and a dropped connection:
 * handoff-refusals.spec.ts.)
 */
import {
  cancelRetryWait,
  expectAnswersAgain,
  expectIdle,
  faultsDuring,
  RETRY_AFTER_S,
  shortenRequestTimeout,
} from './apiFaults';
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  alertNotice,
  connect,
  exchange,
  handoffCard,
  handoffProgress,
  send,
  sessionTitles,
  TEST_KEY,
} from './helpers';

const TITLE = 'Tell me about billing';

for (const fault of faultsDuring('handoff')) {
  test(`mid-handoff, ${fault.name}: "Handoff failed" with its sentence, old session idle and usable`, async ({
    page,
    context,
    mockApi,
  }) => {
    if (fault.shortTimeout) await shortenRequestTimeout(page);
    await connect(page, mockApi, { model: fault.model });
    await exchange(page, TITLE);
    const before = mockApi.requests.length;
    mockApi.script(...fault.steps);
    if (fault.offline) await context.setOffline(true);
    await send(page, '/handoff');

    await expect(alertNotice(page, `Handoff failed: ${fault.sentence}`)).toBeVisible({ timeout: 30_000 });
    // Said once, as the handoff's failure.
    await expect(alertNotice(page, fault.sentence)).toHaveCount(0);
    await expectIdle(page);
    await expect(handoffProgress(page)).toBeHidden();
    await expect(handoffCard(page)).toHaveCount(0);
    await expect(activeSessionTitle(page)).toHaveText(TITLE);
    await expect(sessionTitles(page)).toHaveCount(1);
    expect(mockApi.requests).toHaveLength(before + fault.requests);
    await expect(page.locator('body')).not.toContainText(TEST_KEY);

    if (fault.offline) await context.setOffline(false);
    await expectAnswersAgain(page, mockApi);
  });
}

test('mid-handoff, Esc during a retry wait cancels the handoff: no retry reaches the API', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, TITLE);
  mockApi.script({ kind: 'status', status: 529, retryAfterSeconds: RETRY_AFTER_S });
  await send(page, '/handoff');
  await cancelRetryWait(page, mockApi);
  await expect(handoffProgress(page)).toBeHidden();
  expect(mockApi.requests).toHaveLength(2);
  await expect(sessionTitles(page)).toHaveCount(1);
  await expectAnswersAgain(page, mockApi);
});
