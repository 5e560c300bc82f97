import { afterEach, describe, expect, it, vi } from 'vitest';
import { PolicyWatch } from './policyViolations';

/** A page's `document` as far as the watch uses it: somewhere policy violations are dispatched. */
function page(): EventTarget {
  const document = new EventTarget();
  vi.stubGlobal('document', document);
  return document;
}

function violation(directive: string, blockedURI: string): Event {
  return Object.assign(new Event('securitypolicyviolation'), { effectiveDirective: directive, blockedURI });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('PolicyWatch', () => {
  it('knows an origin is blocked once the page heard a connect-src violation for it, for any path', () => {
    const document = page();
    const watch = new PolicyWatch();
    watch.watch();
    expect(watch.blocked('https://gateway.example/v1/messages')).toBe(false);
    document.dispatchEvent(violation('connect-src', 'https://gateway.example/v1/messages'));
    expect(watch.blocked('https://gateway.example/v1/other')).toBe(true);
    expect(watch.blocked('https://api.anthropic.com/v1/messages')).toBe(false);
  });

  it('ignores violations of other directives and blocked URIs that are not URLs', () => {
    const document = page();
    const watch = new PolicyWatch();
    watch.watch();
    document.dispatchEvent(violation('img-src', 'https://images.example/a.png'));
    document.dispatchEvent(violation('connect-src', 'inline'));
    expect(watch.blocked('https://images.example/v1/messages')).toBe(false);
    expect(watch.blocked('not a url')).toBe(false);
  });

  it('hears nothing before watch() is called, and listens only once however often it is called', () => {
    const document = page();
    const add = vi.spyOn(document, 'addEventListener');
    const watch = new PolicyWatch();
    document.dispatchEvent(violation('connect-src', 'https://early.example/'));
    expect(watch.blocked('https://early.example/')).toBe(false);
    watch.watch();
    watch.watch();
    expect(add).toHaveBeenCalledTimes(1);
  });

  it('without a page (Node, a worker) watch() does nothing', () => {
    const watch = new PolicyWatch();
    expect(() => watch.watch()).not.toThrow();
    expect(watch.blocked('http://example.test/')).toBe(false);
  });

  it('in the production build, a URL outside the served connect-src counts as blocked before any event', () => {
    vi.stubEnv('PROD', true);
    vi.stubGlobal('location', { origin: 'https://baton.example' });
    const watch = new PolicyWatch();
    expect(watch.blocked('http://api.example.com/v1')).toBe(true);
    expect(watch.blocked('https://api.example.com/v1')).toBe(false);
    expect(watch.blocked('http://localhost:8080/v1')).toBe(false);
  });

  it('outside the production build (the dev server sends no policy) the list says nothing', () => {
    vi.stubEnv('PROD', false);
    vi.stubGlobal('location', { origin: 'https://baton.example' });
    expect(new PolicyWatch().blocked('http://api.example.com/v1')).toBe(false);
  });
});
