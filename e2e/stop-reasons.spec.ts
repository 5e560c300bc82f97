/**
 * How each way a reply can end is shown and what it offers: a refusal (with or without
 * the API's explanation), a reply cut at the output token limit (Continue), a turn the
 * API paused (continued by itself), and text blocks split at citation boundaries.
 */
import { expect, test } from './fixtures';
import { assistantMessages, composer, exchange, send, statusNotice, waitIdle } from './helpers';
import type { MockApi } from './mock/mockApi';

const REFUSED_TEXT_RETURNED =
  'The model declined that message, so it will not be sent again. It is back in the message box to edit.';

/** The user texts of one recorded request, in order. */
function userTexts(mockApi: MockApi, index: number): string {
  return JSON.stringify(mockApi.messageRequests()[index]?.body.messages ?? []);
}

test('a refusal shows its explanation, gives the message back to edit, and is never sent again', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'A first question');
  mockApi.script({
    kind: 'reply',
    reply: {
      blocks: [],
      stopReason: 'refusal',
      refusal: { category: 'cyber', explanation: 'This looks like a request for working malware.' },
    },
  });
  await send(page, 'Write me a keylogger');
  await waitIdle(page);
  const reply = assistantMessages(page).last();
  await expect(reply).toHaveAttribute('data-stop-reason', 'refusal');
  await expect(reply).toContainText('This looks like a request for working malware.');
  await expect(statusNotice(page, REFUSED_TEXT_RETURNED)).toBeVisible();
  await expect(composer(page)).toHaveValue('Write me a keylogger');

  // Edited and sent: the refused turn is not in the request, neither merged nor on its own.
  await composer(page).fill('Explain how keyloggers are detected');
  await composer(page).press('Enter');
  // Its reply first: "Ready" alone can still be the state from before the send.
  await expect(assistantMessages(page)).toHaveCount(3);
  await waitIdle(page);
  const sent = userTexts(mockApi, 2);
  expect(sent).toContain('Explain how keyloggers are detected');
  expect(sent).not.toContain('Write me a keylogger');
  expect(sent).toContain('A first question');
});

test('a refusal without an explanation says so in a standard sentence', async ({
  connected: page,
  mockApi,
}) => {
  mockApi.script({ kind: 'reply', reply: { blocks: [], stopReason: 'refusal' } });
  await send(page, 'Something declined');
  await waitIdle(page);
  await expect(assistantMessages(page).last()).toContainText('The model declined to answer this message.');
});

test('a reply cut off at the output token limit offers Continue, which asks the model to go on', async ({
  connected: page,
  mockApi,
}) => {
  mockApi.script(
    {
      kind: 'reply',
      reply: {
        blocks: [{ type: 'text', text: 'The first half of a long answer' }],
        stopReason: 'max_tokens',
      },
    },
    { kind: 'reply', reply: { blocks: [{ type: 'text', text: 'and the second half.' }] } },
  );
  await exchange(page, 'A long answer, please');
  const cut = assistantMessages(page).last();
  await expect(cut).toContainText('Cut off at the output token limit');
  await cut.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(assistantMessages(page)).toHaveCount(2);
  await waitIdle(page);
  await expect(assistantMessages(page).last()).toContainText('and the second half.');
  // The request carried the cut reply and then the ask to go on.
  const sent = mockApi.messageRequests()[1]?.body.messages ?? [];
  expect(JSON.stringify(sent.at(-2))).toContain('The first half of a long answer');
  expect(JSON.stringify(sent.at(-1))).toContain('Continue exactly where you stopped.');
  // Once answered, the old reply offers Continue no more.
  await expect(cut.getByRole('button', { name: 'Continue', exact: true })).toHaveCount(0);
});

test('a turn the API paused is continued by itself, with a quiet note', async ({
  connected: page,
  mockApi,
}) => {
  mockApi.script(
    {
      kind: 'reply',
      reply: { blocks: [{ type: 'text', text: 'Searching for sources…' }], stopReason: 'pause_turn' },
    },
    { kind: 'reply', reply: { blocks: [{ type: 'text', text: 'Found three sources.' }] } },
  );
  await send(page, 'Research this');
  await expect(assistantMessages(page)).toHaveCount(2);
  await waitIdle(page);
  await expect(assistantMessages(page).first()).toContainText(
    'Paused by the API during a long turn, and continued.',
  );
  await expect(assistantMessages(page).last()).toContainText('Found three sources.');
  const continued = mockApi.messageRequests()[1]?.body.messages ?? [];
  expect(continued.at(-1)?.role).toBe('assistant');
  expect(JSON.stringify(continued.at(-1))).toContain('Searching for sources…');
});

test('text split at citation boundaries reads as one text', async ({ connected: page, mockApi }) => {
  mockApi.script({
    kind: 'reply',
    reply: {
      blocks: [
        { type: 'text', text: 'Key highlights include:\n\n- ' },
        { type: 'text', text: 'Revenue grew' },
        { type: 'text', text: ' by 12%.' },
      ],
    },
  });
  await exchange(page, 'Summarise the report');
  const item = assistantMessages(page).last().getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toHaveText('Revenue grew by 12%.');
});

test('web search citations show as numbered links after the cited text, with the sources listed', async ({
  connected: page,
  mockApi,
}) => {
  mockApi.script({
    kind: 'reply',
    reply: {
      blocks: [
        { type: 'text', text: 'The report says ' },
        {
          type: 'text',
          text: 'revenue grew 12%',
          webCitations: [
            { url: 'https://news.example/q3', title: 'Q3 results', cited_text: 'Revenue grew 12%' },
          ],
        },
        { type: 'text', text: ' while ' },
        {
          type: 'text',
          text: 'costs fell',
          webCitations: [
            { url: 'https://blog.example/costs', title: 'Cost notes', cited_text: 'costs fell' },
            { url: 'https://news.example/q3', title: 'Q3 results', cited_text: 'costs fell slightly' },
          ],
        },
        { type: 'text', text: '.' },
      ],
    },
  });
  await exchange(page, 'What does the report say?');
  const reply = assistantMessages(page).last();
  await expect(reply.locator('p')).toHaveText('The report says revenue grew 12%¹ while costs fell²¹.');
  const marks = reply.locator('p').getByRole('link');
  await expect(marks).toHaveText(['¹', '²', '¹']);
  await expect(marks.nth(0)).toHaveAttribute('href', 'https://news.example/q3');
  await expect(marks.nth(0)).toHaveAttribute('title', 'Source 1: Q3 results');
  await expect(marks.nth(1)).toHaveAttribute('href', 'https://blog.example/costs');
  const sources = reply.getByRole('list', { name: 'Sources' }).getByRole('link');
  await expect(sources).toHaveText(['Q3 results', 'Cost notes']);
  await expect(sources.first()).toHaveAttribute('href', 'https://news.example/q3');
});
