/**
 * `npm run test:e2e`: checks for a Chromium, builds the app, runs Playwright with any
 * extra arguments (`npm run test:e2e -- smoke.spec.ts`) and exits with its code.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromium = process.env.BATON_CHROMIUM || '/usr/bin/chromium';

if (!existsSync(chromium)) {
  console.error(
    'Chromium not found: install it with "sudo apt-get install -y chromium" or set BATON_CHROMIUM=/path/to/chromium',
  );
  process.exit(1);
}

/** Runs a command in the project root with inherited output; returns its exit code. */
function run(command, args) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BATON_CHROMIUM: chromium },
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
