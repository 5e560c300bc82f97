/**
 * A local stand-in for the Anthropic Messages API, for unit and e2e tests. It speaks
 * the real wire protocol (SSE streaming, JSON error bodies, CORS for a browser origin),
 * records every request, and answers each POST /v1/messages with the next scripted step.
 * It can also act out a context window: POST /v1/messages/count_tokens answers
 * mockTokenCount, and while a limit is set longer requests get the API's 400. And it acts
 * out the prompt cache (promptCache.ts): every reply reports the cache reads and writes
 * the request's cache_control breakpoints would get from the real API.
 *
 * Point the SDK's `baseURL` at `mockApi.url`.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBody } from '../../src/llm/sse/messageStreamEvents';
import { betaProblem } from './betaRules';
import { MAX_REQUEST_BODY, mediaProblem } from './mediaRules';
import type { MockStep } from './mockSteps';
import { createPromptCache, type PromptCacheOptions } from './promptCache';
import { signedThinking, thinkingProblem, thinkingRequested } from './thinkingRules';
import { mockTokenCount } from './tokenCount';
import { type ReportedUsage, writeJson, writeStep } from './writeStep';

export type { MockStep } from './mockSteps';

/** What a count_tokens request can be scripted to get instead of its count. */
export type CountStep = Extract<MockStep, { kind: 'status' | 'cors-forbidden' }>;
export { CORS_FORBIDDEN_MESSAGE } from './mockSteps';
export type { PromptCacheOptions } from './promptCache';
export { mockTokenCount } from './tokenCount';
export type { ReportedUsage } from './writeStep';

/** The fields of a Messages request that tests look at; anything else is kept as sent. */
export interface MessagesRequestBody {
  model?: string;
  max_tokens?: number;
  stream?: boolean;
  system?: unknown;
  messages?: Array<{ role: string; content: unknown }>;
  tools?: unknown[];
  tool_choice?: unknown;
  [key: string]: unknown;
}

export interface RecordedRequest {
  method: string;
  /** Path with query string, as sent: `/v1/messages`. */
  path: string;
  /** Lower-cased names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  /** The parsed JSON body; `{}` when the body was empty or not a JSON object. */
  body: MessagesRequestBody;
  rawBody: string;
  /** `Date.now()` when the request had been read. */
  time: number;
  /**
   * `performance.now()` when the request arrived (its headers parsed, before its body is
   * read): sub-millisecond and monotonic, for timing a client between two requests (bench P16).
   */
  receivedAt: number;
  /** `performance.now()` when the answer's last byte was handed to the network; undefined until then. */
  answeredAt?: number;
  /**
   * The usage the reply reported (the final one of a stream), set as the reply begins;
   * undefined for requests answered without a message (errors, count_tokens, hangs).
   */
  usage?: ReportedUsage;
}

