/**
 * Handoff when the conversation no longer fits the model's window, through the UI
 * against the mock Messages API with a small window (it refuses any request over M
 * tokens with the API's own 400 "prompt is too long: N tokens > M maximum").
 */
import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { CONDENSE_PROMPT_MARKER } from '../src/core/handoff/condensePrompt';
import { HANDOFF_PROMPT_MARKER } from '../src/core/handoff/handoffPrompt';
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  alertNotice,
  assistantMessages,
  chooseImportFile,
  composer,
  exchange,
  handoffCard,
  handoffProgress,
  NEW_SESSION_NOTICE,
  openApp,
  readStoredData,
  send,
  sessionTitles,
  settingsDialog,
  settingsSection,
  statusNotice,
  storedText,
  waitIdle,
} from './helpers';
import { type MockApi, mockTokenCount, type RecordedRequest } from './mock/mockApi';

const MODEL = 'claude-sonnet-4-5';

// Long sessions, imports and several model round trips; a loaded machine needs room.
test.describe.configure({ timeout: 120_000 });
test.use({ connection: { model: MODEL } });

function meter(page: Page) {
  return page.getByRole('meter', { name: 'Context used' });
}

function overflowSentence(tokens: number, limit: number): string {
  const group = (n: number) => n.toLocaleString('en-US');
  return `This conversation no longer fits the model's context (${group(tokens)} of ${group(limit)} tokens).`;
}

/** Requests whose last user text starts with `marker`. */
function requestsMarked(requests: RecordedRequest[], marker: string): RecordedRequest[] {
  return requests.filter((request) => {
    const last = request.body.messages?.at(-1);
    return JSON.stringify(last?.content ?? '').includes(marker);
  });
}

/** Prose of about `chars` characters, with `fact` in the middle. */
function prose(chars: number, seed: string, fact = ''): string {
  const sentence = `The ${seed} step reads the ledger, checks each invoice against the rate table and records the result. `;
  const words = sentence
    .repeat(Math.ceil(chars / sentence.length))
    .slice(0, chars)
    .trim();
  const half = Math.floor(words.length / 2);
  return fact ? `${words.slice(0, half)} ${fact} ${words.slice(half)}` : words;
}

interface Planted {
  start: string;
  middle: string;
  end: string;
}

const FACTS: Planted = {
  start: 'The goal is FACT-START-7731: migrate billing to cents.',
  middle: 'Decision FACT-MIDDLE-4402: keep the legacy rounding for refunds.',
  end: 'Last finding FACT-END-9913: the nightly job needs port 8443.',
};

/**
 * A JSONL session of `turns` turns (each a user message, an assistant reply calling a
 * tool, its result, and the assistant's answer), the three facts planted at its start,
 * middle and end. About 3 KB a turn.
 */
