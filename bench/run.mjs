/**
 * `npm run bench`: builds the production app and the bench's baselines, runs the
 * measurements (bench/bench.spec.ts and the other specs through Playwright, one worker),
 * measures P5's baseline from the built files, and prints one table of the figures and
 * one of how they grow with size. A complete full run writes bench/results.json and rewrites README.md's
 * Performance section; other runs write bench/.dist/results.json. See bench/README.md.
 *
 *   npm run bench                  full run (5 repetitions, medians; ~25 minutes, most of it P2 to P4 on disk)
 *   npm run bench -- --quick       quick run (tiny sizes, 1 repetition; CI runs this)
 *   npm run bench -- --only=P1,P4  only these figures (P6 comes with P1, P3a with P3, P4a with P4); README untouched
 *
 * P9 (the prompt cache's share of the input) is a count, not a timing: bench/cacheShare.spec.ts
 * drives the session layer in Node, and bench/lib/cacheShare.mjs summarises it. P10 to P13
 * (bench/hostile.spec.ts) are the longest main-thread task while a hostile message is shown.
 * P14 (Node) and P15 (Chromium), in bench/recall.spec.ts: the search index's build and query
 * times and saved size (P14b: a 65,000-character one-word query on the same index), and the
 * longest main-thread task while the search worker indexes. P17 and P17b
 * (bench/workspace.spec.ts): the workspace's listing and a str_replace on a 1 MB file, on
 * disk. P19 (bench/warmStart.spec.ts): P3's cold start served by the app's service worker.
 * P16 (bench/mcp.spec.ts): Baton's own time per MCP tool round trip, and the MCP chunks' size.
 *
 * Environment: BENCH_QUICK=1 (as --quick), BENCH_PORT (default 4400), BENCH_PROFILE=P1..P4, P15, P16
 * (trace that figure's first timed run into bench/.profiles/), BENCH_APP_DIST (measure an
 * app built elsewhere instead of building it), BATON_CHROMIUM (the browser).
 *
 * Exits non-zero only if a figure could not be measured (the harness broke), never
 * because a target was missed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem, type } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ensureChromium } from '../e2e/findChromium.mjs';
import { cacheShareFigure } from './lib/cacheShare.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const distRoot = join(root, 'bench/.dist');
const resultsDir = join(distRoot, 'results');
const args = process.argv.slice(2);
const quick = args.includes('--quick') || process.env.BENCH_QUICK === '1';
const onlyArg = args.find((a) => a.startsWith('--only='));
// Figures measured by another's test: asking for either runs both.
const MEASURED_WITH = { P6: 'P1', P3A: 'P3', P4A: 'P4', P14B: 'P14', P17B: 'P17' };
const measuredBy = (id) => MEASURED_WITH[id.toUpperCase()] ?? id.toUpperCase();
const only = onlyArg
  ? new Set(
      onlyArg
        .slice('--only='.length)
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean)
        .map(measuredBy),
    )
  : undefined;
const wanted = (id) => !only || only.has(measuredBy(id));
// The same Chromium the end-to-end tests use (Playwright's own when the machine has none).
const chromium = ensureChromium(root);
const appDist = process.env.BENCH_APP_DIST ? resolve(process.env.BENCH_APP_DIST) : join(distRoot, 'app');
const started = Date.now();

/** Runs a command in the project root; output shown only on failure unless `inherit`. */
function run(label, command, commandArgs, { env = {}, inherit = false } = {}) {
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: inherit ? 'inherit' : 'pipe',
    encoding: 'utf8',
    env: { ...process.env, ...(chromium && { BATON_CHROMIUM: chromium }), ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  const ok = result.status === 0;
  if (!ok && !inherit) {
    console.error(`✗ ${label} failed (${result.error?.message ?? `exit ${result.status}`})`);
    console.error(result.stdout ?? '', result.stderr ?? '');
  }
  return ok;
}

function step(label) {
  console.log(`━━ ${label}`);
}

// --- Build -----------------------------------------------------------------------------

console.log(`Baton bench, ${quick ? 'quick' : 'full'} mode${only ? ` (only ${[...only].join(', ')})` : ''}`);
// P9 runs in Node on the sources: with it alone there is nothing to build.
const HOSTILE_IDS = ['P10', 'P11', 'P12', 'P13'];
/** The figures measured in Chromium: each needs the app's and the baselines' builds. */
const BROWSER_IDS = ['P1', 'P2', 'P3', 'P4', 'P5', 'P7', ...HOSTILE_IDS, 'P15', 'P16', 'P17', 'P18', 'P19'];
const needsBuilds = BROWSER_IDS.some(wanted);
if (!needsBuilds) {
  step('builds: none needed for P9');
} else if (process.env.BENCH_APP_DIST) {
  step(`app: using the build in ${appDist}`);
} else {
  step('build the app (vite build → bench/.dist/app)');
  if (!run('app build', 'npx', ['vite', 'build', '--outDir', 'bench/.dist/app', '--emptyOutDir']))
    process.exit(1);
}
if (needsBuilds) {
  step('build the baselines (bench/baseline → bench/.dist/bare, bench/.dist/p5)');
  if (!run('bare build', 'npx', ['vite', 'build', '--config', 'bench/baseline/vite.config.ts']))
    process.exit(1);
  if (
    !run('P5 baseline build', 'npx', ['vite', 'build', '--config', 'bench/baseline/vite.config.ts'], {
      env: { BENCH_BUILD: 'p5' },
    })
  )
    process.exit(1);
}

// --- Measure in the browser ---------------------------------------------------------------

const TEST_TITLES = {
  P1: 'P1 and P6',
  P2: 'P2:',
  P3: 'P3:',
  P4: 'P4:',
  P5: 'P5:',
  P7: 'P7:',
  P9: 'P9:',
  P10: 'P10:',
  P11: 'P11:',
  P12: 'P12:',
  P13: 'P13:',
  P14: 'P14:',
  P15: 'P15:',
  P16: 'P16:',
  P17: 'P17:',
  P18: 'P18:',
  P19: 'P19:',
};
const browserIds = BROWSER_IDS.filter(wanted);
const nodeIds = ['P9', 'P14'].filter(wanted);
const testIds = [...browserIds, ...nodeIds];
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
let playwrightOk = true;
if (testIds.length > 0) {
  const where = [
    ...(browserIds.length > 0 ? [`${browserIds.join(', ')} in Chromium`] : []),
    ...(nodeIds.length > 0 ? [`${nodeIds.join(', ')} in Node`] : []),
  ].join(', ');
  step(`measure ${where} (Playwright, one worker, port ${process.env.BENCH_PORT || 4400})`);
  const grep = testIds.map((id) => TEST_TITLES[id]).join('|');
  playwrightOk = run(
    'Playwright',
    'npx',
    ['playwright', 'test', '-c', 'bench/playwright.config.ts', '--grep', grep],
    { env: { BENCH_QUICK: quick ? '1' : '0', BENCH_RESULTS_DIR: resultsDir }, inherit: true },
  );
}

function readResult(id) {
  const file = join(resultsDir, `${id}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

// --- P5: initial JavaScript ------------------------------------------------------------------

/** Relative static imports (and re-exports) of an ES module chunk; dynamic import() is left out. */
function staticImports(code) {
  const found = [];
  const patterns = [
    /(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g,
    /(?:^|[;\n}])\s*export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*["'](\.{1,2}\/[^"']+)["']/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.push(match[1]);
  return found;
}

function attribute(tag, name) {
  return new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
}

function listJs(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listJs(full));
    else if (name.endsWith('.js') || name.endsWith('.mjs')) out.push(full);
  }
  return out;
}

const gzip = (buffer) => gzipSync(buffer, { level: 9 }).length;

/**
 * The JS a built index.html loads before first paint: its module entry scripts, every
 * modulepreload, and whatever those import statically (whether or not Vite preloads it).
 */
function initialJavaScript(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const start = [];
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    if (attribute(tag, 'type') === 'module' && attribute(tag, 'src')) start.push(attribute(tag, 'src'));
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (attribute(tag, 'rel') === 'modulepreload' && attribute(tag, 'href'))
      start.push(attribute(tag, 'href'));
  }
  const toFile = (url) => join(dist, url.replace(/^(https?:)?\/\/[^/]+/, '').replace(/^\//, ''));
  const queue = start.map(toFile);
  const initial = new Map();
  while (queue.length > 0) {
    const file = queue.shift();
    if (initial.has(file) || !existsSync(file)) continue;
    const code = readFileSync(file);
    initial.set(file, { bytes: code.length, gzip: gzip(code) });
    for (const spec of staticImports(code.toString('utf8'))) queue.push(resolve(dirname(file), spec));
  }
  const files = [...initial].map(([file, size]) => ({ file: relative(dist, file), ...size }));
  const lazy = listJs(dist)
    .filter((file) => !initial.has(file))
    .map((file) => {
      const code = readFileSync(file);
      return { file: relative(dist, file), bytes: code.length, gzip: gzip(code) };
    })
    .sort((a, b) => b.gzip - a.gzip);
  return { gzip: files.reduce((sum, f) => sum + f.gzip, 0), files, lazy };
}

// The app's figure is measured in the browser (bench/interaction.spec.ts: every script a
// page load fetches before any interaction); the built files give the baseline page's
// (which loads nothing lazily) and, beside the figure, the app's entry and static imports.
let p5;
if (wanted('P5')) {
  step("measure P5 from the built files (the baseline page; the app's entry, gzip level 9)");
  try {
    p5 = { id: 'P5', app: initialJavaScript(appDist), baseline: initialJavaScript(join(distRoot, 'p5')) };
    if (p5.app.files.length === 0) throw new Error(`no entry script found in ${appDist}/index.html`);
  } catch (error) {
    console.error(`✗ P5 could not be measured: ${error.message}`);
    p5 = undefined;
  }
}

// --- Summaries -----------------------------------------------------------------------------

function median(values) {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const ms = (value) =>
  value === undefined ? 'n/a' : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const ratio = (value) => (value === undefined ? 'n/a' : `${value.toFixed(2)}×`);
const kb = (bytes) => (bytes === undefined ? 'n/a' : `${(bytes / 1000).toFixed(1)} KB`);
const count = (value) => (value === undefined ? 'n/a' : String(Math.round(value * 10) / 10));
const yesNo = (value) => (value === undefined ? 'n/a' : value ? 'yes' : 'no');

/** Per size: medians of Baton, of the baseline, and of the per-repetition ratio. */
function sizeSummary(entry) {
  const runs = entry.runs ?? [];
  return {
    size: entry.size,
    // Entries in the whole database, and whether it is the large one shared by P3 and P4.
    entries: entry.entries,
    large: entry.large === true,
    reps: runs.length,
    baton: median(runs.map((r) => r.baton?.ms)),
    baseline: median(runs.map((r) => r.baseline?.ms)),
    ratio: median(runs.map((r) => (r.baton && r.baseline?.ms > 0 ? r.baton.ms / r.baseline.ms : undefined))),
    seedMs: entry.seedMs,
  };
}

/** The size a figure is read at: the one flagged `main` (P4: the large database), else `main`'s size. */
function mainSize(result) {
  return result?.sizes.find((s) => s.main === true) ?? result?.sizes.find((s) => s.size === result.main);
}

/** "100,000 entries", or "100,000 entries in a database of 1,000,004" for the large database. */
function sizeLabel(size, unit, entries, large) {
  const own = `${size.toLocaleString('en')} ${unit}`;
  return large ? `${own} in a database of ${entries.toLocaleString('en')} entries` : own;
}

const figures = [];
const growth = [];
const missing = [];
const notes = [];

const p1 = wanted('P1') ? readResult('P1') : undefined;
if (wanted('P1')) {
  if (!p1) missing.push('P1', 'P6');
  else {
    const runs = p1.runs;
    const baton = median(runs.map((r) => r.baton.ms));
    const baseline = median(runs.map((r) => r.baseline.ms));
    const r = median(runs.map((r) => r.baton.ms / r.baseline.ms));
    const longest = median(runs.map((r) => r.baton.longestTaskMs));
    const worstTask = Math.max(0, ...runs.map((r) => r.baton.longestTaskMs));
    const baselineLongest = median(runs.map((r) => r.baseline.longestTaskMs));
    figures.push({
      id: 'P1',
      what: `stream a ${p1.tokens.toLocaleString('en')}-token reply into a session of ${p1.messages.toLocaleString('en')} messages: first byte → final text painted`,
      baseline: `${ms(baseline)} (bare SDK, text painted)`,
      baton: `${ms(baton)}, ${longest > 0 ? `longest task ${ms(longest)}` : 'no task over 50 ms'}`,
      ratio: ratio(r),
      target: 'ratio ≤ 1.10, no task > 50 ms',
      met: r <= 1.1 && longest <= 50,
      values: { baton, baseline, ratio: r, longestTaskMs: longest, reps: runs.length, baselineLongest },
    });
    const formatted = median(runs.map((r) => r.baton.formattedMs));
    const afterLongest = Math.max(0, ...runs.map((r) => r.baton.longestTaskUntilFormattedMs ?? 0));
    notes.push(
      `P1: longest main-thread task in any repetition ${worstTask > 0 ? ms(worstTask) : 'none over 50 ms'}; the baseline's, median ${baselineLongest > 0 ? ms(baselineLongest) : 'none over 50 ms'}. The reply's markdown is all rendered ${ms(formatted)} after its first byte (median), longest task until then ${afterLongest > 0 ? ms(afterLongest) : 'none over 50 ms'}.`,
    );
    const writes = median(runs.map((r) => r.baton.writeTransactions));
    const allowed = median(runs.map((r) => r.baton.allowedWrites));
    const excess = median(runs.map((r) => r.baton.writeTransactions - r.baton.allowedWrites));
    const over = runs.filter((r) => r.baton.writeTransactions > r.baton.allowedWrites);
    figures.push({
      id: 'P6',
      what: "IndexedDB readwrite transactions begun (counted in the page) from the P1 reply's first byte until storage is idle after it",
      baseline: `${count(allowed)} (duration ÷ 250 ms + 1)`,
      baton: count(writes),
      ratio: allowed ? ratio(writes / allowed) : 'n/a',
      target: '≤ duration ÷ 250 ms + 1',
      met: excess <= 0,
      values: { writes, allowed, reps: runs.length },
    });
    if (over.length > 0) {
      const list = over.map((r) => `${r.baton.writeTransactions} in ${ms(r.baton.writeWindowMs)}`).join(', ');
      notes.push(`P6: ${over.length} of ${runs.length} repetitions wrote more than allowed (${list}).`);
    }
  }
}

// P7: per-key latency typing into the Message box (bench/interaction.spec.ts).
const p7 = wanted('P7') ? readResult('P7') : undefined;
if (wanted('P7')) {
  if (!p7) missing.push('P7');
  else {
    const side = (which) => {
      const runs = p7.runs.map((r) => r[which]);
      const all = runs.flatMap((r) => r.keys.map((k) => k.ms)).sort((a, b) => a - b);
      return {
        median: median(runs.map((r) => r.medianMs)),
        p95: all[Math.min(all.length - 1, Math.floor(all.length * 0.95))],
        worst: Math.max(...all),
        keysOver16: all.filter((value) => value > 16).length,
        keys: all.length,
      };
    };
    const baton = side('baton');
    const bare = side('baseline');
    figures.push({
      id: 'P7',
      what: `per-key latency typing ${p7.typed.length} characters into the Message box with a ${p7.entries.toLocaleString('en')}-entry session open: keydown → next frame rendered (median; worst key)`,
      baseline: `${ms(bare.median)}; worst ${ms(bare.worst)} (bare textarea)`,
      baton: `${ms(baton.median)}; worst ${ms(baton.worst)}`,
      ratio: ratio(baton.median / bare.median),
      target: 'median key ≤ 16 ms',
      met: baton.median <= 16,
      values: { baton, baseline: bare, reps: p7.runs.length },
    });
    notes.push(
      `P7: keys over 16 ms, Baton ${baton.keysOver16} of ${baton.keys} (95th percentile ${ms(baton.p95)}), bare textarea ${bare.keysOver16} of ${bare.keys} (${ms(bare.p95)}).`,
    );
  }
}

const growthFigures = {
  P2: { what: 'handoff switch: `agent_end` of the document → new session painted', unit: 'entries' },
  P3: { what: 'cold start: page load → session list interactive', unit: 'sessions' },
  P4: { what: 'open a session: click → its newest messages painted', unit: 'entries' },
};
for (const id of ['P2', 'P3', 'P4']) {
  if (!wanted(id)) continue;
  const result = readResult(id);
  const mainEntry = mainSize(result);
  if (!result || !mainEntry) {
    missing.push(id);
    continue;
  }
  const sizes = result.sizes.map(sizeSummary);
  const smallest = sizes[0];
  for (const s of sizes) {
    growth.push({
      id,
      size: s.size,
      unit: growthFigures[id].unit,
      entries: s.entries,
      large: s.large,
      reps: s.reps,
      baton: s.baton,
      baseline: s.baseline,
      ratio: s.ratio,
      costGrowth: smallest?.baton ? s.baton / smallest.baton : undefined,
      dataGrowth: smallest ? s.size / smallest.size : undefined,
      seedMs: s.seedMs,
    });
  }
  const main = sizeSummary(mainEntry);
  const label = sizeLabel(main.size, growthFigures[id].unit, main.entries, main.large);
  if (id === 'P2') {
    figures.push({
      id,
      what: `${growthFigures[id].what}, ${label} in the old session, on disk, browser restarted`,
      baseline: `${ms(main.baseline)} (bare write of the switch's records + one React paint of a one-message chat, on disk)`,
      baton: ms(main.baton),
      ratio: ratio(main.ratio),
      target: '≤ 50 ms',
      met: main.baton <= 50,
      values: main,
    });
  } else if (id === 'P3') {
    figures.push({
      id,
      what: `${growthFigures[id].what}, ${label} of 50 entries, on disk, browser restarted`,
      baseline: `${ms(main.baseline)} (bare read of the headers and the open session's newest 100, on disk, cold)`,
      baton: ms(main.baton),
      ratio: ratio(main.ratio),
      target: 'ratio ≤ 1.5 and ≤ 300 ms',
      met: main.ratio <= 1.5 && main.baton <= 300,
      values: main,
    });
  } else {
    figures.push({
      id,
      what: `${growthFigures[id].what}, ${label}, on disk, browser restarted`,
      baseline: `${ms(main.baseline)} (bare idb read of the newest 100, on disk, cold)`,
      baton: ms(main.baton),
      ratio: ratio(main.ratio),
      target: '≤ 150 ms',
      met: main.baton <= 150,
      values: main,
    });
  }
}

