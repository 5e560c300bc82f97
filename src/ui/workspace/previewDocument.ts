/**
 * The document an HTML or SVG file's Preview renders, in an `<iframe sandbox="allow-scripts">`
 * without allow-same-origin: the frame's origin is opaque, so its scripts can read neither
 * Baton's storage (the API key, IndexedDB, other sessions) nor its page. The policy below
 * closes the network too: nothing is fetched, sent or submitted; only the file's own
 * inline scripts and styles and data:/blob: images are allowed. The frame page is served
 * with this policy (vite.config.ts imports it).
 */

/** The frame page (public/preview-frame.html), relative to the app's page like every URL of the app. */
export const PREVIEW_FRAME_URL = './preview-frame.html';
export const PREVIEW_POLICY = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  'img-src data: blob:',
  'font-src data:',
  'media-src data: blob:',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Files with a Preview tab. */
export function isPreviewable(path: string): boolean {
  return /\.(html?|svg)$/i.test(path);
}

/**
 * The policy's meta element comes first, so the parser puts it in the head before any of
 * the file's own markup (a later `<html>` or `<head>` merges into the one begun here): a
 * policy meta anywhere later, or one the file brings, can only narrow it further.
 */
export function previewDocument(text: string): string {
  return `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${PREVIEW_POLICY}">${text}`;
}
