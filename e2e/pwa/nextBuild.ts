/**
 * A second build of the app, for the update specs: the same sources with another build
 * id (BATON_BUILD_ID, vite.config.ts), so its files are named differently, as after a
 * real change, and the page shows which one runs (html[data-baton-build]).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUILT_APP } from './serviceWorker';

export const NEXT_BUILD_ID = 'e2e-next';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Builds the next version into a folder of this worker's own (workers may build at once); returns it. */
export function buildNextVersion(workerIndex: number): string {
  const dir = `${BUILT_APP.replace(/\/$/, '')}-next-${workerIndex}`;
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, BATON_BUILD_ID: NEXT_BUILD_ID },
    },
  );
  if (result.status !== 0) throw new Error(`the second build failed:\n${result.stdout}\n${result.stderr}`);
  return dir;
}

/** The built files (assets/) of `dir`. */
export function builtFiles(dir: string): string[] {
  return readdirSync(`${dir}/assets`);
}
