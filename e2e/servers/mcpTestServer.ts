/**
 * A real MCP server for tests, built with the official SDK (McpServer over Streamable
 * HTTP, or the older HTTP+SSE transport), on 127.0.0.1 and a free port. Start it in the
 * test's own process, like the mock of the Messages API:
 *
 *   const server = await startMcpTestServer();
 *   // connect a client to server.url, then read server.log.entries or GET server.logUrl
 *   await server.close();
 *
 * Its tools are in testTools.ts: echo, progress, slow, fail, image, huge, nudge, malformed.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CallLog, createCallLog } from './callLog';
import { offerInvalidToolList } from './invalidToolList';
import { answerPreflight, createMcpSessions, MCP_PATH, type McpSessions, SSE_PATH, setCors } from './mcpHttp';
import { registerManyTools, registerTestTools } from './testTools';

export interface McpTestServerOptions {
  /** `streamable` (default) serves MCP_PATH; `sse` only the older transport at SSE_PATH. */
  transport?: 'streamable' | 'sse';
  /** `invalid` lists broken schemas beside echo; `many` adds `manyCount` numbered tools. */
  tools?: 'standard' | 'invalid' | 'many';
  /** How many numbered tools `many` adds (default 500). */
  manyCount?: number;
  /** Default 0: a free port. */
  port?: number;
  /**
   * Logs every answered request to the MCP endpoint as a `request` entry with its
   * duration (arrival to the answer's last byte), so a measurement can take the server's
   * own time out of a round trip (bench P16). Off by default: the specs read the log by event.
   */
  logRequests?: boolean;
}

export interface McpTestServer {
  /** The MCP endpoint a client connects to: `http://127.0.0.1:PORT/mcp` (or `/sse`). */
  readonly url: string;
  readonly origin: string;
  /** GET answers the call log as JSON. */
  readonly logUrl: string;
  readonly log: CallLog;
  /** Open MCP sessions. */
  readonly sessions: number;
  /** Registers an echo-like tool named `name`; every connected client is sent tools/list_changed. */
  addTool(name: string): void;
  /** Cuts every open connection and stops listening at once, as a crashed server would. */
  kill(): Promise<void>;
  close(): Promise<void>;
}

export const LOG_PATH = '/log';

/** Answers the paths every test server shares: preflights and the log. True when it did. */
export function answerCommon(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  log: CallLog,
): boolean {
  setCors(req, res);
  if (req.method === 'OPTIONS') {
    answerPreflight(res);
    return true;
  }
  if (req.method === 'GET' && pathname === LOG_PATH) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(log.entries));
    return true;
  }
  return false;
}

/**
 * Logs `req` once its answer has been handed to the network ('finish'), with how long
 * that took from its arrival. A stream the server keeps open (the GET for notifications)
 * is logged when it ends, if ever.
 */
function logRequest(log: CallLog, req: IncomingMessage, res: ServerResponse, pathname: string): void {
  const arrived = performance.now();
  res.once('finish', () => {
    log.add({
      event: 'request',
      detail: `${req.method} ${pathname}`,
      durationMs: performance.now() - arrived,
    });
  });
}

/** Routes a request to the MCP transports; a 404 for any other path. */
export async function routeMcp(
  sessions: McpSessions,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
): Promise<void> {
  try {
    if (await sessions.handle(req, res, pathname)) return;
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  } catch (error) {
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(String(error));
  }
}

export async function startMcpTestServer(options: McpTestServerOptions = {}): Promise<McpTestServer> {
  const log = createCallLog();
  const transport = options.transport ?? 'streamable';
  const sessions = createMcpSessions({
    log,
    setup(server, session) {
      registerTestTools(server, log, session);
      if (options.tools === 'many') registerManyTools(server, options.manyCount ?? 500);
      if (options.tools === 'invalid') offerInvalidToolList(server);
    },
  });
  const endpoint = transport === 'sse' ? SSE_PATH : MCP_PATH;

  const http = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (answerCommon(req, res, pathname, log)) return;
    // Each server speaks one transport, so a client must find out which.
    const wrongTransport = transport === 'sse' ? pathname === MCP_PATH : pathname !== MCP_PATH;
    if (wrongTransport) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    if (options.logRequests) logRequest(log, req, res, pathname);
    void routeMcp(sessions, req, res, pathname);
  });
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  return stoppable({ http, sessions, log, origin, url: `${origin}${endpoint}` });
}

/** The shared end of a test server: its addresses, log, kill and close. */
export function stoppable(parts: {
  http: ReturnType<typeof createServer>;
  sessions: McpSessions;
  log: CallLog;
  origin: string;
  url: string;
}): McpTestServer {
  const { http, sessions, log, origin, url } = parts;
  let stopped: Promise<void> | undefined;
  const stop = (graceful: boolean) => {
    stopped ??= (async () => {
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      if (graceful) await sessions.closeAll();
      http.closeAllConnections();
      await closed;
    })();
    return stopped;
  };
  return {
    url,
    origin,
    logUrl: `${origin}${LOG_PATH}`,
    log,
    get sessions() {
      return sessions.count;
    },
    addTool: (name) => sessions.addTool(name),
    kill: () => stop(false),
    close: () => stop(true),
  };
}
