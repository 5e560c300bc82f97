/**
 * What the service worker answers. Only the app's own page and files, same origin, GET,
 * under its scope, and nothing carrying a key: the model API (any origin), MCP and sync
 * servers, and anything else reach the network as if there were no worker.
 */
import { describe, expect, it } from 'vitest';
import { type RequestFacts, routeRequest } from './appRequests';

const SCOPE = 'https://example.org/tools/baton/';
const PRECACHED = new Set([
  `${SCOPE}index.html`,
  `${SCOPE}assets/main-abc.js`,
  `${SCOPE}manifest.webmanifest`,
]);

function request(url: string, extra: Partial<RequestFacts> & { header?: string } = {}): RequestFacts {
  const { header, ...rest } = extra;
  return {
    method: 'GET',
    url,
    mode: 'cors',
    headers: { has: (name) => name === header },
    ...rest,
  };
}

const route = (facts: RequestFacts) => routeRequest(facts, SCOPE, (url) => PRECACHED.has(url));

describe('routeRequest', () => {
  it("answers navigations to the app's page, with or without index.html, whatever the query", () => {
    expect(route(request(SCOPE, { mode: 'navigate' }))).toBe('page');
    expect(route(request(`${SCOPE}index.html`, { mode: 'navigate' }))).toBe('page');
    expect(route(request(`${SCOPE}?source=pwa#x`, { mode: 'navigate' }))).toBe('page');
  });

  it('leaves other navigations to the network, inside the scope and out of it', () => {
    expect(route(request(`${SCOPE}docs/handoff.html`, { mode: 'navigate' }))).toBe('network');
    expect(route(request('https://example.org/tools/', { mode: 'navigate' }))).toBe('network');
    expect(route(request('https://example.org/tools/batonic/', { mode: 'navigate' }))).toBe('network');
  });

  it("serves this version's files from the precache, ignoring a query", () => {
    expect(route(request(`${SCOPE}assets/main-abc.js`))).toBe('precached');
    expect(route(request(`${SCOPE}assets/main-abc.js?v=2`))).toBe('precached');
    expect(route(request(`${SCOPE}manifest.webmanifest`))).toBe('precached');
  });

  it("looks for another version's built files among the kept ones, and nothing else", () => {
    expect(route(request(`${SCOPE}assets/main-old.js`))).toBe('older-file');
    expect(route(request(`${SCOPE}notes.txt`))).toBe('network');
    expect(route(request(`${SCOPE}sub/assets/x.js`))).toBe('network');
  });

  it('never answers the model API, MCP or sync servers, on any origin', () => {
    for (const url of [
      'https://api.anthropic.com/v1/messages',
      'https://gateway.example.com/v1/models',
      'http://127.0.0.1:8931/mcp',
      'http://localhost:5984/baton/_changes?since=now',
      'https://example.org/v1/messages',
      'https://example.org:8443/tools/baton/assets/main-abc.js',
      'http://example.org/tools/baton/assets/main-abc.js',
    ]) {
      expect(route(request(url)), url).toBe('network');
    }
  });

  it('never answers a request that is not a GET, even for a file of the app', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']) {
      expect(route(request(`${SCOPE}assets/main-abc.js`, { method }))).toBe('network');
    }
  });

  it('never answers a request carrying a key or a cookie, even for a file of the app', () => {
    for (const header of ['authorization', 'x-api-key', 'cookie']) {
      expect(route(request(`${SCOPE}assets/main-abc.js`, { header }))).toBe('network');
      expect(route(request(SCOPE, { header, mode: 'navigate' }))).toBe('network');
    }
  });
});
