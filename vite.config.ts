/// <reference types="vitest/config" />

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { ChunkingContext, ModuleInfo } from 'rolldown';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PREVIEW_POLICY } from './src/ui/workspace/previewDocument';

/**
 * The served app may run only its own scripts: no inline script, no eval, no plugins.
 * Requests may go to any https origin (the API base URL is the user's choice: the
 * official API, a gateway, a proxy) and to local http ports (a proxy on the machine).
 * Settings checks the base URL against the same list (CONNECT_SRC in
 * src/llm/connectPolicy.ts; a unit test keeps the two equal, since importing it here
 * would need a file extension the type checker refuses).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "worker-src 'self'",
  "font-src 'self'",
  "connect-src 'self' https: http://localhost:* http://127.0.0.1:*",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The Files panel's Preview frame (public/preview-frame.html, issue 26) runs the inline
 * scripts of the user's HTML files, so it cannot live under the app's policy (a srcdoc
 * frame would inherit it): it is served with the preview's own, PREVIEW_POLICY
 * (src/ui/workspace/previewDocument.ts, which also puts it in the document): no network at
 * all, only inline scripts and styles and data:/blob: images; and the frame is sandboxed
 * without allow-same-origin, so nothing in it reaches the app's storage or page. A host
 * serving the built app with a policy must serve this page with this one.
 */

/** `npm start` (vite preview) serves the Preview frame's page with its own policy, not the app's. */
function previewFramePolicy(): Plugin {
  let outDir = '';
  return {
    name: 'baton-preview-frame-policy',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configurePreviewServer(server) {
      // Before the preview server's own middlewares, which would give it the app's policy.
      server.middlewares.use((req, res, next) => {
        if (!/\/preview-frame\.html(?:\?|$)/.test(req.url ?? '')) return next();
        res.writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': PREVIEW_POLICY,
          'X-Content-Type-Options': 'nosniff',
        });
        res.end(readFileSync(join(outDir, 'preview-frame.html')));
      });
    },
  };
}

/**
 * The entry (src/boot.ts) loads the UI (src/main.tsx) by a dynamic import, so that it
 * can ask for the database before the UI is evaluated. Vite would then fetch the UI's
 * files only once the entry has run; this lists them in the page, as it lists an entry's
 * static imports, so the browser fetches them alongside the entry. Their styles become
 * stylesheets of the page, as they were while the UI was part of the entry.
 */
function preloadUi(): Plugin {
  // The page's files are named relative to it (base './'), as Vite names its own.
  let base = './';
  return {
    name: 'baton-preload-ui',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const ui = Object.values(bundle).find(
          (file) => file.type === 'chunk' && file.moduleIds.includes(MAIN_ID),
        );
        if (ui?.type !== 'chunk') return [];
        const seen = new Set<string>([entry.fileName, ...entry.imports]);
        const scripts: string[] = [];
        const styles = new Set<string>();
        const visit = (fileName: string): void => {
          const file = bundle[fileName];
          if (file?.type !== 'chunk') return;
          for (const css of file.viteMetadata?.importedCss ?? []) styles.add(css);
          if (seen.has(fileName)) return;
          seen.add(fileName);
          scripts.push(fileName);
          for (const imported of file.imports) visit(imported);
        };
        visit(ui.fileName);
        for (const css of entry.viteMetadata?.importedCss ?? []) styles.delete(css);
        const link = (rel: string, href: string): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `${base}${href}` },
          injectTo: 'head',
        });
        return [
          ...scripts.map((file) => link('modulepreload', file)),
          ...[...styles].map((file) => link('stylesheet', file)),
        ];
      },
    },
  };
}

