/**
 * One origin for the built app and the bench's own pages, so both reach the same
 * IndexedDB: the app at / (any unknown path gets index.html, as a single-page app) and
 * the baseline modules at /__bench/. The app's HTML carries the same
 * Content-Security-Policy as `npm start` serves it with.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../vite.config';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** Bench pages that are not files: a blank page on the origin, and P3's baseline page. */
const PAGES: Record<string, string> = {
  '/__bench/blank.html':
    '<!doctype html><html lang="en"><head><title>bench</title></head><body></body></html>',
  '/__bench/bare.html':
    '<!doctype html><html lang="en"><head><title>bench: headers</title>' +
    '<script type="module" src="/__bench/headers.js"></script></head><body></body></html>',
};

export interface BenchServer {
  origin: string;
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

export async function startBenchServer(options: {
  port: number;
  appDir: string;
  bareDir: string;
}): Promise<BenchServer> {
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const page = PAGES[path];
      if (page !== undefined) {
        res.writeHead(200, { 'content-type': TYPES['.html'] ?? '', 'cache-control': 'no-cache' });
        res.end(page);
        return;
      }
      const bench = path.startsWith('/__bench/');
      const file = bench
        ? await fileIn(options.bareDir, path.slice('/__bench/'.length))
        : ((await fileIn(options.appDir, path)) ?? join(options.appDir, 'index.html'));
      if (!file) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
        return;
      }
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      const headers: Record<string, string> = { 'content-type': type };
      if (type.startsWith('text/html')) {
        headers['cache-control'] = 'no-cache';
        if (!bench) headers['content-security-policy'] = CONTENT_SECURITY_POLICY;
      } else {
        // Built files do not change during a run; a second load reads them from the cache,
        // for the app and the baseline pages alike.
        headers['cache-control'] = 'max-age=3600';
      }
      headers['x-content-type-options'] = 'nosniff';
      const body = await readFile(file);
      res.writeHead(200, headers);
      res.end(body);
    })().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    origin: `http://127.0.0.1:${options.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
