/** Types for findChromium.mjs, which run.mjs (plain Node) and playwright.config.ts share. */
export interface FoundChromium {
  source: 'BATON_CHROMIUM' | 'system' | 'none';
  /** Unset when none was found: Playwright's own Chromium is to be used. */
  path?: string;
}

export const SYSTEM_CHROMIUM_PATHS: readonly string[];
export const INSTALL_HINT: string;

export function findChromium(
  env: Record<string, string | undefined>,
  exists?: (path: string) => boolean,
  paths?: readonly string[],
): FoundChromium;

export function ensureChromium(root: string, found?: FoundChromium): string | undefined;
