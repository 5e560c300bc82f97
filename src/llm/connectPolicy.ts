/**
 * Where the served page may send requests: the `connect-src` of its Content-Security-Policy
 * (served by vite.config.ts, whose list connectPolicy.test.ts keeps equal to CONNECT_SRC),
 * and the check of an API base URL against it, so Settings can warn before a URL is saved
 * that the browser will refuse, and an error can name the policy.
 *
 * Plain TypeScript without DOM: the page's origin is passed in.
 */

/** Any https origin (the official API, a gateway), and plain http only on this machine. */
export const CONNECT_SRC: readonly string[] = [
  "'self'",
  'https:',
  'http://localhost:*',
  'http://127.0.0.1:*',
];

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };

/**
 * Whether a request to `url` from a page at `pageOrigin` passes `sources`, by the rules of
 * CSP Level 3 for the expressions a connect-src holds: 'self', 'none', `*`, scheme sources
 * (`https:`) and host sources (`http://host:port`, `*.example.com`, port `*`). Paths in a
 * source are not checked; a URL that does not parse is never allowed.
 */
export function allowedByConnectSrc(
  url: string,
  pageOrigin: string | undefined,
  sources: readonly string[] = CONNECT_SRC,
): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  const page = parseOrigin(pageOrigin);
  return sources.some((source) => matches(source.trim(), target, page));
}

function matches(source: string, url: URL, page: URL | undefined): boolean {
  const lower = source.toLowerCase();
  if (lower === "'none'") return false;
  if (lower === "'self'") return page !== undefined && sameOriginOrUpgrade(url, page);
  if (lower === '*') return ['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol);
  if (/^[a-z][a-z0-9+.-]*:$/.test(lower)) return schemeMatches(lower, url.protocol);
  const host = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[^:/]+)(?::(\*|\d+))?(?:\/.*)?$/.exec(lower);
  if (!host) return false;
  const [, scheme, hostPart = '', port] = host;
  if (scheme !== undefined) {
    if (!schemeMatches(`${scheme}:`, url.protocol)) return false;
  } else if (!page || !schemeMatches(page.protocol, url.protocol)) {
    return false;
  }
  if (!hostMatches(hostPart, url.hostname.toLowerCase())) return false;
  return portMatches(port, url, scheme === undefined ? page?.protocol : `${scheme}:`);
}

/** A source's scheme allows itself and its secure form (http: allows https:, ws: allows wss:). */
function schemeMatches(source: string, target: string): boolean {
  if (source === target) return true;
  return (source === 'http:' && target === 'https:') || (source === 'ws:' && target === 'wss:');
}

function hostMatches(source: string, host: string): boolean {
  if (source === '*') return true;
  if (source.startsWith('*.')) return host.endsWith(source.slice(1));
  return source === host;
}

function portMatches(source: string | undefined, url: URL, sourceScheme: string | undefined): boolean {
  if (source === '*') return true;
  const port = url.port || DEFAULT_PORTS[url.protocol] || '';
  if (source !== undefined) return port === source;
  // No port given: the default one of the source's scheme, or 443 where http was upgraded.
  const expected = DEFAULT_PORTS[sourceScheme ?? url.protocol] ?? '';
  return port === expected || (expected === '80' && port === '443' && url.protocol === 'https:');
}

function sameOriginOrUpgrade(url: URL, page: URL): boolean {
  if (url.origin === page.origin) return true;
  // 'self' on an http page also allows its https form on the default port (CSP 3).
  return page.protocol === 'http:' && url.protocol === 'https:' && url.hostname === page.hostname;
}

function parseOrigin(origin: string | undefined): URL | undefined {
  if (!origin) return undefined;
  try {
    return new URL(origin);
  } catch {
    return undefined;
  }
}

/** Hosts that never leave the machine, where plain http carries the key no further. */
function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host);
}

/**
 * What Settings says about a base URL before it is saved: that plain http to another
 * machine sends the key unencrypted, and that the page's policy would block it. Empty
 * when there is nothing to say (or the URL does not parse: the form says that itself).
 */
export function baseUrlWarnings(baseURL: string, pageOrigin: string | undefined): string[] {
  let url: URL;
  try {
    url = new URL(baseURL.trim());
  } catch {
    return [];
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return [];
  const warnings: string[] = [];
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    warnings.push(
      `http:// sends your API key and conversation unencrypted to ${url.host}. Use https:// unless that host is this machine.`,
    );
  }
  if (!allowedByConnectSrc(url.href, pageOrigin)) {
    warnings.push(
      `This page's security policy (Content-Security-Policy connect-src) will block requests to ${url.host}: Baton may call https:// addresses, and http:// only on localhost or 127.0.0.1.`,
    );
  }
  return warnings;
}
