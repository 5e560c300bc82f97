import { describe, expect, it } from 'vitest';
import { isSafeLinkHref, SAFE_DATA_IMAGE } from './safeUrls';

describe('isSafeLinkHref', () => {
  it.each([
    'https://example.com/a?b#c',
    'http://example.com',
    'mailto:someone@example.com',
    '#section',
    'relative/path',
    '/absolute',
  ])('allows %s', (href) => {
    expect(isSafeLinkHref(href)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'blob:https://example.com/x',
  ])('rejects %j', (href) => {
    expect(isSafeLinkHref(href)).toBe(false);
  });
});

describe('SAFE_DATA_IMAGE', () => {
  it('accepts raster base64 images only', () => {
    expect(SAFE_DATA_IMAGE.test('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(SAFE_DATA_IMAGE.test('data:image/webp;base64,UklGRg==')).toBe(true);
    expect(SAFE_DATA_IMAGE.test('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(SAFE_DATA_IMAGE.test('data:image/png,<svg onload=alert(1)>')).toBe(false);
    expect(SAFE_DATA_IMAGE.test('data:text/html;base64,PHNjcmlwdD4=')).toBe(false);
    expect(SAFE_DATA_IMAGE.test('https://example.com/x.png')).toBe(false);
  });
});
