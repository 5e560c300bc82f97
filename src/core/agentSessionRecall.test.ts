import { afterEach, describe, expect, it } from 'vitest';
import { sentMessages, textReply, toolUseReply } from '../../testing/mockModel';
import { memoryRecall, noiseSessions, PLANTED_FACT, recallChain } from '../../testing/recallFixtures';
import {
  type SessionHarness,
  type SessionHarnessOptions,
  startSessionHarness,
} from '../../testing/sessionHarness';
import { RECALL_FRAMING } from './handoff/handoffPrompt';
import { RECALL_TOOL_NAME } from './recall/recallTool';

let h: SessionHarness | undefined;

async function start(options: SessionHarnessOptions): Promise<SessionHarness> {
  h = await startSessionHarness(options);
  return h;
}

afterEach(async () => {
  await h?.close();
  h = undefined;
});

const recall = () => memoryRecall([...recallChain(), ...noiseSessions(5)]);

function toolNames(harness: SessionHarness, request: number): string[] {
  const tools = (harness.mock.messageRequests()[request]?.body.tools ?? []) as Array<{ name?: string }>;
  return tools.map((tool) => String(tool.name));
}

describe('AgentSession: the recall tool', () => {
  it('is declared, and framed in the system prompt, in a session with earlier sessions', async () => {
    const harness = await start({ recall: recall(), header: { parentSession: 'p' } });
    harness.mock.script(textReply('Hello.'));
    await harness.session.prompt('Hi');
    expect(toolNames(harness, 0)).toContain(RECALL_TOOL_NAME);
    expect(String(harness.mock.messageRequests()[0]?.body.system ?? '')).toContain('recall tool');
    expect(harness.session.systemPrompt()).toContain(RECALL_FRAMING);
  });

  it('is absent, and not mentioned, in a session without earlier sessions', async () => {
    const harness = await start({ recall: recall() });
    harness.mock.script(textReply('Hello.'));
    await harness.session.prompt('Hi');
    expect(toolNames(harness, 0)).not.toContain(RECALL_TOOL_NAME);
    expect(toolNames(harness, 0).length).toBeGreaterThan(0);
    expect(harness.session.systemPrompt()).not.toContain(RECALL_FRAMING);
  });

  it('answers the model with passages from the grandparent', async () => {
    // The harness's session plays the child: its parent is 'p', whose parent holds the fact.
    const harness = await start({ recall: recall(), header: { parentSession: 'p' } });
    harness.mock.script(
      toolUseReply('call-1', RECALL_TOOL_NAME, { query: 'where was billing deploying' }),
      textReply('Found it.'),
    );
    await harness.session.prompt('Where did billing go?');
    const second = sentMessages(harness.mock.messageRequests()[1]);
    const results = second.flatMap((turn) => turn.content).filter((block) => block.type === 'tool_result');
    expect(results).toHaveLength(1);
    expect(JSON.stringify(results[0])).toContain('/srv/billing-v2');
    expect(JSON.stringify(results[0])).toContain(JSON.stringify(PLANTED_FACT).slice(1, 30));
  });
});
