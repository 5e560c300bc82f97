/**
 * `npm run check:rules`: the code-shape rules issue 23 set, checked on every `npm test`
 * so they hold after it:
 *
 * - no source file in src/ over 450 lines (tests excepted), AgentSession's facade under 250;
 * - no module-level mutable state in src/state: no top-level `let` or `var`, and no
 *   top-level `new Map`/`new Set`/array a module could fill (one typed `readonly` or
 *   `Readonly…` cannot be filled, so it passes). A top-level WeakMap is
 *   allowed: it can only memoise something derived from the object it is keyed by
 *   (sessionIndex.ts does, per header array), it holds nothing of the app's own;
 * - src/state's test lines at least 0.8 of its source lines.
 *
 * Prints each breach on its own line and exits 1 if there is any.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export const MAX_LINES = 450;
export const FACADE = 'src/core/agentSession.ts';
export const MAX_FACADE_LINES = 250;
export const MIN_STATE_TEST_RATIO = 0.8;

const isTest = (path) => /\.test\.(ts|tsx|mts|mjs)$/.test(path);

/** Every .ts/.tsx file under dir (declaration files left out). */
function tsFiles(dir) {
  const files = [];
  const walk = (at) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) files.push(path);
    }
  };
  if (existsSync(dir)) walk(dir);
  return files;
}

/** Lines as `wc -l` counts them: a last line without its newline still counts. */
export function lineCount(text) {
  if (text.length === 0) return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/**
 * Top-level declarations that make module state mutable: Biome formats top-level
 * statements at column 0, so a line that starts with the declaration is one. Lines
 * inside block comments and template literals that happen to start so are skipped.
 */
export function moduleStateLines(source) {
  const found = [];
  let inComment = false;
  let inTemplate = false;
  source.split('\n').forEach((line, index) => {
    const wasInside = inComment || inTemplate;
    if (inComment && line.includes('*/')) inComment = false;
    else if (!inComment && !inTemplate && line.startsWith('/*') && !line.includes('*/')) inComment = true;
    const backticks = (line.match(/(?<!\\)`/g) ?? []).length;
    if (!inComment && backticks % 2 === 1) inTemplate = !inTemplate;
    if (wasInside) return;
    if (/^(export\s+)?(let|var)\s/.test(line)) found.push({ line: index + 1, text: line.trim() });
    else if (
      /^(export\s+)?const\s+[\w$]+(\s*:[^=]+)?\s*=\s*(new\s+(Map|Set|Array)\b|\[)/.test(line) &&
      !/^(export\s+)?const\s+[\w$]+\s*:\s*(readonly\s|Readonly)/.test(line)
    )
      found.push({ line: index + 1, text: line.trim() });
  });
  return found;
}

/** Every breach of the rules in the repository at `base`, one sentence each. */
export function codeRuleBreaches(base = root) {
  const breaches = [];
  const rel = (path) => relative(base, path);

  for (const path of tsFiles(join(base, 'src'))) {
    if (isTest(path)) continue;
    const lines = lineCount(readFileSync(path, 'utf8'));
    const limit = rel(path) === FACADE ? MAX_FACADE_LINES - 1 : MAX_LINES;
    if (lines > limit) breaches.push(`${rel(path)}: ${lines} lines, over ${limit}`);
  }

  let stateSource = 0;
  let stateTests = 0;
  for (const path of tsFiles(join(base, 'src/state'))) {
    const text = readFileSync(path, 'utf8');
    if (isTest(path)) {
      stateTests += lineCount(text);
      continue;
    }
    stateSource += lineCount(text);
    for (const { line, text: declaration } of moduleStateLines(text)) {
      breaches.push(`${rel(path)}:${line}: module-level mutable state (${declaration})`);
    }
  }
  const ratio = stateSource === 0 ? 1 : stateTests / stateSource;
  if (ratio < MIN_STATE_TEST_RATIO) {
    breaches.push(
      `src/state: ${stateTests} test lines for ${stateSource} source lines (${ratio.toFixed(2)}), under ${MIN_STATE_TEST_RATIO}`,
    );
  }
  return { breaches, stateSource, stateTests, ratio };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { breaches, stateSource, stateTests, ratio } = codeRuleBreaches();
  for (const breach of breaches) console.log(breach);
  console.log(
    `code rules: ${breaches.length} breach(es); src/state test lines ${stateTests} / source ${stateSource} = ${ratio.toFixed(2)}`,
  );
  process.exit(breaches.length === 0 ? 0 : 1);
}
