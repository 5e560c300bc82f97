/**
 * A static server of a built app for the service worker specs, on a free port: it serves
 * the app under a sub-path (as a user might host it), with the Content-Security-Policy
 * and headers `vite preview` sends, and can switch to another build while running (a
 * deploy), which `vite preview` cannot. No single-page fallback: the app has one page,
 * and a file the current build does not have is a 404, as after a real deploy.
 */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../vite.config';
import { CONTENT_TYPES, fileIn, startLocalServer } from '../staticFiles';

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

export async function startAppServer(options: { dir: string; prefix: string }): Promise<AppServer> {
  let dir = options.dir;
  const requests: string[] = [];
  const server = await startLocalServer(0, async (req, res) => {
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
    res.writeHead(200, {
      ...headers,
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    });
    res.end(body);
  });
  const { origin } = server;
  return {
    url: `${origin}${options.prefix}`,
    origin,
    requests,
    serve(next) {
      dir = next;
    },
    close: () => server.close(),
  };
}
