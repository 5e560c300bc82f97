/**
 * Paths: the normal form, each refusal with its sentence, and (over generated paths,
 * attack pieces included) that nothing normalised ever leaves its root.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILE_LIMITS } from './fileStore';
import {
  ancestorsOf,
  baseName,
  isWithin,
  MEMORY_DIR,
  movedPath,
  normalizePath,
  parentOf,
} from './workspacePaths';

const ok = (path: string) => ({ ok: true, path });

describe('normalizePath: the normal form', () => {
  it('reads a path relative to the root, with or without its leading slash', () => {
    expect(normalizePath('notes.md', 'workspace')).toEqual(ok('/notes.md'));
    expect(normalizePath('/notes.md', 'workspace')).toEqual(ok('/notes.md'));
    expect(normalizePath('src/app/main.ts', 'workspace')).toEqual(ok('/src/app/main.ts'));
  });

  it('drops `.` segments, repeated and trailing slashes', () => {
    expect(normalizePath('./src//app/./main.ts', 'workspace')).toEqual(ok('/src/app/main.ts'));
    expect(normalizePath('src/', 'workspace')).toEqual(ok('/src'));
    expect(normalizePath('/', 'workspace')).toEqual(ok('/'));
    expect(normalizePath('.', 'workspace')).toEqual(ok('/'));
  });

  it('keeps names that only look special: `...`, `%2e%2e`, spaces, unicode', () => {
    expect(normalizePath('a/.../b', 'workspace')).toEqual(ok('/a/.../b'));
    expect(normalizePath('%2e%2e/%2e%2e/etc', 'workspace')).toEqual(ok('/%2e%2e/%2e%2e/etc'));
    expect(normalizePath('my notes/résumé.md', 'workspace')).toEqual(ok('/my notes/résumé.md'));
  });

  it('takes memory paths under /memories only, /memories itself included', () => {
    expect(normalizePath('/memories', 'memory')).toEqual(ok('/memories'));
    expect(normalizePath('/memories/notes.md', 'memory')).toEqual(ok('/memories/notes.md'));
    expect(normalizePath('memories/a/b.md', 'memory')).toEqual(ok('/memories/a/b.md'));
    const outside = 'Memory paths must lie under /memories, as /memories/notes.md does.';
    for (const path of ['/notes.md', '/', '/memoriesx/a', '/memories-old', 'etc/passwd'])
      expect(normalizePath(path, 'memory')).toEqual({ ok: false, error: outside });
  });
});

describe('normalizePath: what is refused', () => {
  const refused = (path: unknown) => {
    const result = normalizePath(path, 'workspace');
    if (result.ok) throw new Error(`${String(path)} was accepted as ${result.path}`);
    return result.error;
  };

  it('refuses `..` anywhere, never resolving it', () => {
    const error = 'The path contains "..", which is not allowed: paths stay inside their root.';
    for (const path of ['..', '../x', 'a/../b', 'a/b/..', '/memories/../../secrets.env', 'a/./../b'])
      expect(refused(path)).toBe(error);
    expect(normalizePath('/memories/../etc', 'memory')).toEqual({ ok: false, error });
  });

  it('refuses backslashes, NUL and control characters', () => {
    expect(refused('a\\b')).toBe('The path contains a backslash; use / to separate folders.');
    expect(refused('..\\..\\etc')).toBe('The path contains a backslash; use / to separate folders.');
    const control = 'The path contains a control character (such as NUL), which no name may.';
    for (const path of ['a\u0000b', 'a\nb', 'tab\there', 'del\u007f', 'c1\u0085'])
      expect(refused(path)).toBe(control);
  });

  it('refuses what is not a path: not a string, empty, spaces', () => {
    expect(refused(undefined)).toBe('The path must be a string.');
    expect(refused(42)).toBe('The path must be a string.');
    expect(refused('')).toBe('The path is empty.');
    expect(refused('   ')).toBe('The path is empty.');
  });

  it('refuses a name over 255 characters and a path over 1,024', () => {
    expect(normalizePath(`a/${'n'.repeat(FILE_LIMITS.segmentChars)}`, 'workspace').ok).toBe(true);
    expect(refused(`a/${'n'.repeat(FILE_LIMITS.segmentChars + 1)}`)).toBe(
      'A name in the path is longer than 255 characters.',
    );
    const long = Array.from({ length: 6 }, () => 'x'.repeat(200)).join('/');
    expect(refused(long)).toBe('The path is longer than 1,024 characters.');
  });
});

describe('path helpers', () => {
  it('knows parents, ancestors, base names and moves', () => {
    expect(parentOf('/a/b/c.md')).toBe('/a/b');
    expect(parentOf('/a')).toBe('/');
    expect(ancestorsOf('/a/b/c.md')).toEqual(['/a/b', '/a', '/']);
    expect(baseName('/a/b/c.md')).toBe('c.md');
    expect(movedPath('/m/a/x.md', '/m/a', '/m/b')).toBe('/m/b/x.md');
    expect(isWithin('/memories/a', MEMORY_DIR)).toBe(true);
    expect(isWithin('/memoriesx', MEMORY_DIR)).toBe(false);
  });
});

/** Path pieces an attacker (or a confused model) would try, mixed with ordinary names. */
const piece = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '',
    '...',
    'memories',
    'a',
    'notes.md',
    '%2e%2e',
    '..%2f',
    '\\..',
    'C:',
    '~',
    '/',
  ),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
);
const rawPath = fc
  .tuple(fc.boolean(), fc.array(piece, { maxLength: 8 }))
  .map(([absolute, pieces]) => `${absolute ? '/' : ''}${pieces.join('/')}`);

describe('normalizePath over generated paths', () => {
  it('never yields a path that can leave its root', () => {
    fc.assert(
      fc.property(rawPath, fc.constantFrom('workspace' as const, 'memory' as const), (raw, scope) => {
        const result = normalizePath(raw, scope);
        if (!result.ok) return;
        const { path } = result;
        expect(path.startsWith('/')).toBe(true);
        const names = path.split('/').slice(1);
        // The root itself is '/', the one path with an empty name.
        if (path !== '/') for (const name of names) expect(['', '.', '..']).not.toContain(name);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
        expect(path).not.toMatch(/[\\\u0000-\u001f\u007f-\u009f]/);
        expect(path.length).toBeLessThanOrEqual(FILE_LIMITS.pathChars);
        if (scope === 'memory') expect(isWithin(path, MEMORY_DIR)).toBe(true);
        // Normal form is a fixed point: normalising again changes nothing.
        expect(normalizePath(path, scope)).toEqual(result);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses every path with a `..` segment', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 5 }), fc.array(piece, { maxLength: 5 }), (before, after) => {
        const raw = [...before, '..', ...after].join('/');
        expect(normalizePath(raw, 'workspace').ok).toBe(false);
        expect(normalizePath(`/memories/${raw}`, 'memory').ok).toBe(false);
      }),
    );
  });
});
