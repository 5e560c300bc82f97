/**
 * Serving a built app from a folder, for the test and bench servers that stand in for a
 * host (e2e/pwa/appServer.ts, bench/lib/server.ts): content types, files looked up
 * safely inside the folder, and the local server itself.
 */
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** The file at URL path `path` inside `root`, or undefined: none there, or a path that leaves `root`. */
export async function fileIn(root: string, path: string): Promise<string | undefined> {
  const full = normalize(join(root, decodeURIComponent(path)));
  if (!full.startsWith(normalize(root))) return undefined;
  try {
    return (await stat(full)).isFile() ? full : undefined;
  } catch {
    return undefined;
  }
}

/** A local HTTP server on 127.0.0.1 answering with `answer`, or a 500 with the error's text. */
export interface LocalServer {
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  /** Stops it, its open connections included. */
  close(): Promise<void>;
}

export async function startLocalServer(
  port: number,
  answer: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<LocalServer> {
  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
