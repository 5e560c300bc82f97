/**
 * P16's page side (`/__bench/mcp.js`, imported into the app's page): seeding the test MCP
 * server's record the way the app stores it, and the baseline round trip, the least a
 * page does for the same result with no Baton code around it.
 *
 * The baseline: the reply that calls the tool streamed through the slim SDK client (as
 * the app reads it), the tool input taken from its tool_use block once the stream has
 * ended, the call made with the bare MCP SDK client (Streamable HTTP, connected untimed
 * beforehand), and the follow-up, the conversation with the tool_result, sent with a bare
 * `fetch` (with the SDK's headers, so a CORS preflight is cached for it as for the app). No store, no permission step, no rendering, no IndexedDB.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { createAnthropicClient } from '../../src/llm/anthropicClient';
import { secretsDatabaseFor } from '../../src/mcp/secretsDatabase';
import {
  createServerRecords,
  DEFAULT_TOOL_TIMEOUT_MS,
  type McpServerRecord,
} from '../../src/mcp/serverRecords';
import { DB_NAME } from '../../src/storage/schema';

/**
 * Writes the server's record into the app's secrets database, through the app's own
 * module, with `alwaysAllowed` holding the tools that run without a card.
 */
export async function seedMcpServer(server: {
  name: string;
  url: string;
  alwaysAllowed: string[];
}): Promise<void> {
  const records = createServerRecords(secretsDatabaseFor(DB_NAME));
  const record: McpServerRecord = {
    id: 'bench-mcp-server',
    name: server.name,
    url: server.url,
    authorization: 'none',
    enabledTools: {},
    alwaysAllowed: server.alwaysAllowed,
    timeoutMs: DEFAULT_TOOL_TIMEOUT_MS,
    addedAt: Date.now(),
  };
  try {
    await records.put(record);
  } finally {
    await records.close();
  }
}

/**
 * The SDK's default output checker (Ajv) compiles with `new Function`, which the app
 * page's policy forbids; the echo tool declares no output schema, so nothing is checked.
 */
const noOutputValidation: jsonSchemaValidator = {
  getValidator: () => () => ({ valid: false, data: undefined, errorMessage: 'not checked' }),
};

let bare: Client | undefined;

/** Connects the bare MCP client to `url` (initialize and the tool list), untimed. */
export async function connectBare(url: string): Promise<number> {
  await bare?.close();
  const client = new Client(
    { name: 'bench-bare', version: '1.0.0' },
    { jsonSchemaValidator: noOutputValidation },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const { tools } = await client.listTools();
  bare = client;
  return tools.length;
}

export interface BareRoundTripOptions {
  apiKey: string;
  baseURL: string;
  model: string;
  /** The tool as the model calls it (`mcp__test__echo`) and as the server names it (`echo`). */
  apiName: string;
  serverName: string;
  prompt: string;
}

/** One round trip: the reply calling the tool, the call, the follow-up sent and its answer read. */
export async function bareRoundTrip(options: BareRoundTripOptions): Promise<{ resultText: string }> {
  const client = bare;
  if (!client) throw new Error('connectBare first');
  // The follow-up goes with the very headers the SDK sent: the browser's CORS preflight
  // cache then answers it as it answers the app's follow-up (same headers as its first
  // request), and neither side waits for a preflight inside the timed window.
  let sent: Headers | undefined;
  const anthropic = createAnthropicClient({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    maxRetries: 0,
    fetch: (input, init) => {
      sent = new Headers(init?.headers);
      return fetch(input, init);
    },
  });
  const tools = [
    {
      name: options.apiName,
      description: 'Answers with the text it is given.',
      input_schema: { type: 'object' as const, properties: { text: { type: 'string' } }, required: ['text'] },
    },
  ];
  const user = { role: 'user' as const, content: options.prompt };
  const stream = await anthropic.messages.create({
    model: options.model,
    max_tokens: 1024,
    messages: [user],
    tools,
    stream: true,
  });
  // The blocks as they stream; a tool_use block's input is the concatenation of its JSON deltas.
  const blocks: Array<{ type: string; [key: string]: unknown }> = [];
  const json: string[] = [];
  for await (const event of stream) {
    if (event.type === 'content_block_start') {
      blocks[event.index] = { ...event.content_block };
      json[event.index] = '';
    } else if (event.type === 'content_block_delta') {
      const block = blocks[event.index];
      if (!block) continue;
      if (event.delta.type === 'text_delta') block.text = `${String(block.text ?? '')}${event.delta.text}`;
      else if (event.delta.type === 'input_json_delta') json[event.index] += event.delta.partial_json;
    }
  }
  const index = blocks.findIndex((block) => block?.type === 'tool_use');
  const call = blocks[index];
  if (!call) throw new Error('the reply called no tool');
  call.input = JSON.parse(json[index] || '{}');
  const result = await client.callTool({
    name: options.serverName,
    arguments: call.input as Record<string, unknown>,
  });
  const content = (result.content as Array<{ type: string; text?: string }>).map((block) => ({
    type: 'text' as const,
    text: block.text ?? '',
  }));
  if (!sent) throw new Error('the SDK sent no request');
  const followUp = await fetch(`${options.baseURL}/v1/messages`, {
    method: 'POST',
    headers: sent,
    body: JSON.stringify({
      model: options.model,
      max_tokens: 1024,
      tools,
      stream: true,
      messages: [
        user,
        { role: 'assistant', content: blocks.filter(Boolean) },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content }] },
      ],
    }),
  });
  // Read to its end, untimed, so nothing of this round trip runs into the next.
  await followUp.text();
  return { resultText: content.map((block) => block.text).join('') };
}