export interface MockApi {
  /** `http://127.0.0.1:PORT`, without a trailing slash: use it as the SDK's baseURL. */
  readonly url: string;
  /** Every request except CORS preflights, in arrival order. */
  readonly requests: RecordedRequest[];
  /** How many OPTIONS preflights were answered. */
  readonly preflights: number;
  /** Scripted steps not used yet (a step with `repeat` counts once). */
  readonly pendingSteps: number;
  /** The mock's context window in mockTokenCount tokens; undefined when there is none. */
  readonly contextWindow: number | undefined;
  /**
   * Sets the context window: a POST /v1/messages longer than `maxTokens` gets the API's
   * 400 "prompt is too long" and leaves the scripted steps alone. `undefined` removes it.
   */
  limitContext(maxTokens: number | undefined): void;
  /** The recorded POST /v1/messages requests only: no count_tokens, no other paths. */
  messageRequests(): RecordedRequest[];
  /** Queues replies for the next POST /v1/messages requests, in order. */
  script(...steps: MockStep[]): void;
  /**
   * Queues error answers for the next POST /v1/messages/count_tokens requests (Settings'
   * Test key); with none queued, a count is answered. Apart from script()'s queue.
   */
  scriptCount(...steps: CountStep[]): void;
  /**
   * Forgets scripted steps, recorded requests, the preflight count and the prompt cache's
   * entries; keeps the context window.
   */
  reset(): void;
  /**
   * Resolves with the recorded requests once at least `count` have arrived; by default
   * waits as long as the tests' `expect` does (15 s), so a loaded machine is not a failure.
   */
  waitForRequests(count: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  close(): Promise<void>;
}

const EXPOSED_HEADERS = 'request-id, retry-after, retry-after-ms, x-should-retry';
const MAX_DEFAULT_ECHO = 100;
const MESSAGES_PATH = '/v1/messages';
const COUNT_TOKENS_PATH = '/v1/messages/count_tokens';

function checkedContextWindow(maxTokens: number | undefined): number | undefined {
  if (maxTokens === undefined) return undefined;
  // An integer, so the refusal reads like the API's: `... tokens > 200000 maximum`.
  if (!Number.isSafeInteger(maxTokens) || maxTokens < 0) {
    throw new RangeError(`Mock API: context window must be an integer >= 0, got ${maxTokens}`);
  }
  return maxTokens;
}

export interface MockApiOptions {
  port?: number;
  /** As limitContext(contextWindow) right away. */
  contextWindow?: number;
  /** The prompt cache's minimum prefix and clock (default 1,024 tokens, Date.now). */
  promptCache?: PromptCacheOptions;
}

export async function startMockApi(options: MockApiOptions = {}): Promise<MockApi> {
  const requests: RecordedRequest[] = [];
  const promptCache = createPromptCache(options.promptCache);
  let contextWindow = checkedContextWindow(options.contextWindow);
  const queue: Array<{ step: MockStep; left: number }> = [];
  const countQueue: CountStep[] = [];
  const waiters = new Set<() => void>();
  const openResponses = new Set<ServerResponse>();
  let preflights = 0;
  let responseCount = 0;

  const nextStep = (): MockStep | undefined => {
    const head = queue[0];
    if (!head) return undefined;
    head.left -= 1;
    if (head.left <= 0) queue.shift();
    return head.step;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const origin = req.headers.origin;
    const cors: Record<string, string> = {
      'access-control-allow-origin': origin ?? '*',
      'access-control-expose-headers': EXPOSED_HEADERS,
      vary: 'Origin',
    };

    if (req.method === 'OPTIONS') {
      preflights += 1;
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        // The SDK sends many x-stainless-* headers; echo whatever the browser asks for.
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }

    const receivedAt = performance.now();
    const rawBody = await readBody(req);
    const body = parseBody(rawBody);
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: flattenHeaders(req.headers),
      body,
      rawBody,
      time: Date.now(),
      receivedAt,
    };
    res.once('finish', () => {
      recorded.answeredAt = performance.now();
    });
    requests.push(recorded);
    for (const wake of waiters) wake();

    responseCount += 1;
    const requestId = `req_mock_${String(responseCount).padStart(6, '0')}`;
    const baseHeaders = { ...cors, 'request-id': requestId };
    const path = (req.url ?? '/').split('?')[0];

    if (req.method === 'POST' && path === COUNT_TOKENS_PATH) {
      const scripted = countQueue.shift();
      if (scripted) {
        const model = typeof body.model === 'string' ? body.model : 'mock-model';
        // An error answer: no reply, so no usage is ever reported.
        const cacheUsage = { input_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 };
        await writeStep(scripted, {
          res,
          requestId,
          baseHeaders,
          model,
          stream: false,
          cacheUsage,
          onReply() {},
        });
        return;
      }
      writeJson({ res, baseHeaders }, 200, { input_tokens: mockTokenCount(body) });
      return;
    }
    if (req.method !== 'POST' || path !== MESSAGES_PATH) {
      writeJson({ res, baseHeaders }, 404, errorBody('not_found_error', 'Not Found', requestId));
      return;
    }

    // Checked before nextStep(), like the length below: a refused request must not use up
    // what a test scripted.
    if (Buffer.byteLength(rawBody) > MAX_REQUEST_BODY) {
      const message = 'Request exceeds the maximum allowed number of bytes.';
      writeJson({ res, baseHeaders }, 413, errorBody('request_too_large', message, requestId));
      return;
    }
    const badMedia = mediaProblem(body);
    if (badMedia) {
      writeJson({ res, baseHeaders }, 400, errorBody('invalid_request_error', badMedia, requestId));
      return;
    }
    const badBeta = betaProblem(body, recorded.headers);
    if (badBeta) {
      writeJson({ res, baseHeaders }, 400, errorBody('invalid_request_error', badBeta, requestId));
      return;
    }
    const badThinking = thinkingProblem(body);
    if (badThinking) {
      writeJson({ res, baseHeaders }, 400, errorBody('invalid_request_error', badThinking, requestId));
      return;
    }
    const cached = promptCache.evaluate(body);
    if (!cached.ok) {
      writeJson({ res, baseHeaders }, 400, errorBody('invalid_request_error', cached.message, requestId));
      return;
    }
    const limit = contextWindow;
    if (limit !== undefined) {
      const tokens = mockTokenCount(body);
      if (tokens > limit) {
        const message = `prompt is too long: ${tokens} tokens > ${limit} maximum`;
        writeJson({ res, baseHeaders }, 400, errorBody('invalid_request_error', message, requestId));
        return;
      }
    }

    const model = typeof body.model === 'string' ? body.model : 'mock-model';
    const step = nextStep() ?? defaultReplyStep(body);
    await writeStep(step, {
      res,
      requestId,
      baseHeaders,
      model,
      stream: body.stream === true,
      cacheUsage: cached.usage,
      onReply: (usage) => {
        // The API caches a prefix once its reply begins; an error answer caches nothing.
        cached.commit();
        recorded.usage = usage;
      },
    });
  };

