import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codeRuleBreaches, lineCount, moduleStateLines } from './check-code-rules.mjs';

describe('moduleStateLines', () => {
  it('finds top-level let, var and fillable collections, exported or not', () => {
    const source = [
      'let opening = null;',
      'export let wanted: string | undefined;',
      'var legacy = 1;',
      'const listeners = new Set<() => void>();',
      'export const byId: Map<string, number> = new Map();',
      'const pending = [];',
    ].join('\n');
    expect(moduleStateLines(source).map(({ line }) => line)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('leaves constants, WeakMap memos, nested declarations, comments and templates alone', () => {
    const source = [
      'const LIMIT = 3;',
      'const memo = new WeakMap<object, string>();',
      'const NONE: readonly string[] = [];',
      'export const EMPTY: ReadonlySet<string> = new Set();',
      'export function f() {',
      '  let count = 0;',
      '  const seen = new Set();',
      '  return count + seen.size;',
      '}',
      '/*',
      'let insideAComment = 1;',
      '*/',
      'const text = `',
      'let insideATemplate = 1;',
      '`;',
    ].join('\n');
    expect(moduleStateLines(source)).toEqual([]);
  });
});

describe('lineCount', () => {
  it('counts as wc -l does, a last line without its newline included', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
  });
});

describe('codeRuleBreaches', () => {
  let base;
  const write = (path, text) => {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  };
  const lines = (n) => 'x;\n'.repeat(n);
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('passes a tree that keeps every rule', () => {
    base = mkdtempSync(join(tmpdir(), 'rules-'));
    write('src/core/agentSession.ts', lines(249));
    write('src/ui/Big.tsx', lines(450));
    write('src/ui/Big.test.tsx', lines(2000));
    write('src/state/a.ts', lines(10));
    write('src/state/a.test.ts', lines(8));
    expect(codeRuleBreaches(base).breaches).toEqual([]);
  });

  it('names a long file, a facade at 250, module state and a thin test ratio', () => {
    base = mkdtempSync(join(tmpdir(), 'rules-'));
    write('src/core/agentSession.ts', lines(250));
    write('src/ui/Big.tsx', lines(451));
    write('src/state/a.ts', `let open = 1;\n${lines(9)}`);
    write('src/state/a.test.ts', lines(7));
    const { breaches, ratio } = codeRuleBreaches(base);
    expect(ratio).toBeCloseTo(0.7);
    expect(breaches).toEqual([
      'src/core/agentSession.ts: 250 lines, over 249',
      'src/ui/Big.tsx: 451 lines, over 450',
      'src/state/a.ts:1: module-level mutable state (let open = 1;)',
      'src/state: 7 test lines for 10 source lines (0.70), under 0.8',
    ]);
  });
});
