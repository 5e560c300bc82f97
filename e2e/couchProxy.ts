/**
 * A pass-through HTTP proxy in front of the CouchDB test server, one per test, so a spec
 * can cut the network between the devices and the server (a partition) without touching
 * the server the worker shares, and hold the server's answers to catch the app in the
 * middle of a push. CORS comes from the server behind it, unchanged.
 */
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ProxiedRequest {
  method: string;
  /** The path and query, e.g. `/baton-1/_bulk_docs`. */
  path: string;
  /** The server's status once it answered, undefined while it has not (or never will). */
  status?: number;
  /** True once the answer reached the browser. */
  answered: boolean;
}

export interface CouchProxy {
  /** `http://127.0.0.1:PORT`, without a trailing slash. */
  readonly url: string;
  databaseUrl(name: string): string;
  /** Every request except CORS preflights, in arrival order. */
  readonly requests: readonly ProxiedRequest[];
  /** Drops every connection now and refuses new ones: the server is unreachable. */
  cut(): void;
  /** Lets requests through again. */
  heal(): void;
  /**
   * Holds the answer to each request `matches` picks for `ms` after the server gave it
   * (the server has done the work; the browser has not heard). `undefined` stops holding.
   */
  holdAnswers(matches: ((method: string, path: string) => boolean) | undefined, ms?: number): void;
  close(): Promise<void>;
}

export async function startCouchProxy(target: string): Promise<CouchProxy> {
  const upstream = new URL(target);
  const requests: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  let cut = false;
  let hold: { matches: (method: string, path: string) => boolean; ms: number } | undefined;

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    if (cut) {
      req.socket.destroy();
      return;
    }
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const record: ProxiedRequest | undefined =
      method === 'OPTIONS' ? undefined : { method, path, answered: false };
    if (record) requests.push(record);
    const held = hold && record && hold.matches(method, path) ? hold.ms : 0;
    const outgoing = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method,
        path,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        if (record) record.status = answer.statusCode;
        const send = () => {
          if (cut || res.destroyed) {
            answer.destroy();
            res.destroy();
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', () => {
            if (record) record.answered = true;
          });
        };
        if (held > 0) setTimeout(send, held);
        else send();
      },
    );
    outgoing.on('error', () => res.destroy());
    req.pipe(outgoing);
  };

  const server = createServer(forward);
  server.on('connection', (socket) => {
    if (cut) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    databaseUrl: (name) => `${url}/${encodeURIComponent(name)}`,
    requests,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    heal() {
      cut = false;
    },
    holdAnswers(matches, ms = 0) {
      hold = matches ? { matches, ms } : undefined;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
