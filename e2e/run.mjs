/**
 * `npm run test:e2e`: finds a Chromium (or installs Playwright's own, see
 * findChromium.mjs), builds the app, runs Playwright with any extra arguments
 * (`npm run test:e2e -- smoke.spec.ts`) and exits with its code.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './findChromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromium = ensureChromium(root);

/** Runs a command in the project root with inherited output; returns its exit code. */
function run(command, args) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    // Unset, playwright.config.ts leaves Playwright on its own Chromium.
    env: { ...process.env, ...(chromium && { BATON_CHROMIUM: chromium }) },
  });
  if (result.error) {
    console.error(`Could not run ${command}: ${result.error.message}`);
    return 1;
  }
  // Killed by a signal (Ctrl-C, a timeout): a failure, never a pass.
  return result.status ?? 1;
}

// BATON_DIST lets two runs in one checkout build and serve side by side (with BATON_E2E_PORT).
const dist = process.env.BATON_DIST || 'dist';
const built = run('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir']);
if (built !== 0) process.exit(built);
process.exit(run('npx', ['playwright', 'test', ...process.argv.slice(2)]));
