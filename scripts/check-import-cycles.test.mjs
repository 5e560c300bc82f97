import { describe, expect, it } from 'vitest';
import { findCycles, importGraph, importsOf } from './check-import-cycles.mjs';

const OPEN = '${';
const specifiers = (source) => importsOf(source).map(({ specifier, kind }) => `${kind} ${specifier}`);

describe('importsOf', () => {
  it('finds every form of import, type-only ones included', () => {
    const source = [
      "import a from './a';",
      "import { b, type B } from './b';",
      "import type { C } from './c';",
      "import * as d from './d';",
      "import e, { f } from './e';",
      "import './side-effect.css';",
      "export { g } from './g';",
      "export type { H } from './h';",
      "export * from './i';",
      "export * as j from './j';",
      "const k = await import('./k');",
      "type L = typeof import('./l');",
      'import {\n  m,\n  n,\n} from "./mn";',
    ].join('\n');
    expect(specifiers(source)).toEqual([
      'import ./a',
      'import ./b',
      'import ./c',
      'import ./d',
      'import ./e',
      'import ./mn',
      'import ./side-effect.css',
      'export ./g',
      'export ./h',
      'export ./i',
      'export ./j',
      'dynamic ./k',
      'dynamic ./l',
    ]);
  });

  it('ignores imports written in comments, strings, templates and regular expressions', () => {
    const source = [
      "// import a from './a';",
      "/* import b from './b'; */",
      'const c = "import c from \'./c\'";',
      // `${` spelt apart: a placeholder inside a plain string reads as a mistake to the linter.
      `const d = \`import d from './d' ${OPEN}'x'}\`;`,
      "const e = /import e from '.\\/e'/;",
      "import real from './real';",
    ].join('\n');
    expect(specifiers(source)).toEqual(['import ./real']);
  });

  it('keeps reading after a template with nested expressions', () => {
    const source = `const t = \`a ${OPEN}f({ x: \`b ${OPEN}1}\` })} c\`;\nimport after from './after';`;
    expect(specifiers(source)).toEqual(['import ./after']);
  });
});

describe('findCycles', () => {
  const graphOf = (files) => importGraph(Object.keys(files), (path) => files[path]);

  it('reports a circle made only of type imports', () => {
    const graph = graphOf({
      '/r/a.ts': "import type { B } from './b';",
      '/r/b.ts': "import type { A } from './a';",
      '/r/c.ts': "import { a } from './a';",
    });
    expect(findCycles(graph)).toEqual([['/r/a.ts', '/r/b.ts']]);
  });

  it('resolves extensions, index files and parent folders, and reports a longer circle once', () => {
    const graph = graphOf({
      '/r/x/index.ts': "export * from '../y.tsx';",
      '/r/y.tsx': "import { z } from './z/deep.js';",
      '/r/z/deep.ts': "import { x } from '../x';",
    });
    expect(findCycles(graph)).toEqual([['/r/x/index.ts', '/r/y.tsx', '/r/z/deep.ts']]);
  });

  it('finds none where imports only point one way, packages and self-imports aside', () => {
    const graph = graphOf({
      '/r/a.ts': "import { b } from './b';\nimport react from 'react';\nimport { a } from './a';",
      '/r/b.ts': "import { c } from './c';",
      '/r/c.ts': "import { readFileSync } from 'node:fs';",
    });
    expect(findCycles(graph)).toEqual([]);
  });
});
