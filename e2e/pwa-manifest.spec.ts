/**
 * Installable (issue 29): the page names a complete web app manifest, every icon it
 * lists is a PNG of the stated size, the page has its light and dark theme colours and
 * Apple's icon, and Chromium finds nothing in the way of installing it.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { openApp } from './helpers';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk (after the 8-byte signature and the chunk's length and type). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function fetchPng(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type'], url).toBe('image/png');
  return pngSize(await response.body());
}

test('a complete web app manifest, icons at their stated sizes, and nothing in the way of installing', async ({
  page,
  request,
}) => {
  await openApp(page);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('./manifest.webmanifest');
  const manifestUrl = new URL(href ?? '', page.url()).href;
  const response = await request.get(manifestUrl);
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };

  expect(manifest).toMatchObject({
    name: 'Baton',
    short_name: 'Baton',
    display: 'standalone',
    // Relative, so they hold under any sub-path.
    start_url: './',
    scope: './',
    id: './',
    lang: 'en',
  });
  expect(String(manifest.description)).toMatch(/handoff/);
  const light = await page.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]');
  const dark = await page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]');
  expect(manifest.theme_color).toBe(await light.getAttribute('content'));
  expect(manifest.background_color).toBe(await light.getAttribute('content'));
  expect(await dark.getAttribute('content')).toMatch(/^#[0-9a-f]{6}$/);
  expect(await dark.getAttribute('content')).not.toBe(manifest.theme_color);

  // The sizes installing needs: 192 and 512, and a maskable 512.
  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    expect(icon.type).toBe('image/png');
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(await fetchPng(request, new URL(icon.src, manifestUrl).href), icon.src).toEqual({ width, height });
  }
  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(await fetchPng(request, new URL(apple ?? '', page.url()).href)).toEqual({ width: 180, height: 180 });
  const favicon = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute('href');
  expect((await request.get(new URL(favicon ?? '', page.url()).href)).status()).toBe(200);

  // Chromium's own reading: no manifest error, nothing that stops installing (but the
  // test's off-the-record window, where no browser installs anything).
  const cdp = await page.context().newCDPSession(page);
  const parsed = await cdp.send('Page.getAppManifest');
  expect(parsed.errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
});
