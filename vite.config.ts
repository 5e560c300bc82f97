/// <reference types="vitest/config" />

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { ChunkingContext, ModuleInfo } from 'rolldown';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

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
 * The entry (src/boot.ts) loads the UI (src/main.tsx) by a dynamic import, so that it
 * can ask for the database before the UI is evaluated. Vite would then fetch the UI's
 * files only once the entry has run; this lists them in the page, as it lists an entry's
 * static imports, so the browser fetches them alongside the entry. Their styles become
 * stylesheets of the page, as they were while the UI was part of the entry.
 */
function preloadUi(): Plugin {
  return {
    name: 'baton-preload-ui',
    apply: 'build',
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
          attrs: { rel, crossorigin: true, href: `/${href}` },
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

const MAIN_ID = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const BOOT_ID = fileURLToPath(new URL('./src/boot.ts', import.meta.url));

export default defineConfig({
  plugins: [react(), preloadUi()],
  build: {
    target: 'es2022',
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
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'e2e/**/*.test.ts', 'scripts/**/*.test.mjs'],
    environment: 'node',
    // Generous for slow or busy machines (CI has two cores): a limit only decides how
    // long a failing test waits before it is reported, never whether a passing one passes.
    testTimeout: 60_000,
  },
});