// P3a and P4a: P3 and P4 on the same sessions with one message in ten carrying an
// image, measured in the same test, each repetition next to the plain one.
const attachmentFigures = {};
for (const [id, plainId] of [
  ['P3a', 'P3'],
  ['P4a', 'P4'],
]) {
  if (!wanted(id)) continue;
  const result = readResult(id);
  const mainEntry = result?.sizes.find((s) => s.size === result.main);
  if (!result || !mainEntry) {
    missing.push(id);
    continue;
  }
  attachmentFigures[id] = result;
  const summary = (entry) => {
    const runs = entry.runs ?? [];
    return {
      size: entry.size,
      reps: runs.length,
      baton: median(runs.map((r) => r.baton?.ms)),
      plain: median(runs.map((r) => r.plain?.ms)),
      ratio: median(runs.map((r) => (r.baton && r.plain?.ms > 0 ? r.baton.ms / r.plain.ms : undefined))),
      bare: median(runs.map((r) => r.baseline?.ms)),
      entries: entry.entries,
      attachments: entry.attachments,
      attachmentBytes: entry.attachmentBytes,
      seedMs: entry.seedMs,
    };
  };
  const sizes = result.sizes.map(summary);
  const smallest = sizes[0];
  for (const s of sizes) {
    growth.push({
      id,
      size: s.size,
      unit: growthFigures[plainId].unit,
      entries: s.entries,
      large: false,
      reps: s.reps,
      baton: s.baton,
      baseline: s.plain,
      ratio: s.ratio,
      costGrowth: smallest?.baton ? s.baton / smallest.baton : undefined,
      dataGrowth: smallest ? s.size / smallest.size : undefined,
      seedMs: s.seedMs,
    });
  }
  const main = summary(mainEntry);
  const unit = growthFigures[plainId].unit;
  const label = `${main.size.toLocaleString('en')} ${unit}${id === 'P3a' ? ' of 50 entries' : ''}`;
  const images = `${main.attachments.toLocaleString('en')} images, ${Math.round(main.attachmentBytes / 1e6).toLocaleString('en')} MB`;
  const fileSize = `${Math.round(result.attachments.bytes / 1000)} KB`;
  figures.push({
    id,
    what: `${plainId} with 10% of messages carrying a ${fileSize} PNG, ${label} (${images}), on disk, browser restarted`,
    baseline: `${ms(main.plain)} (${plainId} without attachments)`,
    baton: ms(main.baton),
    ratio: ratio(main.ratio),
    target: `ratio ≤ 1.10 at every size`,
    met: sizes.every((s) => s.ratio <= 1.1),
    values: { ...main, perSize: sizes.map(({ size, ratio }) => ({ size, ratio })) },
  });
  const perSize = sizes.map((s) => `${s.size.toLocaleString('en')} ${unit} ${ratio(s.ratio)}`);
  const skipped = (result.skipped ?? []).map(
    (s) =>
      `${s.size.toLocaleString('en')} ${unit} not run (${(s.attachmentBytes / 1e9).toFixed(1)} GB of images, over the bench's budget for seeding them: ATTACHMENT_BUDGET_BYTES)`,
  );
  notes.push(`${id} with attachments ÷ without, per size: ${[...perSize, ...skipped].join(', ')}.`);
}

