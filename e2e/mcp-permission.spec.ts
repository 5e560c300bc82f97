/**
 * The permission step for MCP tools (issue 25), in Chromium against the real test MCP
 * server and the mock of the Messages API scripted to call its `echo` tool: the card
 * "Tool permission" holds the call (nothing reaches the server) until the user answers;
 * Allow once runs it and its result goes back to the model; Deny answers with an error
 * result and the chat goes on; Always allow is remembered over a reload; Esc stops the
 * turn and denies what waits.
 */
import { seriousViolations } from './axe';
import { assistantMessages, send, settingsDialog, settingsSection, textReply, waitIdle } from './helpers';
import { expect, test } from './servers/fixtures';
import { addTestServer, ECHO, echoCall, permissionCards, toolResults } from './servers/mcpSteps';
import type { McpTestServer } from './servers/mcpTestServer';

const resultText = (block: Record<string, unknown> | undefined): string => JSON.stringify(block?.content);

const echoCalls = (server: McpTestServer) =>
  server.log.entries.filter((entry) => entry.event === 'call' && entry.tool === 'echo');

test('the card holds the call until Allow once; then the server runs it and the result reaches the model', async ({
  connected: page,
  mockApi,
  mcpServer,
}) => {
  await addTestServer(page, mcpServer);
  mockApi.script(echoCall('toolu_allow_1', 'hello from the model'), textReply('The server said hello.'));
  await send(page, 'Echo something');

  const card = permissionCards(page);
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('test');
  await expect(card).toContainText('echo');
  await expect(card).toContainText('hello from the model');
  // The app is still busy with the turn, and nothing has reached the server.
  expect(echoCalls(mcpServer)).toHaveLength(0);
  expect(mockApi.messageRequests()).toHaveLength(1);
  // The card does not take the focus from the message box the user typed in.
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();

  await card.getByRole('button', { name: 'Allow once' }).click();
  await mcpServer.log.waitFor((entry) => entry.event === 'done' && entry.tool === 'echo');
  await expect(assistantMessages(page).last()).toContainText('The server said hello.');
  await expect(card).toHaveCount(0);
  await waitIdle(page);

  expect(echoCalls(mcpServer)).toHaveLength(1);
  expect(echoCalls(mcpServer)[0]?.args).toEqual({ text: 'hello from the model' });
  const [result] = toolResults(mockApi.messageRequests()[1]?.body);
  expect(result).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_allow_1' });
  expect(result?.is_error).toBeFalsy();
  expect(resultText(result)).toContain('hello from the model');
});

test('Deny answers with an error result saying the user declined, and the chat goes on', async ({
  connected: page,
  mockApi,
  mcpServer,
}) => {
  await addTestServer(page, mcpServer);
  mockApi.script(echoCall('toolu_deny_1', 'rm -rf /'), textReply('Understood, I will not run it.'));
  await send(page, 'Echo something');

  const card = permissionCards(page);
  await card.getByRole('button', { name: 'Deny' }).click();
  await expect(assistantMessages(page).last()).toContainText('Understood, I will not run it.');
  await expect(card).toHaveCount(0);
  await waitIdle(page);

  expect(echoCalls(mcpServer)).toHaveLength(0);
  const [result] = toolResults(mockApi.messageRequests()[1]?.body);
  expect(result).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_deny_1', is_error: true });
  expect(resultText(result)).toContain('The user declined to run it');

  // The chat goes on: the next message is sent and answered.
  mockApi.script(textReply('Still here.'));
  await send(page, 'Anything else?');
  await expect(assistantMessages(page).last()).toContainText('Still here.');
});

test('Always allow is remembered over a reload: the next call runs with no card', async ({
  connected: page,
  mockApi,
  mcpServer,
}) => {
  await addTestServer(page, mcpServer);
  mockApi.script(echoCall('toolu_always_1', 'first'), textReply('First echo done.'));
  await send(page, 'Echo first');
  await permissionCards(page).getByRole('button', { name: 'Always allow' }).click();
  await expect(assistantMessages(page).last()).toContainText('First echo done.');
  await waitIdle(page);
  expect(echoCalls(mcpServer)).toHaveLength(1);

  await page.reload();
  // Records every permission card that is ever drawn after the reload.
  await page.evaluate(() => {
    const seen = { cards: 0 };
    (window as unknown as { permissionCardsSeen: typeof seen }).permissionCardsSeen = seen;
    new MutationObserver(() => {
      if (document.querySelector('[aria-label="Tool permission"]')) seen.cards += 1;
    }).observe(document.body, { childList: true, subtree: true });
  });
  // The server is connected again (its tools are offered) before the next message goes.
  const panel = await settingsSection(page, 'Tools');
  const row = panel.getByRole('listitem', { name: 'test' });
  await expect(row.getByText('Connected · 8 tools')).toBeVisible();
  // Settings offers to take it back.
  await expect(row.getByRole('button', { name: 'Ask again for echo' })).toBeVisible();
  await settingsDialog(page).getByRole('button', { name: 'Cancel' }).click();

  mockApi.script(echoCall('toolu_always_2', 'second'), textReply('Second echo done.'));
  await send(page, 'Echo again');
  await expect(assistantMessages(page).last()).toContainText('Second echo done.');
  await waitIdle(page);
  expect(echoCalls(mcpServer).map((entry) => entry.args)).toEqual([{ text: 'first' }, { text: 'second' }]);
  const [result] = toolResults(mockApi.messageRequests().at(-1)?.body);
  expect(result).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_always_2' });
  expect(resultText(result)).toContain('second');
  expect(
    await page.evaluate(
      () => (window as unknown as { permissionCardsSeen: { cards: number } }).permissionCardsSeen.cards,
    ),
  ).toBe(0);
});

