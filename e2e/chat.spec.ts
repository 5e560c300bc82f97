import { expect, test } from './fixtures';
import { assistantMessages, configureApi, openApp, send, userMessages, waitIdle } from './helpers';

test('chats with the offline demo model when no key is set', async ({ page, mockApi }) => {
  await openApp(page);
  await expect(page.getByText('Demo (offline)').first()).toBeVisible();
  await send(page, 'Hello there, demo');
  await expect(userMessages(page)).toHaveText(['Hello there, demo']);
  await expect(assistantMessages(page).first()).toContainText('demo', { ignoreCase: true });
  await waitIdle(page);
  expect(mockApi.requests).toHaveLength(0);
});

test('chats with the model API through the real SDK', async ({ page, mockApi }) => {
  mockApi.script({
    kind: 'reply',
    reply: { model: 'm', blocks: [{ type: 'text', text: 'Hello from the **mock**.' }] },
  });
  await openApp(page);
  await configureApi(page, mockApi);
  await send(page, 'Hi model');
  await expect(assistantMessages(page).first()).toContainText('Hello from the mock.');
  await waitIdle(page);
  const [request] = mockApi.requests;
  expect(request?.headers.authorization).toBe('Bearer sk-ant-test-key-0123456789');
  expect(request?.body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hi model' }] }]);
});