const p5Loaded = wanted('P5') ? readResult('P5') : undefined;
if (wanted('P5')) {
  if (!p5 || !p5Loaded) missing.push('P5');
  else {
    const total = (scripts) => scripts.reduce((sum, script) => sum + script.gzip, 0);
    const app = total(p5Loaded.loads.session);
    const firstVisit = total(p5Loaded.loads.firstVisit);
    figures.push({
      id: 'P5',
      what: 'JavaScript fetched before the first interaction (a session opened, until settled: entry, preloads, chunks loaded after first paint), gzip',
      baseline: `${kb(p5.baseline.gzip)} (React + slim SDK client)`,
      baton: `${kb(app)} (${p5Loaded.loads.session.length} scripts)`,
      ratio: ratio(app / p5.baseline.gzip),
      target: '≤ 110 KB',
      met: app <= 110_000,
      values: { app, firstVisit, baseline: p5.baseline.gzip, entryAndStaticImports: p5.app.gzip },
    });
    notes.push(
      `P5: of the ${kb(app)}, the entry and its static imports are ${kb(p5.app.gzip)} (built files); a first visit, nothing stored, fetches ${kb(firstVisit)}.`,
    );
  }
}
// P10 to P13: the longest main-thread task while a hostile message is shown and reloaded.
const hostileResults = {};
for (const id of HOSTILE_IDS) {
  if (!wanted(id)) continue;
  const result = readResult(id);
  if (!result) {
    missing.push(id);
    continue;
  }
  hostileResults[id] = result;
  const runs = result.runs;
  const baton = median(runs.map((r) => r.baton.ms));
  const baseline = median(runs.map((r) => r.baseline.ms));
  const shown = median(runs.map((r) => r.baton.shown));
  const reload = median(runs.map((r) => r.baton.reload));
  // A page with no task over 50 ms reports none: the ratio then compares with 50 ms.
  const r = median(runs.map((r) => Math.max(r.baton.ms, 50) / Math.max(r.baseline.ms, 50)));
  const longest = (value) => (value > 0 ? ms(value) : 'none over 50 ms');
  figures.push({
    id,
    what: `${result.what}, ${result.chars.toLocaleString('en')} characters: longest main-thread task while it is shown (${result.role === 'user' ? 'pasted and sent' : 'streamed'}) and after a reload`,
    baseline: `${longest(baseline)} (ordinary prose, same length)`,
    baton: `${longest(baton)} (shown ${longest(shown)}, reload ${longest(reload)})`,
    ratio: ratio(r),
    target: 'longest task ≤ 200 ms',
    met: baton <= 200,
    values: { baton, baseline, shown, reload, ratio: r, reps: runs.length, chars: result.chars },
  });
}

