/**
 * Builds the bench's baselines (see bench/run.mjs), never the app:
 *
 * - `BENCH_BUILD=bare` (default): bare.js (idb + the slim SDK client, imported into the
 *   app's page), headers.js (idb alone, the P3 baseline page) and paint.js (idb + React +
 *   react-dom/client, P2's baseline, imported into the app's page) and workspace.js (the
 *   workspace's file store and its bare reads and writes, P17) and mcp.js (the MCP
 *   server record's seeding and the bare MCP round trip, P16), served at /__bench/.
 * - `BENCH_BUILD=p5`: P5's baseline page, React + react-dom/client + the slim SDK client.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const outRoot = here('../.dist/');

export default defineConfig(
  process.env.BENCH_BUILD === 'p5'
    ? {
        root: here('./p5'),
        base: '/',
        publicDir: false,
        plugins: [react()],
        logLevel: 'warn',
        build: { target: 'es2022', outDir: `${outRoot}p5`, emptyOutDir: true },
      }
    : {
        root: here('.'),
        base: '/__bench/',
        publicDir: false,
        // paint.tsx renders with React (the automatic JSX runtime, production build).
        plugins: [react()],
        logLevel: 'warn',
        build: {
          target: 'es2022',
          outDir: `${outRoot}bare`,
          emptyOutDir: true,
          modulePreload: false,
          rolldownOptions: {
            input: {
              bare: here('./bare.ts'),
              headers: here('./headers.ts'),
              paint: here('./paint.tsx'),
              workspace: here('./workspace.ts'),
              mcp: here('./mcp.ts'),
            },
            // The page imports bare.js for its exports; an app build would drop them.
            preserveEntrySignatures: 'strict',
            // Stable names: the bench imports /__bench/bare.js by its name.
            output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
          },
        },
      },
);
