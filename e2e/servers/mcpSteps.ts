/**
 * Steps the MCP specs share: connecting the harness's test server through Settings →
 * Tools, the permission cards, and a scripted call of its echo tool.
 */
import { expect, type Page } from '@playwright/test';
import { settingsDialog, settingsSection } from '../helpers';
import type { MessagesRequestBody, MockStep } from '../mock/mockApi';
import type { McpTestServer } from './mcpTestServer';

/** The echo tool of the server added as "test", as the model calls it. */
export const ECHO = 'mcp__test__echo';

/** Adds the test server as "test" in Settings → Tools, waits until its tools are offered, closes Settings. */
export async function addTestServer(page: Page, server: McpTestServer): Promise<void> {
  const panel = await settingsSection(page, 'Tools');
  await panel.getByRole('button', { name: 'Add MCP server' }).click();
  await panel.getByLabel('Name').fill('test');
  await panel.getByLabel('Server URL').fill(server.url);
  await panel.getByRole('button', { name: 'Connect' }).click();
  await expect(panel.getByRole('listitem', { name: 'test' }).getByText('Connected · 8 tools')).toBeVisible();
  await settingsDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(settingsDialog(page)).toBeHidden();
}

/** Every permission card on the page. */
export function permissionCards(page: Page) {
  return page.getByRole('group', { name: 'Tool permission' });
}

/** A mock reply that calls the echo tool with `text`. */
export function echoCall(id: string, text: string): MockStep {
  return {
    kind: 'reply',
    reply: {
      blocks: [
        { type: 'text', text: 'Let me echo that.' },
        { type: 'tool_use', id, name: ECHO, input: { text } },
      ],
    },
  };
}

/** The tool_result blocks of a request's last message. */
export function toolResults(body: MessagesRequestBody | undefined): Array<Record<string, unknown>> {
  const last = body?.messages?.at(-1);
  const content = Array.isArray(last?.content) ? (last.content as Array<Record<string, unknown>>) : [];
  return content.filter((block) => block.type === 'tool_result');
}
