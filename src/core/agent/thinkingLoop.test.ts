/**
 * Extended thinking through the agent's tool loop, over real HTTP with the real SDK
 * client: the mock signs the thinking it streams and refuses (400) a next request whose
 * tool-using turn does not start with that thinking, signature intact.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { signedThinking } from '../../../e2e/mock/thinkingRules';
import { type AgentHarness, startAgentHarness } from '../../../testing/agentHarness';
import { textReply } from '../../../testing/mockModel';
import { userMessage } from './agent';

let h: AgentHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

// Quotes, backslashes, slashes and non-ASCII: whatever JSON escapes must come back the same.
const THOUGHT = 'Plan first: "steps" \\ paths/like/this, naïve café ✓\nthen call todo_write.';
const PLAN = { todos: [{ content: 'Write the parser', status: 'pending' }] };

describe('signed thinking through a tool loop', () => {
  it('sends the thinking back byte for byte at the start of the tool-using turn', async () => {
    h = await startAgentHarness({ features: { thinking: { type: 'adaptive' } } });
    const thinking = signedThinking(THOUGHT);
    h.mock.script(
      {
        kind: 'reply',
        reply: {
          blocks: [
            thinking,
            { type: 'redacted_thinking', data: 'RU5DUllQVEVE+/==' },
            { type: 'tool_use', id: 'toolu_1', name: 'todo_write', input: PLAN },
          ],
        },
      },
      textReply('Planned.'),
    );
    await h.agent.prompt(userMessage('Plan the work'));

    const [first, second] = h.mock.messageRequests();
    expect(first?.body.thinking).toEqual({ type: 'adaptive' });
    expect(second?.body.thinking).toEqual({ type: 'adaptive' });
    const turn = second?.body.messages?.[1] as { role: string; content: Array<Record<string, unknown>> };
    expect(turn.role).toBe('assistant');
    expect(turn.content.slice(0, 2)).toEqual([
      thinking,
      { type: 'redacted_thinking', data: 'RU5DUllQVEVE+/==' },
    ]);
    // Byte for byte: the block's exact JSON is in the body the SDK sent.
    expect(second?.rawBody).toContain(JSON.stringify(thinking));
    // The mock accepted it, so the loop finished with the model's answer.
    const last = h.agent.messages.at(-1);
    expect(last?.role === 'assistant' && last.stopReason).toBe('end_turn');
  });

  it('is refused by the mock, as by the API, when the thinking is altered', async () => {
    h = await startAgentHarness({ features: { thinking: { type: 'adaptive' } } });
    const forged = { ...signedThinking(THOUGHT), thinking: `${THOUGHT} (edited)` };
    h.mock.script(
      {
        kind: 'reply',
        reply: { blocks: [forged, { type: 'tool_use', id: 'toolu_1', name: 'todo_write', input: PLAN }] },
      },
      textReply('never sent'),
    );
    await h.agent.prompt(userMessage('Plan the work'));
    const last = h.agent.messages.at(-1);
    expect(last?.role === 'assistant' && last.errorMessage).toMatch(/signature/);
  });
});
