/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022', sourcemap: true },
  // `npm start` serves the built app with the policy; the dev server needs inline
  // scripts for hot reload, so it goes without.
  preview: {
    port: 5173,
    strictPort: true,
    headers: { 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'X-Content-Type-Options': 'nosniff' },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'e2e/**/*.test.ts'],
    environment: 'node',
    // Generous for slow or busy machines (CI has two cores): a limit only decides how
    // long a failing test waits before it is reported, never whether a passing one passes.
    testTimeout: 60_000,
  },
});
