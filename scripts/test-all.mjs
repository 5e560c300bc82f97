/**
 * `npm test`: every check, in order, without stopping at the first failure, so one
 * run tells the whole story: typecheck, lint and format, the import-circle scan, the
 * code-shape rules (file lengths, no module state in src/state, its test ratio), the
 * initial JavaScript's size budget, unit
 * tests, end-to-end tests, and the bench in quick mode.
 * Ends with one plain `N passed, N failed` line that CI reads.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = 'test-results';
rmSync(`${root}/${results}/unit.json`, { force: true });
rmSync(`${root}/${results}/e2e.json`, { force: true });
mkdirSync(`${root}/${results}`, { recursive: true });

function run(label, command, args) {
  console.log(`\n━━ ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  return result.status === 0;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(`${root}/${path}`, 'utf8'));
  } catch {
    return undefined;
  }
}

let passed = 0;
let failed = 0;
const summary = [];

function count(label, ok, detail) {
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${label}${detail ? ` (${detail})` : ''}`);
}

/** The first lines of an error, ANSI colours stripped: enough to tell which check broke. */
function firstLines(text, lines = 6) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape starts colour codes.
  const plain = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .slice(0, lines)
    .map((line) => `       ${line}`);
}

/**
 * Names each failed test (and why) under its check, so the summary, which is what
 * CI shows last, says what broke even when the output above it is cut.
 */
function listFailures(failures) {
  for (const { title, error } of failures.slice(0, 10)) {
    summary.push(`     ✘ ${title}`, ...firstLines(error));
  }
  if (failures.length > 10) summary.push(`     … and ${failures.length - 10} more`);
}

/** Failed tests in vitest's JSON report. */
function unitFailures(report) {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => ({
        title: `${file.name.replace(`${root}`, '')} › ${test.fullName}`,
        error: test.failureMessages?.[0],
      })),
  );
}

/** Failed (or flaky) tests in Playwright's JSON report, walked through nested describes. */
function e2eFailures(suite, found = []) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'expected' || test.status === 'skipped') continue;
      const result = test.results?.find((r) => r.status !== 'passed') ?? test.results?.[0];
      found.push({
        title: `${spec.file}:${spec.line} › ${spec.title}`,
        error: result?.error?.message ?? result?.status,
      });
    }
  }
  for (const child of suite.suites ?? []) e2eFailures(child, found);
  return found;
}

// Typecheck, lint, the import-circle scan and the code rules count as one check each: either the tree
// is clean or it is not.
for (const [label, command, args] of [
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint and format', 'npx', ['biome', 'check', '.']],
  ['import circles', 'node', ['scripts/check-import-cycles.mjs']],
  ['code rules', 'node', ['scripts/check-code-rules.mjs']],
  // Builds the app: the JavaScript before the first interaction within its budget (issue 31).
  ['size budget', 'node', ['scripts/check-size-budget.mjs']],
]) {
  const ok = run(label, command, args);
  if (ok) passed++;
  else failed++;
  count(label, ok);
}

const unitOk = run('unit tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${results}/unit.json`,
]);
const unit = readJson(`${results}/unit.json`);
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests + (unitOk || unit.numFailedTests > 0 ? 0 : 1);
  count('unit tests', unitOk, `${unit.numPassedTests} passed, ${unit.numFailedTests} failed`);
  listFailures(unitFailures(unit));
} else {
  failed++;
  count('unit tests', false, 'no report');
}

const e2eOk = run('end-to-end tests', 'node', ['e2e/run.mjs']);
const e2e = existsSync(`${root}/${results}/e2e.json`) ? readJson(`${results}/e2e.json`) : undefined;
if (e2e?.stats) {
  const { expected = 0, unexpected = 0, flaky = 0 } = e2e.stats;
  passed += expected;
  // Retries are off, so flaky should be 0; if it ever is not, it is a failure.
  failed += unexpected + flaky + (e2eOk || unexpected + flaky > 0 ? 0 : 1);
  count('end-to-end tests', e2eOk, `${expected} passed, ${unexpected + flaky} failed`);
  listFailures((e2e.suites ?? []).flatMap((suite) => e2eFailures(suite)));
} else {
  failed++;
  count('end-to-end tests', false, 'no report');
}

// The bench in quick mode (tiny sizes, one repetition) keeps the harness working. It
// fails only if a figure could not be measured, never on a timing or a missed target.
const benchOk = run('bench (quick)', 'node', ['bench/run.mjs', '--quick']);
if (benchOk) passed++;
else failed++;
count('bench (quick)', benchOk);

console.log(`\n━━ summary\n${summary.join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
