import { describe, expect, it } from 'vitest';
import { isPreviewable, PREVIEW_POLICY, previewDocument } from './previewDocument';

describe('the Preview policy', () => {
  it('opens no network', () => {
    const directives = PREVIEW_POLICY.split(';').map((d) => d.trim());
    expect(directives).toContain("default-src 'none'");
    expect(directives).toContain("form-action 'none'");
    // Nothing may be fetched or sent: no connect-src, no source that names a host or scheme of the network.
    expect(PREVIEW_POLICY).not.toMatch(/connect-src|https?:|\*|'self'/);
  });

  it('comes first in the document, before any markup of the file', () => {
    const doc = previewDocument('<html><head><title>x</title></head><body>hi</body></html>');
    expect(doc.indexOf(PREVIEW_POLICY)).toBeGreaterThan(0);
    expect(doc.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(doc.indexOf('<html>'));
  });

  it('is offered for HTML and SVG files only', () => {
    expect(['/a.html', '/b.HTM', '/c/d.svg'].map(isPreviewable)).toEqual([true, true, true]);
    expect(['/a.md', '/html', '/a.html.txt'].map(isPreviewable)).toEqual([false, false, false]);
  });
});