const p9 = wanted('P9') ? readResult('P9') : undefined;
if (wanted('P9')) {
  if (!p9) missing.push('P9');
  else {
    const { figure, note } = cacheShareFigure(p9);
    figures.push(figure);
    notes.push(note);
  }
}
// P14 and P15: the search index (bench/recall.spec.ts); P14b comes with P14.
const p14 = wanted('P14') ? readResult('P14') : undefined;
if (wanted('P14')) {
  if (!p14) missing.push('P14');
  else {
    const savedMB = p14.savedBytes / 1e6;
    figures.push({
      id: 'P14',
      what: `search index (Node): build over ${p14.sessions.toLocaleString('en')} sessions × ${p14.entries} entries, then a query (median of ${p14.queries}; saved index ${savedMB.toFixed(1)} MB as IndexedDB stores it)`,
      baseline: `build ${ms(p14.plainBuildMs)}, query ${ms(p14.plainQueryMs)} (plain MiniSearch: no stemming, prefixes or typos, nothing stored or saved)`,
      baton: `build ${ms(p14.buildMs)}, query ${ms(p14.queryMs)}, saved ${savedMB.toFixed(1)} MB`,
      ratio: `query ${ratio(p14.queryMs / p14.plainQueryMs)}`,
      target: 'query ≤ 25 ms median, saved index ≤ 30 MB',
      met: p14.queryMs <= 25 && p14.savedBytes <= 30e6,
      values: {
        buildMs: p14.buildMs,
        queryMs: p14.queryMs,
        plainBuildMs: p14.plainBuildMs,
        plainQueryMs: p14.plainQueryMs,
        savedBytes: p14.savedBytes,
      },
    });
  }
}
const p14b = wanted('P14b') ? readResult('P14b') : undefined;
if (wanted('P14b')) {
  if (!p14b) missing.push('P14b');
  else {
    const grewMB = p14b.growthBytes / 1e6;
    figures.push({
      id: 'P14b',
      what: `worst-case search (Node): a one-word query of ${p14b.chars.toLocaleString('en')} characters on P14's index (median of ${p14b.runs}; memory: heap and buffers grown across the query)`,
      baseline: `${ms(p14b.typicalQueryMs)} (P14's two-word query)`,
      baton: `${ms(p14b.queryMs)} (slowest ${ms(p14b.slowestMs)}), memory +${grewMB.toFixed(1)} MB`,
      ratio: ratio(p14b.queryMs / p14b.typicalQueryMs),
      target: '≤ 200 ms, memory growth < 100 MB',
      met: p14b.slowestMs <= 200 && p14b.growthBytes < 100e6,
      values: {
        queryMs: p14b.queryMs,
        slowestMs: p14b.slowestMs,
        growthBytes: p14b.growthBytes,
        chars: p14b.chars,
      },
    });
  }
}
const p15 = wanted('P15') ? readResult('P15') : undefined;
if (wanted('P15')) {
  if (!p15) missing.push('P15');
  else {
    figures.push({
      id: 'P15',
      what: `longest main-thread task while the search worker indexes ${p15.entries.toLocaleString('en')} stored entries (first search typed → results shown, ${ms(p15.indexMs)})`,
      baseline: 'n/a',
      baton: p15.longestTaskMs > 0 ? ms(p15.longestTaskMs) : 'none over 50 ms',
      ratio: 'n/a',
      target: 'longest task ≤ 50 ms',
      met: p15.longestTaskMs <= 50,
      values: { longestTaskMs: p15.longestTaskMs, indexMs: p15.indexMs, entries: p15.entries },
    });
  }
}

