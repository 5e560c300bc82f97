import { expect, test } from './fixtures';
import { assistantMessages, composer, configureApi, openApp, send, waitIdle } from './helpers';

test('typed /handoff with focus writes the document and seeds a new session with it', async ({
  page,
  mockApi,
}) => {
  mockApi.script(
    {
      kind: 'reply',
      reply: { model: 'm', blocks: [{ type: 'text', text: 'Sure, the billing API uses REST.' }] },
    },
    {
      kind: 'reply',
      reply: {
        model: 'm',
        blocks: [{ type: 'text', text: '## Goal\nShip billing\n## Next Steps\n1. Write tests' }],
      },
      delayMsPerEvent: 20,
    },
    { kind: 'reply', reply: { model: 'm', blocks: [{ type: 'text', text: 'Continuing with tests.' }] } },
  );
  await openApp(page);
  await configureApi(page, mockApi);
  await send(page, 'Tell me about billing');
  await expect(assistantMessages(page)).toHaveCount(1);
  await waitIdle(page);
  await send(page, '/handoff focus on the billing API');
  await expect(page.getByRole('status')).toContainText('New session started with handoff context');
  const card = page.getByRole('article', { name: 'Handoff document' });
  await expect(card).toContainText('Ship billing');
  await expect(card).toContainText('Continued from Tell me about billing');
  await page.screenshot({ path: 'test-results/handoff-new-session.png' });

  const handoffRequest = mockApi.requests[1]?.body;
  const instruction = JSON.stringify(handoffRequest?.messages);
  for (const section of [
    'Goal',
    'Constraints & Preferences',
    'Progress',
    'Key Decisions',
    'Critical Context',
    'Next Steps',
  ]) {
    expect(instruction).toContain(section);
  }
  expect(instruction).toContain('Additional focus: focus on the billing API');
  expect(handoffRequest?.tool_choice).toEqual({ type: 'none' });

  await send(page, 'Go on');
  await waitIdle(page);
  await expect(assistantMessages(page)).toHaveCount(1);
  const next = mockApi.requests[2]?.body;
  expect(next?.messages).toEqual([
    {
      role: 'user',
      content: [
        {
          type: 'text',
          text: '<handoff-context>\n## Goal\nShip billing\n## Next Steps\n1. Write tests\n</handoff-context>\n\nThe above is a handoff document from a previous session. Use this context to continue the work seamlessly.',
        },
        { type: 'text', text: 'Go on' },
      ],
    },
  ]);
  await expect(composer(page)).toHaveValue('');
});
