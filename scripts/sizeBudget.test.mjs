import { describe, expect, it } from 'vitest';
import {
  chunkOfModule,
  gzipSize,
  modulesBySize,
  report,
  scriptsOfPage,
  shortName,
  staticClosure,
} from './sizeBudget.mjs';

const chunk = (imports, modules = {}) => ({ imports, modules, code: '' });

describe('scriptsOfPage', () => {
  it('lists the module scripts and modulepreloads, not plain scripts, styles or other links', () => {
    const html = [
      '<script type="module" crossorigin src="./assets/index-a.js"></script>',
      '<script src="./legacy.js"></script>',
      '<link rel="modulepreload" crossorigin href="./assets/main-b.js">',
      '<link rel="stylesheet" href="./assets/main-c.css">',
      '<link rel="manifest" href="./manifest.webmanifest">',
      '<link rel="modulepreload" href="/assets/abs-d.js">',
    ].join('\n');
    expect(scriptsOfPage(html)).toEqual(['assets/index-a.js', 'assets/main-b.js', 'assets/abs-d.js']);
  });
});

describe('staticClosure', () => {
  it('follows static imports transitively, once each, and leaves chunks only imported dynamically out', () => {
    const chunks = new Map([
      ['entry.js', chunk(['react.js', 'store.js'])],
      ['react.js', chunk([])],
      ['store.js', chunk(['react.js', 'idb.js'])],
      ['idb.js', chunk([])],
      ['settings.js', chunk(['react.js'])],
    ]);
    expect(staticClosure(['entry.js'], chunks)).toEqual(['entry.js', 'react.js', 'store.js', 'idb.js']);
  });

  it('skips names that are not chunks of the build', () => {
    expect(staticClosure(['missing.js'], new Map())).toEqual([]);
  });
});

describe('chunkOfModule', () => {
  it('finds the chunk holding a module by the end of its path', () => {
    const chunks = new Map([
      ['main.js', chunk([], { '/repo/src/ui/App.tsx': { renderedLength: 10, code: 'x' } })],
      ['md.js', chunk([], { '/repo/src/ui/markdown/markdownChunk.ts': { renderedLength: 10, code: 'y' } })],
    ]);
    expect(chunkOfModule('src/ui/markdown/markdownChunk.ts', chunks)).toBe('md.js');
    expect(chunkOfModule('src/nowhere.ts', chunks)).toBeUndefined();
  });
});

describe('modulesBySize', () => {
  it('lists the modules of the given chunks only, largest first, dropping those tree-shaken away', () => {
    const chunks = new Map([
      [
        'main.js',
        chunk([], {
          '/repo/src/small.ts': { renderedLength: 5, code: 'a=1;' },
          '/repo/node_modules/react/index.js': { renderedLength: 50, code: 'x'.repeat(50) },
          '/repo/src/gone.ts': { renderedLength: 0, code: null },
        }),
      ],
      ['lazy.js', chunk([], { '/repo/src/lazy.ts': { renderedLength: 500, code: 'z' } })],
    ]);
    const rows = modulesBySize(['main.js'], chunks, '/repo');
    expect(rows.map((row) => [row.module, row.rendered])).toEqual([
      ['react/index.js', 50],
      ['src/small.ts', 5],
    ]);
    expect(rows[0]?.gzip).toBe(gzipSize('x'.repeat(50)));
  });
});

describe('shortName', () => {
  it('makes ids relative to the project and strips the virtual-module marker', () => {
    expect(shortName('/repo/src/a.ts', '/repo')).toBe('src/a.ts');
    expect(shortName('/repo/node_modules/@tanstack/virtual-core/dist/esm/index.js', '/repo')).toBe(
      '@tanstack/virtual-core/dist/esm/index.js',
    );
    expect(shortName('\0vite/preload-helper.js', '/repo')).toBe('vite/preload-helper.js');
  });
});

describe('gzipSize and report', () => {
  it('measures gzip at level 9 and states the figure against the budget in KB of 1,000 bytes', () => {
    const text = 'abc'.repeat(1000);
    expect(gzipSize(text)).toBeLessThan(text.length);
    const lines = report({
      files: [{ fileName: 'assets/index.js', gzip: 121_400 }],
      total: 121_400,
      budget: 120_000,
      modules: [{ module: 'react-dom.js', chunk: 'assets/index.js', rendered: 5000, gzip: 1500 }],
    });
    expect(lines[0]).toContain('121.4 KB against 120.0 KB');
    expect(lines.some((line) => line.includes('react-dom.js') && line.includes('1.5 KB'))).toBe(true);
  });
});
