/**
 * The pure parts of the initial-JavaScript budget (scripts/check-size-budget.mjs, issue 31):
 * which built chunks a page load fetches before the first interaction, their gzip size, and
 * the per-module listing printed when the budget is missed. Kept free of the build so the
 * unit test (sizeBudget.test.mjs) can feed it small made-up bundles.
 */
import { gzipSync } from 'node:zlib';

/** 1 KB = 1,000 bytes, as bench P5 counts. */
export const KB = 1000;

/** gzip level 9, as bench P5 measures each script as served. */
export const gzipSize = (code) =>
  gzipSync(typeof code === 'string' ? Buffer.from(code) : code, { level: 9 }).length;

function attribute(tag, name) {
  return new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
}

/**
 * The scripts a built index.html asks for itself: its module scripts and every
 * modulepreload, as file names relative to the page (`./assets/x.js` → `assets/x.js`).
 */
export function scriptsOfPage(html) {
  const found = [];
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attribute(tag, 'src');
    if (attribute(tag, 'type') === 'module' && src) found.push(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const href = attribute(tag, 'href');
    if (attribute(tag, 'rel') === 'modulepreload' && href) found.push(href);
  }
  return found.map((url) => url.replace(/^(https?:)?\/\/[^/]+/, '').replace(/^\.?\//, ''));
}

/**
 * Every chunk reached from `start` through static imports (`chunk.imports`): what the
 * browser must fetch before those chunks can run. `chunks` maps file name → { imports }.
 * Dynamic imports are left out: they load only when the code asks for them.
 */
export function staticClosure(start, chunks) {
  const seen = [];
  const pending = [...start];
  while (pending.length > 0) {
    const fileName = pending.shift();
    const chunk = chunks.get(fileName);
    if (!chunk || seen.includes(fileName)) continue;
    seen.push(fileName);
    pending.push(...chunk.imports);
  }
  return seen;
}

/** The chunk that holds `moduleId` (a path ending), or undefined. */
export function chunkOfModule(moduleId, chunks) {
  for (const [fileName, chunk] of chunks) {
    if (Object.keys(chunk.modules).some((id) => id.endsWith(moduleId))) return fileName;
  }
  return undefined;
}

/** A module id as the listing shows it: relative to the project, node_modules shortened. */
export function shortName(id, root) {
  const relative = id.startsWith(root) ? id.slice(root.length).replace(/^\/+/, '') : id;
  return relative.replace(/^.*node_modules\//, '').replace(/\0/g, '');
}

/**
 * The modules of the given chunks, largest first: rendered length (bytes after tree
 * shaking, before minifying) and gzip of the module's code alone. Module gzip sizes do
 * not add up to the chunk's (one stream compresses better), but they rank what weighs.
 */
export function modulesBySize(fileNames, chunks, root) {
  const rows = [];
  for (const fileName of fileNames) {
    const chunk = chunks.get(fileName);
    if (!chunk) continue;
    for (const [id, module] of Object.entries(chunk.modules)) {
      if (module.renderedLength === 0) continue;
      rows.push({
        module: shortName(id, root),
        chunk: fileName,
        rendered: module.renderedLength,
        gzip: module.code ? gzipSize(module.code) : 0,
      });
    }
  }
  return rows.sort((a, b) => b.rendered - a.rendered);
}

/** Sum of each file's gzip size; `sizeOf(fileName)` gives a file's bytes as served. */
export function gzipTotal(fileNames, sizeOf) {
  return fileNames.reduce((sum, fileName) => sum + gzipSize(sizeOf(fileName)), 0);
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

/** The report's lines: the figure against the budget, each file, then the top modules. */
export function report({ files, total, budget, modules, top = 40, later, showChunks = false }) {
  const lines = [
    `Initial JavaScript (entry, its static imports and modulepreloads), gzip level 9: ${kb(total)} against ${kb(budget)}`,
  ];
  for (const { fileName, gzip } of files) lines.push(`  ${kb(gzip).padStart(9)}  ${fileName}`);
  if (later) {
    lines.push(
      `Started at boot without user action after the first paint (not in the budget, counted by bench P5): ${kb(later.total)}`,
    );
    for (const { fileName, gzip } of later.files) lines.push(`  ${kb(gzip).padStart(9)}  ${fileName}`);
  }
  lines.push(
    'Modules of the entry and its static imports, largest first (bytes after tree shaking, before minifying; gzip of that code alone):',
  );
  for (const row of modules.slice(0, top)) {
    lines.push(
      `  ${String(row.rendered).padStart(8)}  ${kb(row.gzip).padStart(9)}  ${row.module}${showChunks ? `  (${row.chunk})` : ''}`,
    );
  }
  if (modules.length > top) lines.push(`  … and ${modules.length - top} smaller modules`);
  return lines;
}
