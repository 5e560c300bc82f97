/**
 * The handoff request put together with a model client (spec, "When the conversation no
 * longer fits"): sent as it is when it fits, condensed when it does not (by our estimate,
 * by the size the API last reported, or by the API's own count), with the unanswered
 * request named in the instruction and any key taken out of it.
 */
import { describe, expect, it } from 'vitest';
import { requestProblems } from '../../../testing/requestInvariant';
import { type ModelClient, ModelError, type ModelRequest, type TokenCountRequest } from '../agent/types';
import { estimateMessagesTokens, estimateTextTokens } from '../context/estimateTokens';
import { redactSecret } from '../redactSecret';
import { joinTurns, toApiMessages } from '../session/buildSessionContext';
import type { AgentMessage, ApiMessage, ToolDefinition } from '../types/agentMessage';
import type { Message } from '../types/message';
import { CONDENSE_PROMPT_MARKER } from './condensePrompt';
import { buildHandoffPrompt, HANDOFF_PROMPT_MARKER, PENDING_REQUEST_LABEL } from './handoffPrompt';
import { handoffBudget, type PrepareHandoffInput, prepareHandoffRequest } from './prepareHandoffRequest';
import { toolsUsed } from './toolsUsed';

const KEY = 'sk-ant-api03-prepare-handoff-test-0123456789';
const WINDOW = 16_000;
const MAX_TOKENS = 2_000;
const BUDGET = handoffBudget(WINDOW, MAX_TOKENS);
const SYSTEM = 'You are Baton, a helpful assistant.';
const TOOLS: ToolDefinition[] = [
  { name: 'read_file', description: 'Reads a file', input_schema: { type: 'object', properties: {} } },
];

const words = (n: number, seed: string) => Array.from({ length: n }, (_, i) => `${seed}${i % 89}`).join(' ');

/** `turns` answered turns, each with a tool call, of about `chars` characters each. */
function conversation(turns: number, chars: number): AgentMessage[] {
  const messages: AgentMessage[] = [];
  for (let t = 0; t < turns; t++) {
    const id = `toolu_${t}`;
    messages.push(
      { role: 'user', content: [{ type: 'text', text: `Step ${t}: ${words(chars / 10, `u${t}_`)}` }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: `Reading step ${t}.` },
          { type: 'tool_use', id, name: 'read_file', input: { path: `src/step${t}.ts` } },
        ],
        stopReason: 'tool_use',
      },
      {
        role: 'toolResult',
        content: [{ type: 'tool_result', tool_use_id: id, content: words(chars / 20, 'r') }],
      },
      {
        role: 'assistant',
        content: [{ type: 'text', text: `Step ${t} done: ${words(chars / 20, `a${t}_`)}` }],
        stopReason: 'end_turn',
      },
    );
  }
  return messages;
}

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const refused = (overflow?: { tokens: number; limit: number }): Message => ({
  role: 'assistant',
  content: [],
  stopReason: 'error',
  errorMessage: 'prompt is too long',
  ...(overflow && { contextOverflow: overflow }),
});

function partOf(prompt: string): string {
  const start = prompt.indexOf('<conversation-part>\n');
  const end = prompt.lastIndexOf('\n</conversation-part>');
  return prompt.slice(start + '<conversation-part>\n'.length, end);
}

interface FakeOptions {
  /** The API's count for a request; absent: the client cannot count. */
  count?: (request: TokenCountRequest) => number;
  /** Replaces the reply to the `n`th summarising request (1-based). */
  reply?: (request: ModelRequest, n: number) => Message | undefined;
}

/**
 * A model client that answers summarising requests with the start of the part (within
 * maxTokens) and counts like the API: a conversation the API would refuse is a 400.
 */
function fakeClient(options: FakeOptions = {}) {
  const streams: ModelRequest[] = [];
  const counts: Array<{ request: TokenCountRequest; tokens: number }> = [];
  const client: ModelClient = {
    label: 'Fake',
    async stream(request) {
      streams.push(request);
      const replaced = options.reply?.(request, streams.length);
      if (replaced) return replaced;
      const prompt = request.messages[0]?.content[0];
      const text = prompt?.type === 'text' ? partOf(prompt.text).slice(0, request.maxTokens * 3) : '';
      return { role: 'assistant', content: [{ type: 'text', text }], stopReason: 'end_turn' };
    },
    ...(options.count && {
      async countTokens(request: TokenCountRequest) {
        const problems = requestProblems(request.messages);
        if (problems.length > 0) throw new ModelError('bad_request', problems.join('; '), 400);
        const tokens = options.count?.(request) ?? 0;
        counts.push({ request, tokens });
        return tokens;
      },
    }),
  };
  return { client, streams, counts };
}

function prepare(context: AgentMessage[], client: ModelClient, extra: Partial<PrepareHandoffInput> = {}) {
  return prepareHandoffRequest({
    context,
    system: SYSTEM,
    tools: TOOLS,
    model: 'claude-test-model',
    window: WINDOW,
    maxTokens: MAX_TOKENS,
    client,
    redact: (text) => redactSecret(text, KEY),
    signal: new AbortController().signal,
    ...extra,
  });
}

