/**
 * A static server of a built app for the service worker specs, on a free port: it serves
 * the app under a sub-path (as a user might host it), with the Content-Security-Policy
 * and headers `vite preview` sends, and can switch to another build while running (a
 * deploy), which `vite preview` cannot. No single-page fallback: the app has one page,
 * and a file the current build does not have is a 404, as after a real deploy.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../vite.config';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.map': 'application/json',
};

export interface AppServer {
  /** The app's address: origin, sub-path, trailing slash. */
  readonly url: string;
  readonly origin: string;
  /** Every path asked of the server, in order: what the service worker did not answer. */
  readonly requests: string[];
  /** Serves another build from now on (a deploy). */
  serve(dir: string): void;
  close(): Promise<void>;
}

async function fileIn(root: string, path: string): Promise<string | undefined> {
  const full = normalize(join(root, decodeURIComponent(path)));
  if (!full.startsWith(normalize(root))) return undefined;
  try {
    return (await stat(full)).isFile() ? full : undefined;
  } catch {
    return undefined;
  }
}

export async function startAppServer(options: { dir: string; prefix: string }): Promise<AppServer> {
  let dir = options.dir;
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      requests.push(path);
      const inApp = path.startsWith(options.prefix) ? path.slice(options.prefix.length) : undefined;
      const file = inApp === undefined ? undefined : await fileIn(dir, inApp === '' ? 'index.html' : inApp);
      const headers = {
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
      };
      if (!file) {
        res.writeHead(404, { ...headers, 'content-type': 'text/plain' });
        res.end('not found');
        return;
      }
      const body = await readFile(file);
      res.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    })().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}${options.prefix}`,
    origin,
    requests,
    serve(next) {
      dir = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