/** Where a module's static imports lead: the module and everything it loads with it. */
function staticClosure(root: string, getModuleInfo: (id: string) => ModuleInfo | null): Set<string> {
  const seen = new Set<string>();
  const pending = [root];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The UI's modules (src/main.tsx and its static imports, less what the entry has) in
 * one chunk, as they were in the entry's before the entry became src/boot.ts. Left to
 * itself the bundler splits off every module the UI shares with a lazily loaded chunk,
 * some fifteen small files that compress worse apart (bench P5).
 */
function uiChunkName(): (id: string, context: ChunkingContext) => string | null {
  let ui: Set<string> | undefined;
  return (id, context) => {
    if (!ui) {
      const getModuleInfo = (module: string) => context.getModuleInfo(module);
      const all = [...staticClosure(MAIN_ID, getModuleInfo)];
      const entry = staticClosure(BOOT_ID, getModuleInfo);
      ui = new Set(all.filter((module) => !entry.has(module)));
    }
    return ui.has(id) ? 'main' : null;
  };
}

/**
 * The MCP SDK's client imports Ajv (`validation/ajv-provider.js`) for a default output
 * validator that Baton never uses (src/mcp/openClient.ts passes its own): in the build,
 * that import resolves to a stub (src/mcp/build/noAjvProvider.ts). Ajv is CommonJS, so
 * without this the bundler's CommonJS helpers would join the shared runtime chunk of the
 * first load, besides the dead weight of Ajv itself in the MCP chunk.
 */
function mcpWithoutAjv(): Plugin {
  const stub = fileURLToPath(new URL('./src/mcp/build/noAjvProvider.ts', import.meta.url));
  return {
    name: 'baton-mcp-without-ajv',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.includes('@modelcontextprotocol/sdk/dist/esm/client/')) return null;
      return /\/validation\/ajv-provider\.js$/.test(source) ? stub : null;
    },
  };
}

const MAIN_ID = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const BOOT_ID = fileURLToPath(new URL('./src/boot.ts', import.meta.url));

/** The page's background in each scheme (styles.css, --bg): the title bar and splash screen match it. */
export const THEME_COLORS = { light: '#f7f7f5', dark: '#16181b' };

/**
 * Which build this is: `BATON_BUILD_ID` if set (a deploy can pass its commit; the update
 * tests build twice with two ids), else the package's version. The page shows it as
 * `data-baton-build` on <html> once the service worker module has loaded (src/pwa).
 */
const BUILD_ID =
  process.env.BATON_BUILD_ID ??
  (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string })
    .version;

/**
 * Installable and offline (issue 29), with vite-plugin-pwa and Workbox. The worker is our
 * own (src/pwa/sw/sw.ts, `injectManifest`): Workbox's precaching fills and
 * serves the cache, and our code decides what it may answer (the app's page and files,
 * same origin, GET, nothing carrying a key) and keeps a replaced version's files for the
 * tabs still running it. Registration is ours too (src/pwa: no script injected here),
 * after the first interaction, so bench P5 does not grow. Every URL is relative, so the
 * app, its worker and its manifest work under any sub-path.
 */
function pwa() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/pwa/sw',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    scope: './',
    injectManifest: {
      // Everything the app can load offline: the page, every chunk (SDK, markdown, the
      // search, decoding and image workers, dialogs), styles, icons, the manifest. Source
      // maps are for developers with a network.
      globPatterns: ['**/*.{html,js,mjs,css,wasm,svg,png,ico,webmanifest,woff2}'],
      // A file too large to precache would be missing offline: fail the build instead.
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      rollupFormat: 'iife',
    },
    manifest: {
      id: './',
      name: 'Baton',
      short_name: 'Baton',
      description:
        'A chat app for long work with a language model, built around handoff. Your sessions stay on your device.',
      lang: 'en',
      dir: 'ltr',
      start_url: './',
      scope: './',
      display: 'standalone',
      theme_color: THEME_COLORS.light,
      background_color: THEME_COLORS.light,
      categories: ['productivity', 'utilities'],
      icons: [
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
  });
}

export default defineConfig({
  // Relative: the built app runs from any sub-path (https://example.org/tools/baton/).
  base: './',
  define: { __BATON_BUILD__: JSON.stringify(BUILD_ID) },
  plugins: [react(), preloadUi(), mcpWithoutAjv(), previewFramePolicy(), pwa()],
  build: {
    target: 'es2022',
    // Browsers preload modules themselves (Chromium 66, Safari 17, Firefox 115); an older
    // one only loses the hint, never a module. The polyfill weighed on the entry (bench P5).
    modulePreload: { polyfill: false },
    sourcemap: true,
    rolldownOptions: {
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: uiChunkName() }] } },
    },
  },
  // `npm start` serves the built app with the policy; the dev server needs inline
  // scripts for hot reload, so it goes without.
  preview: {
    port: 5173,
    strictPort: true,
    headers: { 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'X-Content-Type-Options': 'nosniff' },
  },
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'e2e/**/*.test.ts',
      'bench/lib/**/*.test.ts',
      'testing/**/*.test.ts',
      'scripts/**/*.test.mjs',
    ],
    environment: 'node',
    // Generous for slow or busy machines (CI has two cores): a limit only decides how
    // long a failing test waits before it is reported, never whether a passing one passes.
    testTimeout: 60_000,
  },
});
