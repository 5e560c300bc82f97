/**
 * Baton's service worker, built by vite-plugin-pwa (`injectManifest`, vite.config.ts)
 * into sw.js beside index.html; Workbox writes this version's file list into
 * `self.__WB_MANIFEST`.
 *
 * - Install: Workbox precaches every file of this version (the page, all chunks and
 *   workers, styles, icons, the manifest). A new version then waits: it takes over only
 *   when a tab's Reload asks (SKIP_WAITING) or every tab of the old one has closed.
 * - Activate: the replaced version's files are kept for the tabs still running it
 *   (olderFiles.ts), then Workbox deletes them from the precache, and the worker takes
 *   control of any tab it did not control yet (a first visit starts offline-ready).
 * - Fetch: appRequests.ts decides. The page's navigations get the cached index.html
 *   (with the headers it was served with, its Content-Security-Policy included); the
 *   app's files come from the precache; nothing else is answered or cached. Where the
 *   browser takes static routes, requests outside the scope and all but GETs do not
 *   even start the worker.
 */
import { PrecacheController } from 'workbox-precaching';
import { ASSETS_DIR, routeRequest } from './appRequests';
import {
  forgetOlderFilesWhenUnused,
  keepReplacedFiles,
  matchOlderFile,
  type WindowClients,
} from './olderFiles';

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface InstallEventLike extends ExtendableEventLike {
  /** Static routes (Chromium 123 on); absent elsewhere. */
  addRoutes?(rules: unknown[]): Promise<void>;
}

interface FetchEventLike extends ExtendableEventLike {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}

/** The worker's scope, as much of it as is used (the project's DOM lib types `self` as a window). */
interface WorkerScope {
  readonly registration: { readonly scope: string };
  readonly clients: WindowClients & { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: InstallEventLike) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const scope = worker.registration.scope;

const precache = new PrecacheController();
precache.addToCacheList(self.__WB_MANIFEST);

/**
 * Tells the browser what the worker never answers (appRequests.ts), so that it sends it
 * straight to the network without starting the worker: anything outside the app's scope
 * (the model API, MCP and sync servers) and anything but a GET. The fetch handler keeps
 * the same rule, and alone applies it where the browser has no static routes.
 */
function routeAroundWorker(event: InstallEventLike): void {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern === 'undefined') return;
  const base = new URL(scope);
  const inScope = new URLPattern({
    protocol: base.protocol.slice(0, -1),
    hostname: base.hostname,
    port: base.port,
    pathname: `${base.pathname}*`,
  });
  const rules = [
    { condition: { not: { urlPattern: inScope } }, source: 'network' },
    { condition: { not: { requestMethod: 'GET' } }, source: 'network' },
  ];
  // A browser that knows static routes but not these conditions: the fetch handler decides alone.
  event.waitUntil(event.addRoutes(rules).catch(() => undefined));
}

worker.addEventListener('install', (event) => {
  routeAroundWorker(event);
  precache.install(event);
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await keepReplacedFiles({
        scope,
        precacheName: precache.strategy.cacheName,
        expectedKeys: new Set(precache.getURLsToCacheKeys().values()),
        filesPrefix: new URL(ASSETS_DIR, scope).href,
        clients: worker.clients,
      });
      await precache.activate(event);
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void worker.skipWaiting();
});

/** The cached file for `url`, else the network's answer (a precache emptied by the browser). */
async function fromPrecache(url: string, request: Request): Promise<Response> {
  return (await precache.matchPrecache(url)) ?? fetch(request);
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const route = routeRequest(request, scope, (url) => precache.getCacheKeyForURL(url) !== undefined);
  const file = request.url.split(/[?#]/)[0] ?? request.url;
  switch (route) {
    case 'page':
      event.respondWith(fromPrecache(new URL('index.html', scope).href, request));
      // A new page load: tabs of an older version may all be gone by now.
      event.waitUntil(forgetOlderFilesWhenUnused(scope, worker.clients));
      return;
    case 'precached':
      event.respondWith(fromPrecache(file, request));
      return;
    case 'older-file':
      event.respondWith(matchOlderFile(file).then((kept) => kept ?? fetch(request)));
      return;
    case 'network':
      return;
  }
});
