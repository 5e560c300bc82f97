/**
 * Which Chromium the end-to-end tests drive. CI has Debian's; a developer's laptop may
 * have none, and then Playwright's own is installed and used.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where a system Chromium (or Chrome) usually is, on Debian and Ubuntu, Fedora, snap, and macOS. */
export const SYSTEM_CHROMIUM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

export const INSTALL_HINT =
  'Install Chromium: sudo apt-get install -y chromium, or set BATON_CHROMIUM=/path/to/chromium';

/**
 * BATON_CHROMIUM when set, else the first system Chromium that exists, else none: the
 * caller then installs Playwright's own. Pure: the environment and the file check are given.
 */
export function findChromium(env, exists = existsSync, paths = SYSTEM_CHROMIUM_PATHS) {
  if (env.BATON_CHROMIUM) return { source: 'BATON_CHROMIUM', path: env.BATON_CHROMIUM };
  const path = paths.find((candidate) => exists(candidate));
  return path ? { source: 'system', path } : { source: 'none' };
}

/**
 * The Chromium to give Playwright as BATON_CHROMIUM, or undefined once Playwright's own
 * is installed (saying so in one line). Exits with what to install when neither works.
 */
export function ensureChromium(root, found = findChromium(process.env)) {
  if (found.path && existsSync(found.path)) return found.path;
  if (found.path) {
    console.error(`BATON_CHROMIUM is ${found.path}, which does not exist. ${INSTALL_HINT}`);
    process.exit(1);
  }
  console.log(
    "No system Chromium found: installing Playwright's Chromium (npx playwright install chromium)…",
  );
  const install = spawnSync('npx', ['playwright', 'install', 'chromium'], { cwd: root, encoding: 'utf8' });
  if (install.status === 0) return undefined;
  process.stderr.write(`${install.stdout ?? ''}${install.stderr ?? ''}${install.error?.message ?? ''}\n`);
  console.error(`Could not download Playwright's Chromium. ${INSTALL_HINT}`);
  process.exit(1);
}