test('Esc while the card waits stops the turn and denies the call; the app is idle and consistent', async ({
  connected: page,
  mockApi,
  mcpServer,
}) => {
  await addTestServer(page, mcpServer);
  mockApi.script(echoCall('toolu_esc_1', 'never'));
  await send(page, 'Echo something');
  const card = permissionCards(page);
  await expect(card).toHaveCount(1);

  await page.keyboard.press('Escape');
  await expect(card).toHaveCount(0);
  await waitIdle(page);
  expect(echoCalls(mcpServer)).toHaveLength(0);
  // The turn stopped: no follow-up request went to the model.
  expect(mockApi.messageRequests()).toHaveLength(1);

  // The next message carries the call's answer: the error result of the stopped turn.
  mockApi.script(textReply('Fine, moving on.'));
  await send(page, 'Never mind');
  await expect(assistantMessages(page).last()).toContainText('Fine, moving on.');
  const next = mockApi.messageRequests()[1]?.body;
  const results = (next?.messages ?? []).flatMap((message) =>
    Array.isArray(message.content)
      ? (message.content as Array<Record<string, unknown>>).filter((block) => block.type === 'tool_result')
      : [],
  );
  expect(results).toHaveLength(1);
  expect(results[0]).toMatchObject({ tool_use_id: 'toolu_esc_1', is_error: true });
  expect(resultText(results[0])).toContain('stopped the turn');
});

test('parallel calls each get their own card and their own answer', async ({
  connected: page,
  mockApi,
  mcpServer,
}) => {
  await addTestServer(page, mcpServer);
  mockApi.script(
    {
      kind: 'reply',
      reply: {
        blocks: [
          { type: 'tool_use', id: 'toolu_par_1', name: ECHO, input: { text: 'one' } },
          { type: 'tool_use', id: 'toolu_par_2', name: ECHO, input: { text: 'two' } },
        ],
      },
    },
    textReply('Both answered.'),
  );
  await send(page, 'Echo twice');
  const cards = permissionCards(page);
  await expect(cards).toHaveCount(2);
  await cards.filter({ hasText: 'two' }).getByRole('button', { name: 'Deny' }).click();
  await expect(cards).toHaveCount(1);
  expect(echoCalls(mcpServer)).toHaveLength(0);
  await cards.filter({ hasText: 'one' }).getByRole('button', { name: 'Allow once' }).click();
  await expect(assistantMessages(page).last()).toContainText('Both answered.');
  await waitIdle(page);

  expect(echoCalls(mcpServer).map((entry) => entry.args)).toEqual([{ text: 'one' }]);
  const results = toolResults(mockApi.messageRequests()[1]?.body);
  // In the order of the calls, as the API requires.
  expect(results.map((block) => [block.tool_use_id, block.is_error === true])).toEqual([
    ['toolu_par_1', false],
    ['toolu_par_2', true],
  ]);
});

test('the cards have no serious accessibility violations, in the light and the dark theme', async ({
  connected: page,
  mockApi,
  mcpServer,
}) => {
  // axe takes seconds per run on a loaded machine, and this runs it twice.
  test.setTimeout(180_000);
  await addTestServer(page, mcpServer);
  mockApi.script(echoCall('toolu_axe_1', 'look at me \u202Eplease'), textReply('Noted.'));
  await send(page, 'Echo something');
  await expect(permissionCards(page)).toHaveCount(1);
  // Hidden characters in the arguments are shown, not applied.
  await expect(permissionCards(page)).toContainText('look at me ⟨U+202E⟩please');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousViolations(page)).toEqual([]);
  }
  // Reachable from the keyboard: Shift+Tab from the message box lands on the card's buttons.
  await page.getByRole('textbox', { name: 'Message' }).focus();
  const deny = permissionCards(page).getByRole('button', { name: 'Deny' });
  for (let step = 0; step < 10 && !(await deny.evaluate((el) => el === document.activeElement)); step++) {
    await page.keyboard.press('Shift+Tab');
  }
  await expect(deny).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(permissionCards(page)).toHaveCount(0);
  await expect(assistantMessages(page).last()).toContainText('Noted.');
  expect(echoCalls(mcpServer)).toHaveLength(0);
});