// P16: Baton's own time per MCP tool round trip, and the MCP chunks (bench/mcp.spec.ts).
const p16 = wanted('P16') ? readResult('P16') : undefined;
if (wanted('P16')) {
  if (!p16) missing.push('P16');
  else {
    const runs = p16.runs;
    const baton = median(runs.map((r) => r.baton.ms));
    const baseline = median(runs.map((r) => r.baseline.ms));
    const r = median(runs.map((r) => r.baton.ms / r.baseline.ms));
    const worst = Math.max(...runs.map((r) => r.baton.ms));
    const server = median(runs.map((r) => r.baton.serverMs));
    const toCall = median(runs.map((r) => r.baton.beforeCallMs));
    const toFollowUp = median(runs.map((r) => r.baton.afterCallMs));
    const bareToCall = median(runs.map((r) => r.baseline.beforeCallMs));
    const bareToFollowUp = median(runs.map((r) => r.baseline.afterCallMs));
    // Every script a start fetches only because a server is set up; the SDK's chunk among them.
    const mcpGzip = p16.chunks.reduce((sum, c) => sum + c.gzip, 0);
    const sdkGzip = p16.chunks.filter((c) => c.sdk).reduce((sum, c) => sum + c.gzip, 0);
    figures.push({
      id: 'P16',
      what: `MCP tool round trip, always allowed, test server on 127.0.0.1: the tool_use reply's last byte → the follow-up request's arrival, less the server's time (median of ${runs.length}); MCP chunks ${kb(mcpGzip)} gzip (the SDK's ${kb(sdkGzip)})`,
      baseline: `${ms(baseline)} (bare SDK stream, bare MCP client, bare fetch)`,
      baton: `${ms(baton)} (worst ${ms(worst)})`,
      ratio: ratio(r),
      target: 'median ≤ 15 ms',
      met: baton <= 15,
      values: { baton, baseline, ratio: r, worst, serverMs: server, mcpGzip, sdkGzip, reps: runs.length },
    });
    const { baton: batonPreflights, baseline: barePreflights } = p16.preflights;
    notes.push(
      `P16: the scripts a start fetches once an MCP server is set up, and not without one (gzip): ${p16.chunks.map((c) => `${c.file} ${kb(c.gzip)}${c.sdk ? ' (the SDK)' : c.baton ? '' : ' (no MCP module)'}`).join(', ')}. The server's own time per call ${ms(server)} (median), taken out of both sides. Baton's split (medians): reply's end → the call reaches the server ${ms(toCall)}, server's answer → follow-up ${ms(toFollowUp)} (the baseline's ${ms(bareToCall)} and ${ms(bareToFollowUp)}).${batonPreflights + barePreflights > 0 ? ` CORS preflights to the mock during the timed round trips: Baton ${batonPreflights}, baseline ${barePreflights}.` : ''}`,
    );
  }
}