function bigSessionJsonl(turns: number): string {
  const sessionId = 'big-session';
  const entries: object[] = [];
  let parentId: string | null = null;
  let time = Date.UTC(2026, 10, 1);
  const add = (message: object) => {
    const id = `e${entries.length + 1}`;
    entries.push({ id, parentId, sessionId, timestamp: time++, type: 'message', message });
    parentId = id;
  };
  const middle = Math.floor(turns / 2);
  for (let t = 0; t < turns; t++) {
    const last = t === turns - 1;
    add({
      role: 'user',
      content: [
        { type: 'text', text: t === 0 ? `${FACTS.start} ${prose(500, 'first')}` : prose(500, `turn ${t}`) },
      ],
    });
    if (!last) {
      add({
        role: 'assistant',
        content: [
          { type: 'text', text: prose(400, `reading ${t}`) },
          {
            type: 'tool_use',
            id: `toolu_${t}`,
            name: 'read_file',
            input: { path: `src/billing/part${t}.ts` },
          },
        ],
        stopReason: 'tool_use',
        model: MODEL,
      });
      add({
        role: 'toolResult',
        content: [{ type: 'tool_result', tool_use_id: `toolu_${t}`, content: prose(1_200, `file ${t}`) }],
      });
    }
    add({
      role: 'assistant',
      content: [
        {
          type: 'text',
          text: last
            ? `${FACTS.end} ${prose(300, 'last')}`
            : prose(600, `answer ${t}`, t === middle ? FACTS.middle : ''),
        },
      ],
      stopReason: 'end_turn',
      model: MODEL,
    });
  }
  const header = {
    id: sessionId,
    title: 'Billing migration',
    createdAt: Date.UTC(2026, 10, 1),
    updatedAt: time,
    model: MODEL,
    leafId: parentId,
    children: [],
  };
  const lines = [
    { type: 'session', version: 1, exportedBy: 'baton', entryCount: entries.length, header },
    ...entries,
  ];
  return `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
}

/** Imports the big session through Settings → Data and opens it. */
async function importBigSession(page: Page, path: string, turns: number): Promise<void> {
  await writeFile(path, bigSessionJsonl(turns));
  const data = (await settingsSection(page, 'Data')).getByRole('group', { name: 'Data' });
  await chooseImportFile(page, path);
  await expect(data.getByRole('status')).toContainText('Imported 1 session');
  await page.keyboard.press('Escape');
  await sessionTitles(page).filter({ hasText: 'Billing migration' }).click();
  await expect(activeSessionTitle(page)).toHaveText('Billing migration');
  await expect(assistantMessages(page).last()).toContainText('FACT-END-9913');
}

/** Sends `text`, which the mock refuses for length; returns the refused request. */
async function sendRefused(page: Page, mockApi: MockApi, text: string): Promise<RecordedRequest> {
  const before = mockApi.messageRequests().length;
  await send(page, text);
  // "Ready" also holds before the send has begun: first the request, then the idle state.
  await expect.poll(() => mockApi.messageRequests().length).toBeGreaterThan(before);
  await waitIdle(page);
  const refused = mockApi.messageRequests()[before];
  if (!refused) throw new Error('The message was never sent');
  return refused;
}

test('a length refusal shows the sentence, the Hand off action and a full meter; the action hands off', async ({
  connected: page,
  mockApi,
}) => {
  const window = 2_500;
  mockApi.limitContext(window);

  const first = prose(4_000, 'opening');
  await exchange(page, first);
  const second = `Second question. ${prose(6_000, 'second')}`;
  const refused = await sendRefused(page, mockApi, second);
  const tokens = mockTokenCount(refused.body);
  expect(tokens).toBeGreaterThan(window);
  const sentence = overflowSentence(tokens, window);

  // The sentence, as an alert and on the reply, with the way out beside it.
  await expect(alertNotice(page, sentence)).toBeVisible();
  const reply = assistantMessages(page).last();
  await expect(reply).toContainText(sentence);
  await expect(reply.getByRole('button', { name: 'Hand off', exact: true })).toBeVisible();
  // The meter takes the API's numbers: full and red; the banner suggests a handoff.
  await expect(meter(page)).toHaveAttribute('aria-valuemax', String(window));
  await expect(meter(page)).toHaveAttribute('aria-valuetext', /\(100%, full\)$/);
  await expect(meter(page).locator('.context-bar-fill')).toHaveAttribute('style', /width: 100%/);
  await expect(page.locator('.context-bar-full')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Context almost full' })).toContainText(
    "This conversation no longer fits the model's context",
  );
  // No retry of the refused request, by the SDK or by us.
  expect(mockApi.messageRequests()).toHaveLength(2);

  // A further message is not glued onto the refused turn and sent: it stays in the box.
  await send(page, 'third message');
  await expect(
    alertNotice(page, `${sentence} Hand off to continue; your message is still in the box.`),
  ).toBeVisible();
  await expect(composer(page)).toHaveValue('third message');
  expect(mockApi.messageRequests()).toHaveLength(2);

  await reply.getByRole('button', { name: 'Hand off', exact: true }).click();
  await expect(statusNotice(page, NEW_SESSION_NOTICE)).toBeVisible();
  await expect(handoffCard(page)).toBeVisible();
  // The unanswered request waits in the new session's box, before what was typed since.
  await expect(composer(page)).toHaveValue(`${second}\n\nthird message`);

  const handoffRequests = mockApi.messageRequests().slice(2);
  for (const request of handoffRequests) expect(mockTokenCount(request.body)).toBeLessThanOrEqual(window);
  const [instruction] = requestsMarked(handoffRequests, HANDOFF_PROMPT_MARKER);
  if (!instruction) throw new Error('No handoff request was sent');
  const sent = JSON.stringify(instruction.body.messages);
  // The pending request is named in the instruction, not fused into the transcript before it.
  expect(sent).toContain('Pending request (the user asked this and got no answer yet):');
  const turns = instruction.body.messages ?? [];
  expect(JSON.stringify(turns.slice(0, -1))).not.toContain('Second question.');
  expect(JSON.stringify(turns.at(-1))).toContain('Second question.');

  // A fresh handoff session counts its document from the start.
  await expect(page.getByTestId('context-count')).not.toHaveText(/^0 \//);
});

test('a session of three windows with tool calls hands off: condensed to fit, every request under the window', async ({
  connected: page,
  mockApi,
}, testInfo) => {
  const window = 4_000;
  mockApi.limitContext(window);
  await importBigSession(page, testInfo.outputPath('big.jsonl'), 14);

  // The imported session is about three windows: the next question is refused.
  const question = 'What should I do about FACT-END-9913 next?';
  const refused = await sendRefused(page, mockApi, question);
  expect(mockTokenCount(refused.body)).toBeGreaterThan(window * 2.5);
  const start = mockApi.requests.length;

  await send(page, '/handoff');
  await expect(statusNotice(page, NEW_SESSION_NOTICE)).toBeVisible();
  await expect(handoffCard(page)).toBeVisible();

  const handoff = mockApi.requests.slice(start);
  const messages = handoff.filter((r) => r.path === '/v1/messages');
  for (const request of messages) expect(mockTokenCount(request.body)).toBeLessThanOrEqual(window);
  const condensing = requestsMarked(messages, CONDENSE_PROMPT_MARKER);
  expect(condensing.length).toBeGreaterThanOrEqual(2);
  expect(requestsMarked(messages, HANDOFF_PROMPT_MARKER)).toHaveLength(1);
  // Facts from the start, the middle and the end each reached the model.
  for (const fact of ['FACT-START-7731', 'FACT-MIDDLE-4402', 'FACT-END-9913']) {
    expect(
      messages.some((request) => request.rawBody.includes(fact)),
      fact,
    ).toBe(true);
  }

  // The card says what was condensed, and the passes are the requests the mock saw.
  const condensed = page.getByTestId('handoff-condensed');
  await expect(condensed).toHaveText(
    new RegExp(
      `^Condensed to fit: \\d+ older tool results cleared, \\d+ older messages summarised in ${condensing.length} passes$`,
    ),
  );
  // The unanswered question is ready in the new session's box.
  await expect(composer(page)).toHaveValue(question);

  // The old session still holds every message: the import, the refused turn, the handoff.
  const stored = await readStoredData(page);
  const old = stored.entries.filter((entry) => entry.sessionId === 'big-session');
  expect(old.length).toBe(14 * 4 - 2 + 4);
  expect(old.some((entry) => storedText(entry).includes('FACT-MIDDLE-4402'))).toBe(true);
});

test('Esc during a condensing pass cancels the handoff and changes nothing', async ({
  connected: page,
  mockApi,
}, testInfo) => {
  // This time the window comes from the user's setting, not from a refusal.
  await settingsSection(page, 'Handoff');
  await settingsDialog(page).getByLabel('Context window override (tokens)').fill('4000');
  await settingsDialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(settingsDialog(page)).toBeHidden();
  mockApi.limitContext(4_000);
  await importBigSession(page, testInfo.outputPath('big.jsonl'), 12);
  const articles = await page.getByRole('article').count();
  const stored = await readStoredData(page);

  mockApi.script({ kind: 'hang' });
  const before = mockApi.messageRequests().length;
  await send(page, '/handoff');
  await expect(handoffProgress(page)).toContainText(/Condensing 1 of \d+…/);
  // The pass's request has reached the mock, which never answers it: Esc lands inside the pass.
  await expect.poll(() => mockApi.messageRequests().length).toBe(before + 1);
  await page.keyboard.press('Escape');
  await expect(statusNotice(page, 'Handoff cancelled')).toBeVisible();
  await expect(handoffProgress(page)).toBeHidden();
  await waitIdle(page);

  // Nothing changed: same session, same messages, no new session, no instruction sent.
  await expect(activeSessionTitle(page)).toHaveText('Billing migration');
  await expect(page.getByRole('article')).toHaveCount(articles);
  await expect(sessionTitles(page).filter({ hasText: 'part 2' })).toHaveCount(0);
  const after = await readStoredData(page);
  expect(after.sessions.map((session) => session.id)).toEqual(stored.sessions.map((session) => session.id));
  expect(after.entries.length).toBe(stored.entries.length);
  const sent = mockApi.messageRequests().slice(before);
  expect(sent).toHaveLength(1);
  expect(requestsMarked(sent, CONDENSE_PROMPT_MARKER)).toHaveLength(1);
});

test('a reply cut off by the full window says so, not "output token limit", and offers the handoff', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'first');
  mockApi.script({
    kind: 'reply',
    reply: {
      blocks: [{ type: 'text', text: 'Half an answer' }],
      stopReason: 'model_context_window_exceeded',
      usage: { input_tokens: 195_000, output_tokens: 5_000 },
    },
  });
  await exchange(page, 'second');
  const reply = assistantMessages(page).last();
  await expect(reply).toContainText("Cut off: the model's context window filled up while it was writing.");
  await expect(reply).not.toContainText('output token limit');
  await expect(reply.getByRole('button', { name: 'Hand off', exact: true })).toBeVisible();
  await expect(meter(page)).toHaveAttribute('aria-valuetext', /\(100%, full\)$/);

  // The next message is not sent: the window is full, and the sentence says so without numbers.
  await send(page, 'x');
  await expect(
    alertNotice(
      page,
      "This conversation no longer fits the model's context. Hand off to continue; your message is still in the box.",
    ),
  ).toBeVisible();
});

test('a request body too large (413) is a length refusal with the Hand off action', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'first');
  mockApi.script({ kind: 'status', status: 413 });
  await send(page, 'second');
  await waitIdle(page);
  const sentence = "This conversation no longer fits the model's context.";
  await expect(alertNotice(page, sentence)).toBeVisible();
  await expect(
    assistantMessages(page).last().getByRole('button', { name: 'Hand off', exact: true }),
  ).toBeVisible();
  expect(mockApi.messageRequests()).toHaveLength(2);
});

test('the success notice leaves the composer controls uncovered at 1280×800', async ({ connected: page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await exchange(page, 'first');
  await send(page, '/handoff');
  await expect(statusNotice(page, NEW_SESSION_NOTICE)).toBeVisible();
  const notice = await page.getByRole('status').filter({ hasText: NEW_SESSION_NOTICE }).boundingBox();
  for (const name of ['Send', 'Hand off']) {
    const control = await page.getByRole('button', { name, exact: true }).last().boundingBox();
    if (!notice || !control) throw new Error(`No box for the notice or ${name}`);
    const overlaps =
      notice.x < control.x + control.width &&
      control.x < notice.x + notice.width &&
      notice.y < control.y + control.height &&
      control.y < notice.y + notice.height;
    expect(overlaps, name).toBe(false);
  }
});

test('without a key, the small-window demo condenses a long chat and hands off', async ({ page }) => {
  // Eight demo replies and a condensed handoff, all typed at the demo's pace.
  test.setTimeout(240_000);
  await openApp(page);
  await settingsSection(page, 'Model');
  await settingsDialog(page).getByLabel('Model', { exact: true }).fill('baton-demo-small');
  await settingsDialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(settingsDialog(page)).toBeHidden();
  await expect(page.getByTitle('Model', { exact: true })).toHaveText('Demo (small window)');
  await expect(page.getByTestId('context-count')).toHaveText('0 / 4k');

  // Long messages fill the 4k window in a few turns; the demo then refuses like the API.
  for (let i = 0; i < 8; i++) {
    await send(page, `Note ${i}: ${prose(2_500, `demo ${i}`, i === 0 ? 'FACT-DEMO-1' : '')}`);
    await waitIdle(page);
    if ((await page.getByRole('button', { name: 'Hand off', exact: true }).count()) > 1) break;
  }
  const reply = assistantMessages(page).last();
  await expect(reply).toContainText("This conversation no longer fits the model's context");
  await reply.getByRole('button', { name: 'Hand off', exact: true }).click();
  // The demo types at a human pace (an event every 15 ms) through several condensing
  // passes and the document: on a busy two-core machine that alone can pass 15 s.
  await expect(statusNotice(page, NEW_SESSION_NOTICE)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('handoff-condensed')).toContainText('Condensed to fit:');
  await expect(composer(page)).toHaveValue(/^Note \d+: /);
});

test('with "Send my pending request after the handoff" ticked, the new session answers it at once', async ({
  connected: page,
  mockApi,
}) => {
  mockApi.limitContext(2_000);
  await exchange(page, prose(3_000, 'opening'));
  const pending = `Pending question. ${prose(4_000, 'pending')}`;
  await sendRefused(page, mockApi, pending);

  await page.getByRole('button', { name: 'Hand off', exact: true }).last().click();
  const popover = page.getByRole('dialog', { name: 'Hand off to a new session' });
  // The model field loads on first use and moves the checkbox down when it arrives.
  await expect(popover.getByRole('combobox', { name: 'Model for the new session' })).toBeVisible();
  await popover.getByLabel('Send my pending request after the handoff').check();
  await popover.getByRole('button', { name: 'Start handoff' }).click();
  await expect(statusNotice(page, NEW_SESSION_NOTICE)).toBeVisible();
  await expect(page.getByRole('article', { name: 'You' })).toHaveText(pending);
  await expect(assistantMessages(page)).toHaveCount(1);
  await waitIdle(page);
  await expect(composer(page)).toHaveValue('');
  // The choice is kept for the next handoff, typed or clicked.
  await page.reload();
  await page.getByRole('button', { name: 'Hand off', exact: true }).click();
  await expect(popover.getByLabel('Send my pending request after the handoff')).toBeChecked();
});
