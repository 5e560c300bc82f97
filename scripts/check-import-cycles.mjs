/**
 * `npm run check:cycles`: a madge-style scan for import circles across src/, testing/,
 * e2e/, bench/ and scripts/. Every relative import counts, type-only ones included
 * (`import type`, `export … from`, `import('…')` in a type): a circle of types is still
 * a knot a reader has to untie, and Biome's own rule skips those by default.
 *
 * Prints each circle found (one line per circle, files relative to the repository) and
 * exits 1 if there is any. No parser dependency: comments and string contents are
 * lexed away first, so an import written in a comment or a string is not counted.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROOTS = ['src', 'testing', 'e2e', 'bench', 'scripts'];
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'coverage']);
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** Every source file under the roots. */
function sourceFiles() {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      if (SKIP_DIRS.has(name) || name.startsWith('dist-') || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts')) files.push(path);
    }
  };
  for (const top of ROOTS) if (existsSync(join(root, top))) walk(join(root, top));
  return files;
}

const REGEX_BEFORE = new Set([...'(,=:[!&|?{};+-*%<>~^'].concat(''));
const REGEX_KEYWORDS = /(?:^|[^\w$])(?:return|typeof|case|do|else|in|of|void|yield|await)$/;

/**
 * The code with comments removed and every string or template replaced by `"<n>"`, n
 * indexing `strings`: what is left can be searched for import syntax safely.
 */
export function lex(source) {
  const strings = [];
  let out = '';
  let i = 0;
  // Open template literals: each entry is the brace depth at which its `${` began.
  const templates = [];
  let depth = 0;
  const lastCode = () => out.trimEnd();
  const readQuoted = (quote) => {
    let text = '';
    i++;
    while (i < source.length && source[i] !== quote) {
      if (source[i] === '\\') {
        text += source[i + 1] ?? '';
        i += 2;
      } else {
        if (source[i] === '\n') break;
        text += source[i++];
      }
    }
    i++;
    strings.push(text);
    out += `"${strings.length - 1}"`;
  };
  /** Reads template text up to its end or the next `${`; true if it stopped at `${`. */
  const readTemplateText = () => {
    while (i < source.length) {
      const c = source[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        i++;
        out += '``';
        return false;
      } else if (c === '$' && source[i + 1] === '{') {
        i += 2;
        out += '`${';
        return true;
      } else i++;
    }
    return false;
  };
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? source.length : end + 2;
      out += ' ';
    } else if (c === "'" || c === '"') {
      readQuoted(c);
    } else if (c === '`') {
      i++;
      if (readTemplateText()) templates.push(depth++);
    } else if (c === '{') {
      depth++;
      out += c;
      i++;
    } else if (c === '}') {
      depth--;
      i++;
      if (templates.length > 0 && templates.at(-1) === depth) {
        templates.pop();
        out += '}';
        if (readTemplateText()) templates.push(depth++);
      } else out += c;
    } else if (c === '/') {
      const before = lastCode();
      if (REGEX_BEFORE.has(before.at(-1) ?? '') || REGEX_KEYWORDS.test(before)) {
        // A regular expression literal: skipped whole, classes included.
        let inClass = false;
        i++;
        while (i < source.length && source[i] !== '\n') {
          const r = source[i];
          if (r === '\\') i++;
          else if (r === '[') inClass = true;
          else if (r === ']') inClass = false;
          else if (r === '/' && !inClass) break;
          i++;
        }
        i++;
        out += '/re/';
      } else {
        out += c;
        i++;
      }
    } else {
      out += c;
      i++;
    }
  }
  return { code: out, strings };
}

const NAMES = String.raw`(?:type\s+)?(?:[\w$]+\s*,\s*)?(?:\{[^{}]*\}|\*\s*(?:as\s+[\w$]+)?|[\w$]+)`;
const PATTERNS = [
  // import x from '…', import { a } from '…', import type { a } from '…', import * as x from '…'
  { re: new RegExp(String.raw`\bimport\s+${NAMES}\s*from\s*"(\d+)"`, 'g'), kind: 'import' },
  // import '…'
  { re: /\bimport\s*"(\d+)"/g, kind: 'import' },
  // export { a } from '…', export * from '…', export type { a } from '…'
  {
    re: /\bexport\s+(?:type\s+)?(?:\{[^{}]*\}|\*(?:\s*as\s+[\w$]+)?)\s*from\s*"(\d+)"/g,
    kind: 'export',
  },
  // import('…'): a lazy load, or a type written as typeof import('…')
  { re: /\bimport\s*\(\s*"(\d+)"\s*\)/g, kind: 'dynamic' },
];

/** The specifiers a file imports, with how. */
export function importsOf(source) {
  const { code, strings } = lex(source);
  const found = [];
  for (const { re, kind } of PATTERNS) {
    for (const match of code.matchAll(re)) found.push({ specifier: strings[Number(match[1])], kind });
  }
  return found;
}

/** A relative specifier resolved to a file of the scan, or undefined (a package, or not ours). */
function resolveImport(from, specifier, known) {
  if (!specifier?.startsWith('.')) return undefined;
  const bare = resolve(dirname(from), specifier.replace(/[?#].*$/, ''));
  const candidates = [
    bare,
    ...EXTENSIONS.map((ext) => bare + ext),
    // `./x.js` written for a `./x.ts` file.
    ...EXTENSIONS.map((ext) => bare.replace(/\.(m|c)?jsx?$/, ext)),
    ...EXTENSIONS.map((ext) => join(bare, `index${ext}`)),
  ];
  return candidates.find((path) => known.has(path));
}

/** The import graph: file → files it imports (relative ones inside the scan only). */
export function importGraph(files, read = (path) => readFileSync(path, 'utf8')) {
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const { specifier } of importsOf(read(file))) {
      const target = resolveImport(file, specifier, known);
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * The circles of `graph`, madge-style: a depth-first walk from every file in order,
 * each edge back into the current path is one circle (from the file it returns to).
 * Each circle is reported once, however it is entered.
 */
export function findCycles(graph) {
  const cycles = [];
  const seen = new Set();
  const done = new Set();
  const path = [];
  const onPath = new Map();
  const visit = (node) => {
    onPath.set(node, path.length);
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (onPath.has(next)) {
        const cycle = path.slice(onPath.get(next));
        const key = canonical(cycle);
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push(cycle);
        }
      } else if (!done.has(next)) visit(next);
    }
    path.pop();
    onPath.delete(node);
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) if (!done.has(node)) visit(node);
  return cycles;
}

/** A circle's name whatever file it starts at. */
function canonical(cycle) {
  const start = cycle.indexOf([...cycle].sort()[0]);
  return [...cycle.slice(start), ...cycle.slice(0, start)].join('\n');
}

function main() {
  const graph = importGraph(sourceFiles());
  const cycles = findCycles(graph);
  const name = (path) => relative(root, path);
  for (const cycle of cycles) console.log(`circle: ${[...cycle, cycle[0]].map(name).join(' → ')}`);
  const edges = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
  console.log(`${graph.size} files, ${edges} imports, ${cycles.length} import circle(s)`);
  process.exit(cycles.length === 0 ? 0 : 1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
