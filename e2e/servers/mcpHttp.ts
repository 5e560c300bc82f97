/**
 * The HTTP side of a test MCP server, on plain node:http: CORS for a browser page, one
 * Streamable HTTP transport (and one McpServer) per session, the older SSE transport at
 * /sse + /messages, GET /log, and the `malformed` tool answered here with a body that is
 * not JSON-RPC. The plain server and the OAuth server both route their MCP requests here.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { CallLog } from './callLog';
import { MALFORMED_TOOL } from './testTools';

export const MCP_PATH = '/mcp';
export const SSE_PATH = '/sse';
export const SSE_MESSAGES_PATH = '/messages';

const ALLOWED_HEADERS = 'content-type, authorization, mcp-session-id, mcp-protocol-version, last-event-id';
const EXPOSED_HEADERS = 'mcp-session-id, www-authenticate';
const MAX_BODY = 4 * 1024 * 1024;

/** Sets the CORS headers every answer carries; writeHead of the transports merges them in. */
export function setCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
  res.setHeader('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
  res.setHeader('access-control-allow-headers', ALLOWED_HEADERS);
  res.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
  res.setHeader('vary', 'Origin');
}

export function answerPreflight(res: ServerResponse): void {
  res.writeHead(204, { 'access-control-max-age': '600' });
  res.end();
}

function jsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/** The request's JSON body; undefined (and a 400 already sent) when it is not JSON. */
async function readJson(req: IncomingMessage, res: ServerResponse): Promise<{ body: unknown } | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) {
      jsonRpcError(res, 413, -32600, 'Request body too large');
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw === '') return { body: undefined };
  try {
    return { body: JSON.parse(raw) };
  } catch {
    jsonRpcError(res, 400, -32700, 'Parse error');
    return undefined;
  }
}

const MalformedCall = z.object({
  method: z.literal('tools/call'),
  id: z.union([z.string(), z.number()]),
  params: z.object({
    name: z.literal(MALFORMED_TOOL),
    arguments: z.object({ kind: z.enum(['syntax', 'shape']).optional() }).optional(),
  }),
});

/**
 * Answers a call of the `malformed` tool with a body a client cannot take: not JSON at
 * all (`syntax`), or a JSON-RPC answer whose result is not a tool result (`shape`).
 */
function answerMalformed(body: unknown, res: ServerResponse, log: CallLog, session?: string): boolean {
  const call = MalformedCall.safeParse(body);
  if (!call.success) return false;
  const kind = call.data.params.arguments?.kind ?? 'syntax';
  log.add({ event: 'malformed_answer', tool: MALFORMED_TOOL, detail: kind, session });
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    kind === 'syntax'
      ? `{"jsonrpc":"2.0","id":${JSON.stringify(call.data.id)},"result":{"content":[`
      : JSON.stringify({ jsonrpc: '2.0', id: call.data.id, result: { content: 'not a list' } }),
  );
  return true;
}

export interface McpSessionsOptions {
  log: CallLog;
  /** Registers the tools (and any handler overrides) on a new session's server. */
  setup(server: McpServer, session: () => string | undefined): void;
}

export interface McpSessions {
  /** Handles a request under MCP_PATH, SSE_PATH or SSE_MESSAGES_PATH; false for any other path. */
  handle(req: IncomingMessage & { auth?: AuthInfo }, res: ServerResponse, pathname: string): Promise<boolean>;
  /** Registers an echo-like tool on every open session (each is sent tools/list_changed) and on new ones. */
  addTool(name: string): void;
  readonly count: number;
  closeAll(): Promise<void>;
}

interface Session {
  server: McpServer;
  transport: StreamableHTTPServerTransport | SSEServerTransport;
}

export function createMcpSessions({ log, setup }: McpSessionsOptions): McpSessions {
  const sessions = new Map<string, Session>();
  const extraTools: string[] = [];

  const registerExtra = (server: McpServer, name: string) =>
    server.registerTool(name, { description: `Added later: ${name}.` }, async () => ({
      content: [{ type: 'text', text: name }],
    }));

  const newServer = (session: () => string | undefined): McpServer => {
    const server = new McpServer({ name: 'baton-test-server', version: '1.0.0' });
    setup(server, session);
    for (const name of extraTools) registerExtra(server, name);
    return server;
  };

  const streamable = async (req: IncomingMessage, res: ServerResponse, body: unknown) => {
    const id = req.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const session = sessions.get(id);
      if (!session || !(session.transport instanceof StreamableHTTPServerTransport)) {
        jsonRpcError(res, 404, -32001, 'Session not found');
        return;
      }
      if (answerMalformed(body, res, log, id)) return;
      await session.transport.handleRequest(req, res, body);
      return;
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      jsonRpcError(res, 400, -32000, 'Bad Request: no session; initialize first');
      return;
    }
    let sessionId: string | undefined;
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (newId) => {
        sessionId = newId;
        sessions.set(newId, { server, transport });
      },
    });
    transport.onclose = () => {
      if (sessionId) sessions.delete(sessionId);
    };
    const server = newServer(() => sessionId);
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const legacySse = async (req: IncomingMessage, res: ServerResponse, pathname: string, url: URL) => {
    if (pathname === SSE_PATH) {
      if (req.method !== 'GET') {
        res.writeHead(405, { allow: 'GET' }).end('This server speaks the older HTTP+SSE transport only.');
        return;
      }
      const transport = new SSEServerTransport(SSE_MESSAGES_PATH, res);
      const sessionId = transport.sessionId;
      const server = newServer(() => sessionId);
      sessions.set(sessionId, { server, transport });
      transport.onclose = () => sessions.delete(sessionId);
      await server.connect(transport);
      return;
    }
    const session = sessions.get(url.searchParams.get('sessionId') ?? '');
    if (req.method !== 'POST' || !session || !(session.transport instanceof SSEServerTransport)) {
      res.writeHead(404).end('Session not found');
      return;
    }
    const read = await readJson(req, res);
    if (!read) return;
    if (answerMalformed(read.body, res, log, session.transport.sessionId)) return;
    await session.transport.handlePostMessage(req, res, read.body);
  };

  return {
    async handle(req, res, pathname) {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (pathname === SSE_PATH || pathname === SSE_MESSAGES_PATH) {
        await legacySse(req, res, pathname, url);
        return true;
      }
      if (pathname !== MCP_PATH) return false;
      if (req.method === 'POST') {
        const read = await readJson(req, res);
        if (read) await streamable(req, res, read.body);
      } else {
        await streamable(req, res, undefined);
      }
      return true;
    },
    addTool(name) {
      extraTools.push(name);
      for (const { server } of sessions.values()) registerExtra(server, name);
    },
    get count() {
      return sessions.size;
    },
    async closeAll() {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(open.map(({ server }) => server.close().catch(() => undefined)));
    },
  };
}
