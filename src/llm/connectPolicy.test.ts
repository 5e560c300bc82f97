import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../vite.config';
import { allowedByConnectSrc, baseUrlWarnings, CONNECT_SRC } from './connectPolicy';

const PAGE = 'http://127.0.0.1:4173';

describe('CONNECT_SRC', () => {
  it('is the connect-src the preview server serves', () => {
    const directive = CONTENT_SECURITY_POLICY.split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([name]) => name === 'connect-src');
    expect(directive?.slice(1)).toEqual([...CONNECT_SRC]);
  });
});

describe('allowedByConnectSrc with the served policy', () => {
  it.each([
    'https://api.anthropic.com',
    'https://gateway.example.com:8443/anthropic',
    'http://localhost:8080',
    'http://localhost',
    'http://127.0.0.1:9000/v1',
    'https://localhost:8443',
    `${PAGE}/api`,
  ])('allows %s', (url) => {
    expect(allowedByConnectSrc(url, PAGE)).toBe(true);
  });

  it.each([
    'http://192.168.1.20:8080',
    'http://api.example.com',
    'http://127.0.0.2:8080',
    'http://[::1]:8080',
    'ftp://files.example.com',
    'not a url',
  ])('refuses %s', (url) => {
    expect(allowedByConnectSrc(url, PAGE)).toBe(false);
  });
});

describe('allowedByConnectSrc, source expressions', () => {
  const check = (url: string, ...sources: string[]) => allowedByConnectSrc(url, 'https://app.test', sources);

  it("reads 'none', *, schemes, wildcard hosts and ports as CSP 3 does", () => {
    expect(check('https://x.test', "'none'")).toBe(false);
    expect(check('http://x.test:81', '*')).toBe(true);
    expect(check('https://x.test', 'http:')).toBe(true);
    expect(check('http://x.test', 'https:')).toBe(false);
    expect(check('https://a.example.com', '*.example.com')).toBe(true);
    expect(check('https://example.com', '*.example.com')).toBe(false);
    expect(check('https://example.com:444', 'https://example.com')).toBe(false);
    expect(check('https://example.com:443', 'https://example.com')).toBe(true);
    expect(check('https://example.com:9', 'https://example.com:*')).toBe(true);
    expect(check('https://example.com', 'http://example.com')).toBe(true);
    expect(check('https://example.com', 'example.com')).toBe(true);
    expect(check('https://app.test/v1', "'self'")).toBe(true);
    expect(check('https://other.test', "'self'")).toBe(false);
  });
});

describe('baseUrlWarnings', () => {
  it('has nothing to say about https, or http on this machine', () => {
    for (const url of [
      'https://api.anthropic.com',
      'http://localhost:8080',
      'http://127.0.0.1:3000',
      'nonsense',
    ])
      expect(baseUrlWarnings(url, PAGE)).toEqual([]);
  });

  it('warns that http to another host is unencrypted, and that the policy blocks it', () => {
    expect(baseUrlWarnings('http://192.168.1.20:8080', PAGE)).toEqual([
      'http:// sends your API key and conversation unencrypted to 192.168.1.20:8080. Use https:// unless that host is this machine.',
      "This page's security policy (Content-Security-Policy connect-src) will block requests to 192.168.1.20:8080: Baton may call https:// addresses, and http:// only on localhost or 127.0.0.1.",
    ]);
  });

  it('warns of the policy alone for a loopback address it does not list', () => {
    expect(baseUrlWarnings('http://127.0.0.2:8080', PAGE)).toEqual([
      expect.stringMatching(/^This page's security policy .* will block requests to 127\.0\.0\.2:8080:/),
    ]);
  });
});
