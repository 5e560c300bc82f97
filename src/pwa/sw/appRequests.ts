/**
 * Which requests Baton's service worker answers, decided from the request alone, so the
 * rule is read (and tested) in one place. The worker answers only same-origin GET requests
 * for the app's own page and files under its scope, and none that carries a credential.
 * Everything else is never seen by the caches: the model API (whatever origin the user
 * configures), MCP servers, sync servers, and any request with a key go to the network
 * exactly as the page sent them.
 */

export type RequestRoute =
  /** A navigation to the app's page (the scope itself or its index.html): the cached page. */
  | 'page'
  /** A file of the version this worker installed: from the precache. */
  | 'precached'
  /** A file of the app not in this version: kept for a tab still running an older one, else the network. */
  | 'older-file'
  /** Not the worker's business: the browser fetches it as if there were no worker. */
  | 'network';

export interface RequestFacts {
  method: string;
  url: string;
  mode: string;
  headers: { has(name: string): boolean };
}

/** Headers that carry a key: such a request is never answered from a cache. */
const CREDENTIAL_HEADERS = ['authorization', 'x-api-key', 'cookie'];

/** Vite's folder for built files (build.assetsDir), relative to the scope. */
export const ASSETS_DIR = 'assets/';

/**
 * `scope` is the registration's scope URL (ends with "/"); `isPrecached` says whether a
 * URL (without its query) is one of this version's files.
 */
export function routeRequest(
  request: RequestFacts,
  scope: string,
  isPrecached: (url: string) => boolean,
): RequestRoute {
  if (request.method !== 'GET') return 'network';
  if (CREDENTIAL_HEADERS.some((name) => request.headers.has(name))) return 'network';
  const url = new URL(request.url);
  const base = new URL(scope);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return 'network';
  const path = url.pathname.slice(base.pathname.length);
  if (request.mode === 'navigate') return path === '' || path === 'index.html' ? 'page' : 'network';
  // The query is not a version: files are named by their content.
  if (isPrecached(`${url.origin}${url.pathname}`)) return 'precached';
  return path.startsWith(ASSETS_DIR) ? 'older-file' : 'network';
}