  const server = createServer((req, res) => {
    openResponses.add(res);
    res.on('close', () => openResponses.delete(res));
    req.on('error', () => {}); // a client that aborts mid-upload is not the mock's failure
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        const body = errorBody('api_error', `Mock failure: ${String(error)}`);
        writeJson({ res, baseHeaders: { 'access-control-allow-origin': '*' } }, 500, body);
      } else {
        res.destroy();
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo; // listening on TCP, so never a pipe name

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get preflights() {
      return preflights;
    },
    get pendingSteps() {
      return queue.length;
    },
    get contextWindow() {
      return contextWindow;
    },
    limitContext(maxTokens) {
      contextWindow = checkedContextWindow(maxTokens);
    },
    messageRequests() {
      return requests.filter((r) => r.method === 'POST' && r.path.split('?')[0] === MESSAGES_PATH);
    },
    script(...steps) {
      for (const step of steps) queue.push({ step, left: Math.max(1, Math.floor(step.repeat ?? 1)) });
    },
    scriptCount(...steps) {
      countQueue.push(...steps);
    },
    reset() {
      queue.length = 0;
      countQueue.length = 0;
      requests.length = 0;
      preflights = 0;
      promptCache.clear();
    },
    waitForRequests(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          if (requests.length < count) return false;
          finish();
          resolve([...requests]);
          return true;
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`Mock API: waited ${timeoutMs} ms for ${count} requests, got ${requests.length}`));
        }, timeoutMs);
        const finish = (): void => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        if (!check()) waiters.add(check);
      });
    },
    async close() {
      // Hanging and streaming responses would keep server.close() waiting forever.
      for (const res of openResponses) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The text of the newest user turn that has any, as the default reply echoes it. */
export function lastUserText(body: MessagesRequestBody): string {
  const messages = body.messages ?? [];
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message?.role !== 'user') continue;
    const text = contentText(message.content);
    if (text) return text;
  }
  return '';
}

/**
 * With nothing scripted the mock still answers, deterministically: `Mock reply to: <text>`,
 * the user text squeezed to one line of at most 100 characters. Its usage is the prompt
 * cache's split of mockTokenCount, so a context meter has something to show.
 */
function defaultReplyStep(body: MessagesRequestBody): MockStep {
  const squeezed = lastUserText(body).replace(/\s+/g, ' ').trim();
  const echo = squeezed.length > MAX_DEFAULT_ECHO ? `${squeezed.slice(0, MAX_DEFAULT_ECHO)}…` : squeezed;
  const text = `Mock reply to: ${echo}`;
  // With thinking asked for, the reply thinks first, signed as the mock checks it.
  const thinking = thinkingRequested(body) ? [signedThinking(`Mock thinking about: ${echo}`)] : [];
  return { kind: 'reply', reply: { blocks: [...thinking, { type: 'text', text }] } };
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .flatMap((block: unknown) =>
      isRecord(block) && block.type === 'text' && typeof block.text === 'string' ? [block.text] : [],
    )
    .join('\n');
}

function parseBody(raw: string): MessagesRequestBody {
  try {
    const parsed: unknown = JSON.parse(raw);
    return isRecord(parsed) ? (parsed as MessagesRequestBody) : {}; // a JSON object; fields are checked where read
  } catch {
    return {};
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