// P17 and P17b: the workspace's listing and str_replace, on disk (bench/workspace.spec.ts).
const p17 = wanted('P17') ? readResult('P17') : undefined;
if (wanted('P17')) {
  if (!p17) missing.push('P17');
  else {
    const { files, fileBytes, bigBytes } = p17.size;
    const side = (key, name) => median(p17.runs.map((r) => r[key][name].ms));
    const pairRatio = (key) => median(p17.runs.map((r) => r[key].baton.ms / r[key].baseline.ms));
    const listing = {
      baton: side('listing', 'baton'),
      baseline: side('listing', 'baseline'),
      ratio: pairRatio('listing'),
    };
    const edit = {
      baton: side('edit', 'baton'),
      baseline: side('edit', 'baseline'),
      ratio: pairRatio('edit'),
    };
    const withContents = median(p17.runs.map((r) => r.listingWithContents.ms));
    figures.push({
      id: 'P17',
      what: `open the workspace listing (the file store's list, sorted by path): ${files.toLocaleString('en')} files of ${fileBytes / 1000} KB, on disk, browser restarted`,
      baseline: `${ms(listing.baseline)} (bare getAll of the same listing records)`,
      baton: ms(listing.baton),
      ratio: ratio(listing.ratio),
      target: 'median ≤ 100 ms',
      met: listing.baton <= 100,
      values: { ...listing, withContents, reps: p17.runs.length },
    });
    figures.push({
      id: 'P17b',
      what: `str_replace on a ${bigBytes / 1e6} MB file: read, replace, commit the text with its change record (stamps, feed), on disk, browser restarted (one small write made first)`,
      baseline: `${ms(edit.baseline)} (bare read and write-back of the file's two records)`,
      baton: ms(edit.baton),
      ratio: ratio(edit.ratio),
      target: 'median ≤ 20 ms',
      met: edit.baton <= 20,
      values: { ...edit, reps: p17.runs.length },
    });
    notes.push(
      `P17: the bare listing read with every file's contents (what one store of whole files would read) ${ms(withContents)}. P17 and P17b time the store operations the Files panel and the executor make (neither was merged when P17 was written).`,
    );
  }
}

// P18: sync through PouchDB Server, up and down, and one message's requests (bench/sync.spec.ts).
const p18 = wanted('P18') ? readResult('P18') : undefined;
if (wanted('P18')) {
  if (!p18) missing.push('P18');
  else {
    const { entries } = p18.size;
    const { up, down, bare, steady } = p18.run;
    const perSecond = (count, ms) => `${Math.round((count / ms) * 1000).toLocaleString('en')} entries/s`;
    const rate = (ms) => perSecond(entries, ms);
    figures.push({
      id: 'P18',
      what: `first sync of ${entries.toLocaleString('en')} entries up (Start sync → Synced: check, key, stamp, encrypt, push, first pull), on disk`,
      baseline: `${rate(bare.upMs)} (bare _bulk_docs of the same ${bare.docs.toLocaleString('en')} encrypted documents)`,
      baton: rate(up.ms),
      ratio: ratio(up.ms / bare.upMs),
      target: 'measured (issue 28 sets no ratio)',
      met: true,
      values: { upMs: up.ms, bareUpMs: bare.upMs },
    });
    figures.push({
      id: 'P18b',
      what: `first sync of ${entries.toLocaleString('en')} entries down to a new device (pull, decrypt, store), on disk`,
      baseline: `${rate(bare.downMs)} (bare _changes pages of the same documents)`,
      baton: rate(down.ms),
      ratio: ratio(down.ms / bare.downMs),
      target: 'measured (issue 28 sets no ratio)',
      met: true,
      values: { downMs: down.ms, bareDownMs: bare.downMs },
    });
    const { typing } = p18.run;
    figures.push({
      id: 'P18d',
      what: `per-key latency typing in the Message box while a new device pulls (its catch-up yields to typing: ${(typing.storedAtEnd - typing.storedAtStart).toLocaleString('en')} entries stored in the ${(typing.typingMs / 1000).toFixed(1)} s of typing, ${perSecond(typing.storedAtEnd - typing.storedAtStart, typing.typingMs)} against P18b's ${rate(down.ms)})`,
      baseline: `${ms(typing.idle.medianMs)} (the same typing once synced and idle; worst ${ms(typing.idle.worstMs)})`,
      baton: `${ms(typing.during.medianMs)} (worst ${ms(typing.during.worstMs)}, ${typing.during.longTasks} long tasks)`,
      ratio: ratio(typing.during.medianMs / typing.idle.medianMs),
      target: 'median ≤ 1.25× idle (P7 unchanged during a sync)',
      met: typing.during.medianMs <= typing.idle.medianMs * 1.25,
      values: typing,
    });
    const pushes = steady.sender['POST _bulk_docs'] ?? 0;
    const list = (counts) =>
      Object.entries(counts)
        .map(([endpoint, n]) => `${endpoint} ×${n}`)
        .join(', ');
    figures.push({
      id: 'P18c',
      what: 'requests the sending device makes to push one message and its reply, live (the reply is a second message)',
      baseline: '—',
      baton: `${pushes} _bulk_docs for 2 messages`,
      ratio: '—',
      target: 'at most 2 requests per message',
      met: pushes <= 2 * 2,
      values: steady,
    });
    notes.push(
      `P18: requests after one exchange, sender: ${list(steady.sender)}; receiver: ${list(steady.receiver)}. A live long-poll (_changes) ends at each change PouchDB Server reports and is sent again.`,
    );
  }
}

