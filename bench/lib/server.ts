/**
 * One origin for the built app and the bench's own pages, so both reach the same
 * IndexedDB: the app at / (any unknown path gets index.html, as a single-page app) and
 * the baseline modules at /__bench/. The app's HTML carries the same
 * Content-Security-Policy as `npm start` serves it with.
 */
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { CONTENT_TYPES, fileIn, startLocalServer } from '../../e2e/staticFiles';
import { CONTENT_SECURITY_POLICY } from '../../vite.config';

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

export async function startBenchServer(options: {
  port: number;
  appDir: string;
  bareDir: string;
}): Promise<BenchServer> {
  return startLocalServer(options.port, async (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const page = PAGES[path];
    if (page !== undefined) {
      res.writeHead(200, { 'content-type': CONTENT_TYPES['.html'] ?? '', 'cache-control': 'no-cache' });
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
    const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
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
  });
}
