/**
 * Confinement over generated command sequences: three trees share one store, and
 * whatever paths the commands carry (attack pieces included), the other trees' files and
 * history never change, and every path stored is in normal form inside its root.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FileRoot } from './fileStore';
import { FileTree } from './fileTree';
import { MemoryFileStore } from './memoryFileStore';
import { isWithin, MEMORY_DIR, normalizePath } from './workspacePaths';

const piece = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '',
    'memories',
    'a',
    'b.md',
    '%2e%2e',
    '\\..',
    '..\\',
    'workspace:other',
    '\u0000',
    '~',
  ),
  fc.string({ maxLength: 6 }),
);
const path = fc
  .tuple(fc.boolean(), fc.array(piece, { minLength: 1, maxLength: 5 }))
  .map(([absolute, pieces]) => `${absolute ? '/' : ''}${pieces.join('/')}`);
const memoryish = fc.oneof(
  path,
  path.map((p) => `/memories/${p}`),
);

const command = (paths: fc.Arbitrary<string>) =>
  fc.oneof(
    fc.record({ command: fc.constant('view'), path: paths }),
    fc.record({ command: fc.constant('create'), path: paths, file_text: fc.string({ maxLength: 12 }) }),
    fc.record({
      command: fc.constant('str_replace'),
      path: paths,
      old_str: fc.constantFrom('a', 'x'),
      new_str: fc.string({ maxLength: 4 }),
    }),
    fc.record({
      command: fc.constant('insert'),
      path: paths,
      insert_line: fc.integer({ min: -1, max: 3 }),
      insert_text: fc.string({ maxLength: 4 }),
    }),
    fc.record({ command: fc.constant('delete'), path: paths }),
    fc.record({ command: fc.constant('rename'), old_path: paths, new_path: paths }),
  );

const ROOTS: FileRoot[] = [
  { kind: 'workspace', id: 'mine' },
  { kind: 'workspace', id: 'other' },
  { kind: 'memory' },
];

async function seeded(): Promise<{ store: MemoryFileStore; trees: FileTree[] }> {
  const store = new MemoryFileStore();
  const trees = ROOTS.map((root) => new FileTree({ store, root }));
  const origin = { tool: 't', callId: 'seed', sessionId: 's' };
  for (const tree of trees) {
    const base = tree.root.kind === 'memory' ? MEMORY_DIR : '';
    await tree.runCommand({ command: 'create', path: `${base}/a/b.md`, file_text: 'a\nx\n' }, origin);
    await tree.runCommand({ command: 'create', path: `${base}/b.md`, file_text: 'keep' }, origin);
  }
  return { store, trees };
}

async function snapshot(tree: FileTree) {
  const files = await tree.list();
  const bodies = await Promise.all(files.map((meta) => tree.read(meta.path)));
  return { files, bodies: bodies.map((file) => file?.body), history: await tree.history() };
}

describe('confinement: commands never reach another root', () => {
  for (const [index, target] of ROOTS.entries()) {
    it(`over generated commands on ${target.kind === 'memory' ? 'memory' : `workspace ${target.id}`}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(command(target.kind === 'memory' ? memoryish : path), { maxLength: 8 }),
          async (commands) => {
            const { trees } = await seeded();
            const tree = trees[index];
            if (!tree) throw new Error('no tree');
            const others = trees.filter((other) => other !== tree);
            const before = await Promise.all(others.map(snapshot));
            for (const [i, input] of commands.entries()) {
              const result = await tree.runCommand(input, { tool: 't', callId: `c${i}`, sessionId: 's' });
              expect(typeof result.content).toBe('string');
            }
            expect(await Promise.all(others.map(snapshot))).toEqual(before);
            const scope = target.kind === 'memory' ? 'memory' : 'workspace';
            for (const meta of await tree.list()) {
              expect(meta.root).toBe(tree.key);
              expect(normalizePath(meta.path, scope)).toEqual({ ok: true, path: meta.path });
              if (scope === 'memory') expect(isWithin(meta.path, MEMORY_DIR)).toBe(true);
            }
            for (const change of await tree.history()) expect(change.root).toBe(tree.key);
          },
        ),
        { numRuns: 150 },
      );
    });
  }
});