// P19: P3's cold start served by the app's service worker (bench/warmStart.spec.ts).
const p19 = wanted('P19') ? readResult('P19') : undefined;
if (wanted('P19')) {
  if (!p19) missing.push('P19');
  else {
    const runs = p19.runs;
    const baton = median(runs.map((r) => r.baton.ms));
    const baseline = median(runs.map((r) => r.baseline.ms));
    const plain = median(runs.map((r) => r.plain.ms));
    const r = median(runs.map((r) => r.baton.ms / r.baseline.ms));
    const againstPlain = median(runs.map((r) => r.baton.ms / r.plain.ms));
    figures.push({
      id: 'P19',
      what: `warm start from the service worker cache: page load → session list interactive, ${p19.sessions.toLocaleString('en')} sessions of 50 entries, the worker installed, on disk, browser restarted`,
      baseline: `${ms(baseline)} (P3's bare read, its page in the worker's scope, warm HTTP cache)`,
      baton: ms(baton),
      ratio: ratio(r),
      target: 'ratio ≤ 1.5 (as P3)',
      met: r <= 1.5,
      values: { baton, baseline, plain, ratio: r, againstPlain, reps: runs.length },
    });
    notes.push(
      `P19: the same start without a service worker (same data, P3's Baton side) ${ms(plain)}; with the worker ÷ without, ${ratio(againstPlain)} (median of the repetitions).`,
    );
  }
}

// By number, then P3 before P3a.
figures.sort(
  (a, b) =>
    Number.parseInt(a.id.slice(1), 10) - Number.parseInt(b.id.slice(1), 10) || a.id.localeCompare(b.id),
);