/** Our estimate of a request: system prompt, tools and conversation. */
const estimateRequest = (messages: ApiMessage[]) =>
  estimateTextTokens(SYSTEM) + estimateTextTokens(JSON.stringify(TOOLS)) + estimateMessagesTokens(messages);

/** The conversation the handoff sends: the transcript with the instruction after it. */
const sentWith = (transcript: ApiMessage[], prompt: string) =>
  joinTurns(transcript, [{ role: 'user', content: [{ type: 'text', text: prompt }] }]);

describe('prepareHandoffRequest', () => {
  it('sends the conversation as it is when it fits', async () => {
    const context = conversation(4, 1_000);
    const { client, streams } = fakeClient();
    const prepared = await prepare(context, client);

    expect(prepared.transcript).toEqual(toApiMessages(context));
    expect(prepared.condensed).toBeUndefined();
    expect(prepared.pendingRequest).toBeUndefined();
    // The instruction names the tool the work used (toolsUsed.test.ts has the wording).
    expect(prepared.prompt).toBe(buildHandoffPrompt({ tools: toolsUsed(toApiMessages(context)) }));
    expect(prepared.prompt).toContain('- Other tools: read_file (4 calls)');
    expect(streams).toEqual([]);
  });

  it('names every MCP tool the work called, also those of turns condensed into notes', async () => {
    const context = conversation(30, 2_000).map(
      (message): AgentMessage =>
        message.role === 'custom'
          ? message
          : {
              ...message,
              content: message.content.map((block) =>
                block.type === 'tool_use' ? { ...block, name: 'mcp__files__read_file' } : block,
              ),
            },
    );
    const prepared = await prepare(context, fakeClient().client);

    expect(prepared.condensed?.messagesSummarised).toBeGreaterThan(0);
    // Most calls went into the notes; the instruction still counts all thirty.
    const left = JSON.stringify(prepared.transcript).split('"name":"mcp__files__read_file"').length - 1;
    expect(left).toBeLessThan(30);
    expect(prepared.prompt).toContain('- MCP server "files": mcp__files__read_file (30 calls)');
  });

  it('condenses a conversation the API last refused as too long, though our estimate says it fits', async () => {
    const before = conversation(6, 2_000);
    const refusedRequest = estimateRequest(toApiMessages([...before, user('And now the tests')]));
    expect(refusedRequest).toBeLessThan(BUDGET * 0.8);
    // The API counted 1.5× the window for what we estimate well under it.
    const overflow = { tokens: Math.round(WINDOW * 1.5), limit: WINDOW };
    const context = [...before, user('And now the tests'), refused(overflow)];
    const { client, streams } = fakeClient();
    const prepared = await prepare(context, client);

    expect(prepared.condensed).toBeDefined();
    expect(prepared.pendingRequest).toBe('And now the tests');
    expect(JSON.stringify(prepared.transcript)).not.toContain('And now the tests');
    expect(requestProblems(sentWith(prepared.transcript, prepared.prompt))).toEqual([]);
    // Small enough once our estimate is scaled by what the API reported.
    const scale = overflow.tokens / refusedRequest;
    const instruction = estimateTextTokens(prepared.prompt) + 12;
    expect((estimateRequest(prepared.transcript) + instruction) * scale).toBeLessThanOrEqual(BUDGET);
    expect(streams.every((request) => request.maxTokens <= MAX_TOKENS)).toBe(true);

    // Without the API's numbers the same conversation goes as it is.
    const unknown = await prepare([...before, user('And now the tests'), refused()], fakeClient().client);
    expect(unknown.condensed).toBeUndefined();
    expect(unknown.transcript).toEqual(toApiMessages(before));
  });

  it('condenses again, tighter, when the API counts more than the budget after condensing', async () => {
    const context = conversation(30, 2_000);
    // The API counts twice what we estimate.
    const { client, counts } = fakeClient({ count: (request) => 2 * estimateRequest(request.messages) });
    const prepared = await prepare(context, client);

    expect(prepared.condensed).toBeDefined();
    expect(counts.length).toBeGreaterThanOrEqual(2);
    expect(counts[0]?.tokens).toBeGreaterThan(BUDGET);
    expect(counts.at(-1)?.tokens).toBeLessThanOrEqual(BUDGET);
    // What was counted last is what will be sent.
    expect(counts.at(-1)?.request.messages).toEqual(sentWith(prepared.transcript, prepared.prompt));
    expect(2 * estimateRequest(sentWith(prepared.transcript, prepared.prompt))).toBeLessThanOrEqual(BUDGET);
  });

  it('counts the conversation it will send, a valid one, even when the transcript ends with tool results', async () => {
    // The reply after the tool results failed with nothing in it: the transcript ends
    // with a user turn, which the instruction joins.
    const context: AgentMessage[] = [...conversation(30, 2_000).slice(0, -1), refused()];
    const { client, counts } = fakeClient({ count: (request) => 2 * estimateRequest(request.messages) });
    const prepared = await prepare(context, client);

    expect(prepared.transcript.at(-1)?.role).toBe('user');
    expect(counts.length).toBeGreaterThanOrEqual(2);
    expect(counts.at(-1)?.request.messages).toEqual(sentWith(prepared.transcript, prepared.prompt));
    expect(counts.at(-1)?.tokens).toBeLessThanOrEqual(BUDGET);
  });

  it('trusts its estimate when the client cannot count or counting fails', async () => {
    const context = conversation(30, 2_000);
    for (const { client } of [
      fakeClient(),
      fakeClient({
        count: () => {
          throw new ModelError('model_not_found', 'no count_tokens here', 404);
        },
      }),
    ]) {
      const prepared = await prepare(context, client);
      expect(prepared.condensed).toBeDefined();
      expect(estimateRequest(sentWith(prepared.transcript, prepared.prompt))).toBeLessThanOrEqual(BUDGET);
    }
  });

  it('names the pending request in the instruction, with the key redacted', async () => {
    const pending = `Retry with my key ${KEY} please`;
    const context = [...conversation(3, 1_000), user(pending), refused({ tokens: 20_000, limit: WINDOW })];
    const { client, streams } = fakeClient();
    const prepared = await prepare(context, client, { focus: 'the release checklist' });

    expect(prepared.prompt.startsWith(HANDOFF_PROMPT_MARKER)).toBe(true);
    expect(prepared.prompt).toContain(PENDING_REQUEST_LABEL);
    expect(prepared.prompt).toContain('Retry with my key [API key removed] please');
    expect(prepared.prompt).toContain('the release checklist');
    expect(prepared.prompt).not.toContain(KEY);
    // As the user typed it, for the new session's composer.
    expect(prepared.pendingRequest).toBe(pending);
    // The refused request is left out of the transcript and of every summarising request.
    expect(JSON.stringify(prepared.transcript)).not.toContain('Retry with my key');
    expect(JSON.stringify(streams)).not.toContain(KEY);
  });

  it('fits when the refused request was itself too long: it is named in part, and kept whole for the composer', async () => {
    // The usual cause of a refusal: a pasted log longer than the window.
    const pasted = `Why does this fail? ${words(40_000, 'log')} Thanks, key ${KEY}`;
    const context = [...conversation(3, 1_000), user(pasted), refused({ tokens: 80_000, limit: WINDOW })];
    const { client } = fakeClient({ count: (request) => estimateRequest(request.messages) });
    const prepared = await prepare(context, client);

    expect(prepared.pendingRequest).toBe(pasted);
    expect(prepared.prompt).toContain(PENDING_REQUEST_LABEL);
    expect(prepared.prompt).toContain('Why does this fail?');
    expect(prepared.prompt).not.toContain(KEY);
    expect(estimateRequest(sentWith(prepared.transcript, prepared.prompt))).toBeLessThanOrEqual(BUDGET);
  });

  it('splits a summarising request whose reply the window cut off, rather than taking its partial notes', async () => {
    const context = conversation(30, 2_000);
    const { client, streams } = fakeClient({
      reply: (_, n) =>
        n === 1
          ? {
              role: 'assistant',
              content: [{ type: 'text', text: '- notes cut' }],
              stopReason: 'model_context_window_exceeded',
            }
          : undefined,
    });
    const prepared = await prepare(context, client);
    const prompts = streams.map((request) => {
      const block = request.messages[0]?.content[0];
      return block?.type === 'text' ? block.text : '';
    });
    expect(prompts.every((prompt) => prompt.startsWith(CONDENSE_PROMPT_MARKER))).toBe(true);
    const [cut = '', ...rest] = prompts.map(partOf);
    // Every line of the part the window cut off was asked for again, in smaller parts.
    for (const line of cut.split('\n'))
      expect(rest.some((part) => part.length < cut.length && part.includes(line))).toBe(true);
    expect(JSON.stringify(prepared.transcript)).not.toContain('- notes cut');
  });
});

describe('prepareHandoffRequest: a limit learned from a refusal is keyed by model', () => {
  const fromModel = (model: string): Message => ({
    ...refused({ tokens: 5_200, limit: 5_000 }),
    model,
  });
  const context = (model: string) => [...conversation(8, 1_000), user('And now the tests'), fromModel(model)];

  it("another model's refusal does not shrink this model's budget: sent as it is", async () => {
    const { client, streams } = fakeClient();
    const prepared = await prepare(context('claude-small-window'), client);
    expect(prepared.condensed).toBeUndefined();
    expect(streams).toEqual([]);
  });

  it("this model's own refusal does: condensed to fit the limit it named", async () => {
    const { client } = fakeClient();
    const prepared = await prepare(context('claude-test-model'), client);
    expect(prepared.condensed).toBeDefined();
  });
});
