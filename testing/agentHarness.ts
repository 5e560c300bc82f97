/**
 * An Agent wired to the real SDK client and the local mock API, with the real todo
 * tool, for the agent-loop tests.
 */
import { Agent, type RequestFeatures } from '../src/core/agent/agent';
import type { AgentEvent } from '../src/core/agent/agentEvents';
import type { TodoItem } from '../src/core/todos/todoTypes';
import { createTodoWriteTool } from '../src/core/todos/todoWriteTool';
import { ToolRegistry } from '../src/core/tools/toolRegistry';
import { recordEvents } from './events';
import { type MockApi, mockModelClient, startMockApi, TEST_MODEL } from './mockModel';

export const TEST_SYSTEM_PROMPT = 'You are the test assistant.';

export interface AgentHarness {
  mock: MockApi;
  agent: Agent;
  recorded: ReturnType<typeof recordEvents<AgentEvent>>;
  todos(): TodoItem[];
  close(): Promise<void>;
}

export async function startAgentHarness(
  options: { fetch?: typeof fetch; features?: RequestFeatures } = {},
): Promise<AgentHarness> {
  const mock = await startMockApi();
  const client = mockModelClient(mock, options.fetch);
  let todos: TodoItem[] = [];
  let n = 0;
  const tools = new ToolRegistry();
  tools.register(
    createTodoWriteTool({ get: () => todos, set: (next) => (todos = next) }, { newId: () => `todo-${++n}` }),
  );
  const agent = new Agent({
    getModelClient: () => client,
    getModel: () => TEST_MODEL,
    getMaxTokens: () => 1024,
    getSystemPrompt: () => TEST_SYSTEM_PROMPT,
    tools: tools.runner(() => ({ startedByHandoff: false })),
    getRequestFeatures: () => options.features ?? {},
  });
  const recorded = recordEvents<AgentEvent>((listener) => agent.subscribe(listener));
  return {
    mock,
    agent,
    recorded,
    todos: () => todos,
    close: () => mock.close(),
  };
}