// --- Output --------------------------------------------------------------------------------

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  return [line(headers), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function markdownTable(headers, rows) {
  const escapeCell = (cell) => String(cell).replace(/\|/g, '\\|');
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(escapeCell).join(' | ')} |`),
  ].join('\n');
}

const chromiumVersion = [
  p1,
  p7,
  readResult('P2'),
  readResult('P3'),
  readResult('P4'),
  ...Object.values(hostileResults),
  p16,
].find((r) => r?.chromium)?.chromium;
const machine = {
  cpu: cpus()[0]?.model?.trim() ?? 'unknown',
  cores: cpus().length,
  memoryGB: Math.round(totalmem() / 1024 ** 3),
  os: `${type()} ${release()}`,
  node: process.version,
  chromium: chromiumVersion ?? 'unknown',
};
const date = new Date().toISOString();

console.log(
  `\n━━ Baton bench (${quick ? 'quick: tiny sizes, 1 repetition' : 'full: medians of the repetitions'})`,
);
console.log(
  `${date.slice(0, 10)} · ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGB} GB · Chromium ${machine.chromium} · Node ${machine.node}\n`,
);
const figureRows = figures.map((f) => [f.id, f.what, f.baseline, f.baton, f.ratio, f.target, yesNo(f.met)]);
console.log(table(['id', 'what', 'baseline (same run)', 'Baton', 'ratio', 'target', 'met'], figureRows));

/** The growth table's columns, for the console and README.md alike. */
const growthHeaders = [
  'id',
  'size',
  'database',
  'reps',
  'Baton',
  'baseline',
  'ratio',
  'cost ×',
  'data ×',
  'seeded in',
];
const seconds = (value) => `${(value / 1000).toFixed(1)} s`;
function growthRows() {
  return growth.map((g) => [
    g.id,
    `${g.size.toLocaleString('en')} ${g.unit}`,
    g.entries === undefined
      ? 'n/a'
      : `${g.entries.toLocaleString('en')} entries${g.large ? ' (shared)' : ''}`,
    g.reps,
    ms(g.baton),
    ms(g.baseline),
    ratio(g.ratio),
    g.costGrowth === undefined ? 'n/a' : `${g.costGrowth.toFixed(2)}×`,
    g.dataGrowth === undefined ? 'n/a' : `${g.dataGrowth}×`,
    g.seedMs === undefined ? 'n/a' : seconds(g.seedMs),
  ]);
}
const growthNote =
  'Medians, on disk. cost × and data × are against the smallest size; database is every entry in the profile measured, "shared" the large database P3 and P4 both read, seeded once; for P3a and P4a the baseline is P3 or P4 without attachments, same repetitions.';

if (growth.length > 0) {
  console.log(`\nGrowth with size (${growthNote}):\n`);
  console.log(table(growthHeaders, growthRows()));
}

if (p5 && p5Loaded) {
  console.log('\nP5 scripts fetched before the first interaction (ms after navigation, gzip):');
  for (const f of p5Loaded.loads.session) console.log(`  ${f.url}  ${Math.round(f.at)} ms  ${kb(f.gzip)}`);
  const fetched = new Set(p5Loaded.loads.session.map((f) => f.url.replace(/^\//, '')));
  const later = [...p5.app.files, ...p5.app.lazy].filter((f) => !fetched.has(f.file));
  console.log('P5 chunks not fetched until used (gzip):');
  if (later.length === 0) console.log('  (none)');
  for (const f of later) console.log(`  ${f.file}  ${kb(f.gzip)}`);
}

// How long the app kept IndexedDB busy (any transaction open or just finished) after
// loading a session, and after opening one: work that delays every write meanwhile.
const busy = [];
for (const s of readResult('P2')?.sizes ?? []) {
  const value = median(s.runs.map((r) => r.storageIdleAfterLoadMs));
  if (value !== undefined) busy.push(`P2 load of ${s.size.toLocaleString('en')} entries ${seconds(value)}`);
}
for (const s of readResult('P4')?.sizes ?? []) {
  const value = s.runs[0]?.storageIdleAfterClickMs;
  if (value !== undefined) {
    busy.push(`P4 open of ${sizeLabel(s.size, 'entries', s.entries, s.large)} ${seconds(value)}`);
  }
}
if (busy.length > 0) {
  notes.push(`IndexedDB busy after (from navigation start, or from the click): ${busy.join(', ')}.`);
}

for (const id of [
  'P1',
  'P2',
  'P3',
  'P3a',
  'P4',
  'P4a',
  ...HOSTILE_IDS,
  'P15',
  'P16',
  'P7',
  'P17',
  'P18',
  'P19',
]) {
  const errors = [];
  const result = readResult(id);
  errors.push(...(result?.pageErrors ?? []));
  for (const r of result?.runs ?? []) errors.push(...(r.pageErrors ?? []));
  for (const s of result?.sizes ?? []) errors.push(...(s.pageErrors ?? []));
  if (errors.length > 0) notes.push(`${id}: the page reported errors: ${[...new Set(errors)].join(' | ')}`);
}
if (!quick && growth.length > 0) {
  notes.push('The largest growth sizes and the large database run 3 repetitions instead of 5.');
}
if (process.env.BENCH_PROFILE) {
  notes.push(
    `BENCH_PROFILE=${process.env.BENCH_PROFILE}: that figure's first run was traced, which slows it.`,
  );
}
if (missing.length > 0) notes.push(`Not measured (the harness failed): ${[...new Set(missing)].join(', ')}.`);
if (notes.length > 0) console.log(`\n${notes.map((n) => `Note: ${n}`).join('\n')}`);

const output = {
  mode: quick ? 'quick' : 'full',
  only: only ? [...only] : undefined,
  date,
  machine,
  durationSeconds: Math.round((Date.now() - started) / 1000),
  figures: figures.map(({ id, what, baseline, baton, ratio, target, met, values }) => ({
    id,
    what,
    baseline,
    baton,
    ratio,
    target,
    met,
    values,
  })),
  growth,
  notes,
  raw: {
    P1: p1,
    P2: readResult('P2'),
    P3: readResult('P3'),
    P4: readResult('P4'),
    ...attachmentFigures,
    P5: p5 && { ...p5, loaded: p5Loaded },
    P7: p7,
    P9: p9,
    ...hostileResults,
    P14: p14,
    P14b: p14b,
    P15: p15,
    P16: p16,
    P17: p17,
    P18: p18,
    P19: p19,
  },
};
// A complete full run is the record (bench/results.json, beside README's table); quick,
// partial and profiling runs leave the work tree as it was.
const complete = !quick && !only && missing.length === 0 && playwrightOk && !process.env.BENCH_PROFILE;
const resultsFile = complete ? 'bench/results.json' : 'bench/.dist/results.json';
writeFileSync(join(root, resultsFile), `${JSON.stringify(output, null, 2)}\n`);
console.log(`\nWrote ${resultsFile}`);

// --- README (full, complete runs only) ---------------------------------------------------------

if (complete) {
  const readmePath = join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const startMarker = '<!-- bench:start -->';
  const endMarker = '<!-- bench:end -->';
  const from = readme.indexOf(startMarker);
  const to = readme.indexOf(endMarker);
  if (from === -1 || to < from) {
    console.log(`README.md has no ${startMarker} … ${endMarker} section; left as it is.`);
  } else {
    const section = [
      startMarker,
      '',
      `Latest full \`npm run bench\`: ${date.slice(0, 10)}, ${machine.cpu} (${machine.cores} cores, ${machine.memoryGB} GB), Chromium ${machine.chromium}. Medians; every figure in a persistent, disk-backed browser profile, the browser started afresh between seeding and measuring; each baseline is measured in the same run (see [bench/README.md](bench/README.md)).`,
      '',
      markdownTable(
        ['id', 'what', 'baseline', 'Baton', 'ratio', 'target', 'met'],
        figures.map((f) => [f.id, f.what, f.baseline, f.baton, f.ratio, f.target, yesNo(f.met)]),
      ),
      '',
      `Growth with size (${growthNote})`,
      '',
      markdownTable(growthHeaders, growthRows()),
      '',
      endMarker,
    ].join('\n');
    writeFileSync(readmePath, readme.slice(0, from) + section + readme.slice(to + endMarker.length));
    console.log('Updated the Performance section of README.md');
  }
}

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
if (missing.length > 0 || !playwrightOk) {
  console.error(`\nThe bench could not measure everything (${minutes} min): see the errors above.`);
  process.exit(1);
}
console.log(`\nDone in ${minutes} min.`);
