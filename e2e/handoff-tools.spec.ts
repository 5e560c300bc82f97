/**
 * Handing off tool-heavy work (issue 25, "Handoff"), in Chromium against the real test
 * MCP server and the mock of the Messages API: the model calls the server's `echo` tool,
 * then /handoff. The handoff request names the tool with its server, and the new session
 * keeps working with the same tools: its first request offers `mcp__test__echo`, and a
 * call of it runs on the server after the user's permission.
 */
import type { Page } from '@playwright/test';
import { assistantMessages, handOff, send, textReply, waitIdle } from './helpers';
import { lastUserText, type MessagesRequestBody } from './mock/mockApi';
import { expect, test } from './servers/fixtures';
import { addTestServer, ECHO, echoCall, permissionCards } from './servers/mcpSteps';
import type { McpTestServer } from './servers/mcpTestServer';

/** Runs one scripted echo call through the permission card (Allow once) to the model's answer. */
async function echoThroughCard(page: Page, prompt: string, answer: string): Promise<void> {
  await send(page, prompt);
  const card = permissionCards(page);
  await card.getByRole('button', { name: 'Allow once' }).click();
  await expect(assistantMessages(page).last()).toContainText(answer);
  await expect(card).toHaveCount(0);
  await waitIdle(page);
}

const offeredTools = (body: MessagesRequestBody | undefined): string[] =>
  (body?.tools ?? []).map((tool) => String((tool as { name?: unknown }).name));

const echoCalls = (server: McpTestServer) =>
  server.log.entries.filter((entry) => entry.event === 'call' && entry.tool === 'echo');

test('the handoff names the MCP tool the work used, and the new session works on with it', async ({
  connected: page,
  mockApi,
  mcpServer,
}) => {
  await addTestServer(page, mcpServer);
  mockApi.script(
    echoCall('toolu_before', 'the relay rules'),
    textReply('The server echoed the relay rules.'),
  );
  await echoThroughCard(page, 'Echo the relay rules', 'The server echoed the relay rules.');
  expect(echoCalls(mcpServer)).toHaveLength(1);

  const before = mockApi.messageRequests().length;
  await handOff(page, mockApi, 'the relay');
  const handoffRequest = mockApi.messageRequests()[before]?.body;
  const instruction = handoffRequest ? lastUserText(handoffRequest) : '';
  expect(instruction).toContain('Write the handoff document');
  expect(instruction).toContain(`- MCP server "test": ${ECHO} (1 call)`);
  expect(offeredTools(handoffRequest)).toContain(ECHO);

  // The new session: its first request still offers the tool, and a call of it runs.
  const handedOff = mockApi.messageRequests().length;
  mockApi.script(echoCall('toolu_after', 'still here'), textReply('The server echoed again.'));
  await echoThroughCard(page, 'Go on with the relay', 'The server echoed again.');
  const first = mockApi.messageRequests()[handedOff]?.body;
  expect(JSON.stringify(first?.messages?.[0]?.content)).toContain('<handoff-context>');
  expect(JSON.stringify(first?.messages)).not.toContain('toolu_before');
  expect(offeredTools(first)).toContain(ECHO);
  expect(echoCalls(mcpServer).map((entry) => entry.args)).toEqual([
    { text: 'the relay rules' },
    { text: 'still here' },
  ]);
});
